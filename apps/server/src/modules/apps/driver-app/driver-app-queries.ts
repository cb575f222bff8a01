import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Run } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import {
  assignmentStudents,
  fieldTripChildren,
  fieldTrips,
  stops,
  studentStops,
  trips,
  tripStops,
} from '../../../db/schema/index.js';
import { drivenBy } from '../../operations/trips/index.js';

/** The SQL of the driver app's trips (rules in driver-app-service.ts). */

export type TripRow = typeof trips.$inferSelect;

/** The trips the signed-in user drives (the rule is trips' drivenBy). */
const ownedBy = (_db: Executor, userId: string) => drivenBy(userId);

/**
 * A column of the outer `trips` named with its table: Drizzle leaves names bare in a one-table query, and in a
 * correlated sub-select a bare name would be read as the inner table's column of that name.
 */
const outer = (column: typeof trips.id | typeof trips.assignmentId | typeof trips.fieldTripId) =>
  sql`${trips}.${sql.identifier(column.name)}`;

/**
 * The user's trips of `date`, in the order they run: by planned start (unscheduled last), the morning run before
 * the afternoon's (trip_type's order), then as they were made. Counts are correlated sub-selects on the
 * (trip, position) and (assignment, student) keys, a handful of rows each.
 */
export function tripsOfDriverOn(db: Executor, userId: string, date: string) {
  return db
    .select({
      ...getTableColumns(trips),
      stopCount: sql<number>`(select count(*)::int from ${tripStops} where ${tripStops.tripId} = ${outer(trips.id)})`,
      // A field trip's bus carries its group, as a count (decision 073); a run, its assignment's children.
      // With children attached (decision 078), how many are on the list.
      riderCount: sql<number>`coalesce(
        (select nullif(count(*)::int, 0) from ${fieldTripChildren} where ${fieldTripChildren.fieldTripId} = ${outer(trips.fieldTripId)}),
        (select ${fieldTrips.pupils} from ${fieldTrips} where ${fieldTrips.id} = ${outer(trips.fieldTripId)}),
        (select count(*)::int from ${assignmentStudents} where ${assignmentStudents.assignmentId} = ${outer(trips.assignmentId)}))`,
    })
    .from(trips)
    .where(and(ownedBy(db, userId), eq(trips.tripDate, date)))
    .orderBy(
      sql`${trips.plannedStartAt} asc nulls last`,
      asc(trips.type),
      asc(trips.createdAt),
      asc(trips.id),
    );
}

/** The trip if the user drives it; with `lock`, its row stays locked until the transaction ends. */
export async function tripOfDriver(
  db: Executor,
  userId: string,
  tripId: string,
  lock = false,
): Promise<TripRow | undefined> {
  const query = db
    .select()
    .from(trips)
    .where(and(eq(trips.id, tripId), ownedBy(db, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export function stopsOfTrip(db: Executor, tripId: string) {
  return db.select().from(tripStops).where(eq(tripStops.tripId, tripId)).orderBy(asc(tripStops.position));
}

/** The note and photo file of each of these stops (a deleted stop has none). */
export async function notesOfStops(
  db: Executor,
  stopIds: string[],
): Promise<Map<string, { note: string | null; profileImage: string | null }>> {
  if (!stopIds.length) return new Map();
  const rows = await db
    .select({ id: stops.id, note: stops.note, profileImage: stops.profileImage })
    .from(stops)
    .where(inArray(stops.id, stopIds));
  return new Map(rows.map(({ id, ...notes }) => [id, notes]));
}

/** Whether the trip has a stop copied from this stop. */
export async function tripPassesStop(db: Executor, tripId: string, stopId: string): Promise<boolean> {
  const [row] = await db
    .select({ position: tripStops.position })
    .from(tripStops)
    .where(and(eq(tripStops.tripId, tripId), eq(tripStops.stopId, stopId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Where each of `studentIds` gets on (PICKUP) or off (DROP) on this trip: the position of the trip stop copied from
 * the stop the child is tied to for the run. A child tied to no stop, or to one the trip does not have, is absent.
 */
export async function riderStopPositions(
  db: Executor,
  tripId: string,
  run: Run,
  studentIds: string[],
): Promise<Map<string, number>> {
  if (!studentIds.length) return new Map();
  const rows = await db
    .select({ studentId: studentStops.studentId, position: tripStops.position })
    .from(studentStops)
    .innerJoin(tripStops, and(eq(tripStops.tripId, tripId), eq(tripStops.stopId, studentStops.stopId)))
    .where(and(eq(studentStops.run, run), inArray(studentStops.studentId, studentIds)));
  return new Map(rows.map((row) => [row.studentId, row.position]));
}
