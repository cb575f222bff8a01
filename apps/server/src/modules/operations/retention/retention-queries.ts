import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  absences,
  childChecks,
  complianceOverrides,
  inspectionDefects,
  inspections,
  notificationOutbox,
  ridershipEvents,
  sessions,
  trips,
  vehiclePositions,
} from '../../../db/schema/index.js';

/** The SQL of the retention job (rules in retention-job.ts). Each answers how many rows it removed. */

/** Counted in the database: a year of events is many rows, which need not come back to be counted. */
async function countDeleted(db: Executor, statement: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

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

/**
 * Sessions that ended (revoked, or past their absolute expiry) before `before`: their client address and user agent
 * go with them. A live session is never removed, however old; one ended by idleness goes once its expiry passes.
 */
export function pruneEndedSessions(db: Executor, before: Date): Promise<number> {
  const at = instant(before);
  return countDeleted(
    db,
    sql`delete from ${sessions}
        where (${sessions.revokedAt} is not null and ${sessions.revokedAt} < ${at}) or ${sessions.expiresAt} < ${at}`,
  );
}

/**
 * Blanks the free text people typed about a day older than the cutoff (the day it is about, or when it was
 * written): absence reasons, why a driver finished early or the office cancelled, delayed or handed over a run, a child check's reason, inspection notes (in the
 * inspection's items and on closed defects; an open defect keeps its note), override reasons (kept as '': the
 * column is required). Only rows still holding text are touched, so a run does no more than the day's new work.
 * `keep` is a reason the server writes itself (the school calendar's cancellation), which names no one.
 * Answers how many rows were blanked.
 */
export async function blankOldReasons(
  db: Executor,
  { beforeDay, before, keep }: { beforeDay: string; before: Date; keep: string },
): Promise<number> {
  const at = instant(before);
  const counts = [
    await countDeleted(
      db,
      sql`update ${absences} set reason = null
          where ${absences.reason} is not null and ${absences.date} < ${beforeDay}`,
    ),
    await countDeleted(
      db,
      sql`update ${trips} set finish_reason = null
          where ${trips.finishReason} is not null and ${trips.finishReason} <> ${keep}
            and ${trips.tripDate} < ${beforeDay}`,
    ),
    await countDeleted(
      db,
      sql`update ${trips} set delay_reason = null
          where ${trips.delayReason} is not null and ${trips.tripDate} < ${beforeDay}`,
    ),
    await countDeleted(
      db,
      sql`update ${childChecks} set reason = null
          where ${childChecks.reason} is not null and ${childChecks.checkedAt} < ${at}`,
    ),
    await countDeleted(
      db,
      sql`update ${inspections}
          set items = (select jsonb_agg(item || '{"note": null}'::jsonb order by position)
                       from jsonb_array_elements(${inspections.items}) with ordinality as e(item, position))
          where ${inspections.inspectedOn} < ${beforeDay}
            and jsonb_path_exists(${inspections.items}, '$[*] ? (@.note != null)')`,
    ),
    await countDeleted(
      db,
      sql`update ${inspectionDefects} set note = null, close_note = null
          where ${inspectionDefects.closedAt} < ${at}
            and (${inspectionDefects.note} is not null or ${inspectionDefects.closeNote} is not null)`,
    ),
    await countDeleted(
      db,
      sql`update ${complianceOverrides} set reason = ''
          where ${complianceOverrides.reason} <> '' and ${complianceOverrides.createdAt} < ${at}`,
    ),
  ];
  return counts.reduce((sum, count) => sum + count, 0);
}
