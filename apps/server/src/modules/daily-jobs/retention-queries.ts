import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notificationOutbox, ridershipEvents, vehiclePositions } from '../../db/schema/index.js';

/** The SQL of the retention job (rules in retention-job.ts). Each answers how many rows it removed. */

/** Counted in the database: a year of events is many rows, which need not come back to be counted. */
async function countDeleted(db: Executor, statement: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

export function pruneRidershipEvents(db: Executor, before: Date): Promise<number> {
  return countDeleted(
    db,
    sql`delete from ${ridershipEvents} where ${ridershipEvents.occurredAt} < ${before.toISOString()}::timestamptz`,
  );
}

export function prunePositions(db: Executor, before: Date): Promise<number> {
  return countDeleted(
    db,
    sql`delete from ${vehiclePositions} where ${vehiclePositions.recordedAt} < ${before.toISOString()}::timestamptz`,
  );
}

/** Notifications done with (sent or given up) before `before`; unsent ones stay, whatever their age. */
export function pruneFinishedNotifications(db: Executor, before: Date): Promise<number> {
  const at = sql`${before.toISOString()}::timestamptz`;
  return countDeleted(
    db,
    sql`delete from ${notificationOutbox}
        where (${notificationOutbox.sentAt} is not null and ${notificationOutbox.sentAt} < ${at})
           or (${notificationOutbox.givenUpAt} is not null and ${notificationOutbox.givenUpAt} < ${at})`,
  );
}
