import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AlertKind } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { alerts, students, trips, users, vehiclePositions } from '../../../db/schema/index.js';

/** The SQL of alerts (rules in alert-service.ts and alert-checks.ts). */

export interface AlertInput {
  kind: AlertKind;
  /** One alert per cause: for example `WRONG_BUS:<trip>:<child>` or `LATE:<trip>`. */
  cause: string;
  tripId: string | null;
  studentId?: string | null;
  /** Says what happened without naming the child (their name is read from their record when shown). */
  message: string;
  raisedAt: Date;
}

/**
 * Raises each alert whose cause has none yet (insert … on conflict do nothing), in the caller's transaction, so
 * checks that run on every API process, or twice, raise it once. Answers the ids of the alerts it raised.
 */
export async function raiseAlerts(
  tx: Executor,
  inputs: AlertInput[],
): Promise<{ id: string; cause: string }[]> {
  const raised: { id: string; cause: string }[] = [];
  for (let start = 0; start < inputs.length; start += RAISE_BATCH) {
    const batch = inputs.slice(start, start + RAISE_BATCH);
    raised.push(
      ...(await tx
        .insert(alerts)
        .values(batch.map((input) => ({ ...input, studentId: input.studentId ?? null })))
        .onConflictDoNothing({ target: alerts.cause })
        .returning({ id: alerts.id, cause: alerts.cause })),
    );
  }
  return raised;
}

/**
 * Alerts per insert. A check over a whole operator's day can raise thousands at once (16k late trips on a
 * generated 1M-child day), and one statement carries at most 65,535 parameters: 6 a row.
 */
const RAISE_BATCH = 1_000;

/**
 * An alert as it is shown: the route's name from its trip, the child's name from their record (null once the
 * child is deleted: the foreign key clears the id), who acknowledged it by the name kept at the time.
 */
const shown = {
  id: alerts.id,
  kind: alerts.kind,
  tripId: alerts.tripId,
  routeName: trips.routeName,
  studentId: alerts.studentId,
  studentName: students.name,
  message: alerts.message,
  raisedAt: alerts.raisedAt,
  acknowledgedAt: alerts.acknowledgedAt,
  acknowledgedBy: alerts.acknowledgedByName,
};
function shownAlerts(db: Executor, where: SQL | undefined) {
  return db
    .select(shown)
    .from(alerts)
    .leftJoin(trips, eq(trips.id, alerts.tripId))
    .leftJoin(students, eq(students.id, alerts.studentId))
    .where(where)
    .orderBy(desc(alerts.raisedAt), desc(alerts.id));
}

export function alertsByIds(db: Executor, ids: string[]) {
  return ids.length ? shownAlerts(db, inArray(alerts.id, ids)) : Promise.resolve([]);
}

/** Unacknowledged alerts and, with `raisedSince`, the ones acknowledged that were raised since then; newest first. */
export function listAlerts(db: Executor, raisedSince: Date | null) {
  const open = isNull(alerts.acknowledgedAt);
  return shownAlerts(db, raisedSince ? or(open, gte(alerts.raisedAt, raisedSince)) : open);
}

/** The alert, its row locked until the transaction ends, so two people acknowledging it at once queue. */
export async function lockAlert(tx: Executor, id: string) {
  const [row] = await tx.select().from(alerts).where(eq(alerts.id, id)).for('update');
  return row;
}

/** Marks the alert seen by `userId`, keeping their name as it is now (the alert still says who after they go). */
export async function acknowledgeAlert(tx: Executor, id: string, userId: string, at: Date): Promise<void> {
  await tx
    .update(alerts)
    .set({
      acknowledgedAt: at,
      acknowledgedBy: userId,
      acknowledgedByName: sql`(select ${users.name} from ${users} where ${users.id} = ${userId})`,
    })
    .where(eq(alerts.id, id));
}

/**
 * STARTED trips of `dates` the office has heard nothing from since `silentSince`: the fix the bus recorded last was
 * received before it, or, with none, the trip started before it. The latest fix is found along vehicle_positions'
 * (trip, recorded time) index, one probe per trip; its received time decides, the server's own clock, so a phone
 * whose clock runs behind is not taken for silent, and an outbox delivering old fixes late does not count as news.
 * Only trips of `dates` (today and yesterday, for a run past midnight), read along trips' date index: a trip left
 * STARTED for days was alerted about back then.
 */
export function silentStartedTrips(db: Executor, dates: string[], silentSince: Date) {
  // Columns named with their tables: Drizzle leaves them bare in a one-table query, ambiguous in a sub-select.
  const lastHeard = sql`coalesce(
    (select vp.received_at from ${vehiclePositions} vp where vp.trip_id = ${trips}.id
      order by vp.recorded_at desc limit 1),
    ${trips}.started_at)`;
  return db
    .select({ id: trips.id, routeName: trips.routeName, type: trips.type })
    .from(trips)
    .where(
      and(
        inArray(trips.tripDate, dates),
        eq(trips.status, 'STARTED'),
        sql`${lastHeard} < ${silentSince.toISOString()}::timestamptz`,
      ),
    );
}

/**
 * `date`'s PENDING trips that were planned to start before `plannedBefore`, the delay the office marked counted in
 * (decision 056): a run the office said is 20 minutes late is not overdue until those 20 minutes have passed.
 */
export function overdueTrips(db: Executor, date: string, plannedBefore: Date) {
  return db
    .select({
      id: trips.id,
      routeName: trips.routeName,
      type: trips.type,
      plannedStartAt: trips.plannedStartAt,
    })
    .from(trips)
    .where(
      and(
        eq(trips.tripDate, date),
        eq(trips.status, 'PENDING'),
        lt(trips.plannedStartAt, plannedBefore),
        sql`${trips.plannedStartAt} + coalesce(${trips.delayMinutes}, 0) * interval '1 minute' < ${plannedBefore.toISOString()}::timestamptz`,
      ),
    );
}
