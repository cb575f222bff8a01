import { asc, gt, max, min, sql } from 'drizzle-orm';
import type { LiveEventType } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { liveEvents } from '../../../db/schema/index.js';

/** The SQL of the live stream's log (rules in live-hub.ts and live-log.ts). */

export interface LiveEventInsert {
  type: LiveEventType;
  tripId: string | null;
  driverUserId: string | null;
  payload: unknown;
}

/**
 * The rows travel as one JSON parameter, in id order of the array: a VALUES list binds four parameters a row, which
 * PGlite parses slowly (50 rows: 2.1 → 1.1 ms; 500 rows: 15.9 → 6.2 ms) and PostgreSQL caps at 65,535.
 */
export async function insertLiveEvents(tx: Executor, rows: LiveEventInsert[]): Promise<void> {
  if (!rows.length) return;
  await tx.execute(sql`
    insert into ${liveEvents} (type, trip_id, driver_user_id, payload)
    select x.type::live_event_type, x."tripId", x."driverUserId", x.payload
    from json_to_recordset(${JSON.stringify(rows.map((row, ord) => ({ ord, ...row })))}::json)
      as x(ord int, type text, "tripId" uuid, "driverUserId" uuid, payload jsonb)
    order by x.ord`);
}

export type LiveEventRow = Pick<
  typeof liveEvents.$inferSelect,
  'id' | 'type' | 'tripId' | 'driverUserId' | 'payload'
>;

const columns = {
  id: liveEvents.id,
  type: liveEvents.type,
  tripId: liveEvents.tripId,
  driverUserId: liveEvents.driverUserId,
  payload: liveEvents.payload,
};

/** Up to `limit` events after `afterId`, oldest first. */
export function liveEventsAfter(db: Executor, afterId: number, limit: number): Promise<LiveEventRow[]> {
  return db
    .select(columns)
    .from(liveEvents)
    .where(gt(liveEvents.id, afterId))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** The newest event's id, 0 for an empty log. */
export async function latestLiveEventId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: max(liveEvents.id) }).from(liveEvents);
  return row?.id ?? 0;
}

/** The oldest event's id still kept, null for an empty log. */
export async function oldestLiveEventId(db: Executor): Promise<number | null> {
  const [row] = await db.select({ id: min(liveEvents.id) }).from(liveEvents);
  return row?.id ?? null;
}

/** Forgets events older than `before`; answers how many. */
export async function pruneLiveEvents(db: Executor, before: Date): Promise<number> {
  // Counted in the database: a day of positions is many rows, which need not come back to be counted.
  const result = await db.execute<{ n: number }>(sql`
    with gone as (delete from ${liveEvents} where ${liveEvents.createdAt} < ${before.toISOString()}::timestamptz returning 1)
    select count(*)::int as n from gone`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}
