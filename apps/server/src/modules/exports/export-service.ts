import type { TripHistoryQuery } from '@school-transport/shared';
import type { Database } from '../../db/client.js';
import type { CsvColumn } from '../../lib/csv.js';
import { tripHistoryBatch, type TripHistoryKey, type TripHistoryRow } from './export-queries.js';

/** Rows read per statement: enough to keep round trips few, small enough that memory stays flat. */
const BATCH = 1_000;

/** One page of a list as its own `get-all` answers it; `failure` is the answer to hand back as it is. */
export type PageReader = (
  page: number,
) => Promise<
  { rows: Record<string, unknown>[]; pageSize: number } | { failure: { status: number; body: unknown } }
>;

/**
 * Every row of a list, page after page through the list's own `get-all` (its search, filters, order and answer
 * schema, written once there). Pages are pulled only as the CSV is consumed; a client that goes away ends it.
 */
export async function* listRows(readPage: PageReader, first: Record<string, unknown>[], pageSize: number) {
  let rows = first;
  for (let page = 1; ; page += 1) {
    yield* rows;
    if (rows.length < pageSize) return;
    const next = await readPage(page + 1);
    if ('failure' in next)
      throw new Error(`page ${page + 1} of an export failed with ${next.failure.status}`);
    rows = next.rows;
  }
}

/** The trip history of a date range, read in keyset batches. */
export async function* tripHistoryRows(
  db: Database,
  range: TripHistoryQuery,
): AsyncGenerator<TripHistoryRow> {
  let after: TripHistoryKey | undefined;
  for (;;) {
    const batch = await tripHistoryBatch(db, range, after, BATCH);
    yield* batch;
    if (batch.length < BATCH) return;
    const last = batch[batch.length - 1]!;
    after = {
      tripDate: last.tripDate,
      tripId: last.tripId,
      occurredAt: last.occurredAt,
      eventId: last.eventId,
    };
  }
}

const zoned = (timeZone: string) => (instant: Date | null) =>
  instant
    ? new Intl.DateTimeFormat('sv-SE', {
        timeZone,
        dateStyle: 'short',
        timeStyle: 'medium',
      }).format(instant)
    : null;

/** The trip history's columns; times in the operator's time zone, as the screens show them. */
export function tripHistoryColumns(timeZone: string): CsvColumn<TripHistoryRow>[] {
  const local = zoned(timeZone);
  return [
    { header: 'Date', value: (row) => row.tripDate },
    { header: 'Trip', value: (row) => row.tripType },
    { header: 'Route', value: (row) => row.routeName },
    { header: 'Driver', value: (row) => row.driverName },
    { header: 'Vehicle', value: (row) => row.vehiclePlate },
    { header: 'Trip status', value: (row) => row.status },
    { header: 'Started', value: (row) => local(row.startedAt) },
    { header: 'Completed', value: (row) => local(row.completedAt) },
    { header: 'Scan time', value: (row) => local(row.occurredAt) },
    { header: 'Event', value: (row) => row.kind },
    { header: 'Child', value: (row) => row.studentName },
    { header: 'Stop', value: (row) => row.stopName },
    { header: 'Latitude', value: (row) => row.lat },
    { header: 'Longitude', value: (row) => row.lng },
    { header: 'Method', value: (row) => row.method },
    { header: 'Flag', value: (row) => row.flag },
    { header: 'Trip id', value: (row) => row.tripId },
  ];
}
