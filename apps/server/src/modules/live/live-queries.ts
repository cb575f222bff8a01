import { asc, gt, lt, max, min } from 'drizzle-orm';
import type { LiveEventType } from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import { liveEvents } from '../../db/schema/index.js';

/** The SQL of the live stream's log (rules in live-hub.ts and live-log.ts). */

export interface LiveEventInsert {
  type: LiveEventType;
  tripId: string | null;
  driverUserId: string | null;
  payload: unknown;
}

export async function insertLiveEvents(tx: Executor, rows: LiveEventInsert[]): Promise<void> {
  if (rows.length) await tx.insert(liveEvents).values(rows);
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
  const rows = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .returning({ id: liveEvents.id });
  return rows.length;
}
