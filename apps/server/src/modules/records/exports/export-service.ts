import type { TripHistoryQuery } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { CsvColumn } from '../../../lib/csv.js';
import { tripHistoryBatch, type TripHistoryKey, type TripHistoryRow } from './export-queries.js';

/** Rows read per statement: enough to keep round trips few, small enough that memory stays flat. */
const BATCH = 1_000;

/** One page of a list as its own `get-all` answers it, with the cursor of the page after it if the list gave one. */
export interface ListPage {
  rows: Record<string, unknown>[];
  pageSize: number;
  /** Where the next page starts (keyset paging, decision 040); absent from a list paged by number only. */
  next?: string;
  /** Whether the answer carried cursors at all: a list paged by key sends one from its second page on. */
  keyed: boolean;
}

/**
 * Reads page `page` of a list, from `cursor` (the previous page's `next`) when there is one, else by number;
 * `failure` is the answer to hand back as it is.
 */
export type PageReader = (
  page: number,
  cursor?: string,
) => Promise<ListPage | { failure: { status: number; body: unknown } }>;

/**
 * Every row of a list, page after page through the list's own `get-all` (its search, filters, order and answer
 * schema, written once there). Pages are pulled only as the CSV is consumed; a client that goes away ends it.
 *
 * Each page after the first is asked for with the cursor the page before it gave (decision 045): read along the
 * order's index from that row on, it costs what the first page does however deep it is, where a page by number
 * counts past every row before it. A list that gives no cursors (the staff, trips in their own order) is read by
 * number to its first short page. A list paged by key that gives no next cursor has said its last page was shown.
 */
export async function* listRows(readPage: PageReader, first: ListPage) {
  let current = first;
  let keyed = first.keyed;
  for (let page = 1; ; page += 1) {
    yield* current.rows;
    if (current.rows.length < current.pageSize || (keyed && !current.next)) return;
    const next = await readPage(page + 1, current.next);
    if ('failure' in next)
      throw new Error(`page ${page + 1} of an export failed with ${next.failure.status}`);
    current = next;
    keyed ||= next.keyed;
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
