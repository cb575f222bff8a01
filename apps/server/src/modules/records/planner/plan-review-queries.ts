import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Run } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import {
  assignmentStudents,
  busRoutes,
  drivers,
  planProposals,
  routeAssignments,
  routeRuns,
  routeStops,
  schools,
  stops,
  students,
  studentStops,
  users,
  vehicles,
} from '../../../db/schema/index.js';
import { accessChanged } from '../../../lib/access-changes.js';

/**
 * The SQL of reviewing and accepting a plan: the chosen vehicles' assignments and routes as they are, where each
 * child rides now, and the writes of acceptance that the stops and assignments modules do not already have.
 */

export async function schoolOfProposal(db: Executor, schoolId: string) {
  const [row] = await db
    .select({ id: schools.id, name: schools.name, lat: schools.lat, lng: schools.lng })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row;
}

/** The proposal, locked against a second acceptance until this transaction ends. */
export async function lockProposal(tx: Executor, id: string) {
  const [row] = await tx.select().from(planProposals).where(eq(planProposals.id, id)).for('update');
  return row;
}

export async function markAccepted(tx: Executor, id: string, acceptedAt: Date, acceptedBy: string) {
  await tx.update(planProposals).set({ acceptedAt, acceptedBy }).where(eq(planProposals.id, id));
}

/**
 * The assignments of these vehicles, locked for update: their seats and routes are rewritten by acceptance, and
 * a seat change or reassignment made meanwhile waits for it. Locked in id order, so two acceptances cannot
 * deadlock.
 */
export async function lockAssignmentsOfVehicles(tx: Executor, vehicleIds: readonly string[]) {
  if (vehicleIds.length === 0) return;
  await tx
    .select({ id: routeAssignments.id })
    .from(routeAssignments)
    .where(inArray(routeAssignments.vehicleId, [...vehicleIds]))
    .orderBy(asc(routeAssignments.id))
    .for('update');
}

/**
 * These vehicles (those that exist) with their assignment, route and driver, if any. `lock`: the vehicles are
 * share-locked, so a capacity cannot shrink under the seats being written.
 */
export async function vehiclesWithAssignments(db: Executor, vehicleIds: readonly string[], lock = false) {
  if (vehicleIds.length === 0) return [];
  const query = db
    .select({
      vehicleId: vehicles.id,
      licensePlate: vehicles.licensePlate,
      capacity: vehicles.capacity,
      assignmentId: routeAssignments.id,
      routeId: busRoutes.id,
      routeName: busRoutes.name,
      driverName: users.name,
    })
    .from(vehicles)
    .leftJoin(routeAssignments, eq(routeAssignments.vehicleId, vehicles.id))
    .leftJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId))
    .leftJoin(drivers, eq(drivers.id, routeAssignments.driverId))
    .leftJoin(users, eq(users.id, drivers.userId))
    .where(inArray(vehicles.id, [...vehicleIds]));
  return lock ? query.for('share', { of: vehicles }) : query;
}
export type VehicleAssignment = Awaited<ReturnType<typeof vehiclesWithAssignments>>[number];

/** The children seated on these assignments. */
export async function seatedOnAssignments(db: Executor, assignmentIds: readonly string[]) {
  if (assignmentIds.length === 0) return [];
  return db
    .select({ studentId: assignmentStudents.studentId, assignmentId: assignmentStudents.assignmentId })
    .from(assignmentStudents)
    .where(inArray(assignmentStudents.assignmentId, [...assignmentIds]));
}

/**
 * These children (those that exist) with their pickup point and where they ride now: the assignment and route
 * they are seated on and the stop they wait at in the morning. `lock`: key-share locked, so none can be deleted
 * before the seats and stops written for them commit.
 */
export async function childPlacements(db: Executor, studentIds: readonly string[], lock = false) {
  if (studentIds.length === 0) return [];
  const query = db
    .select({
      id: students.id,
      name: students.name,
      lat: students.pickupAndDropLat,
      lng: students.pickupAndDropLng,
      address: students.pickupDropAddress,
      assignmentId: assignmentStudents.assignmentId,
      routeName: busRoutes.name,
      pickupStopId: studentStops.stopId,
      pickupStopName: stops.name,
    })
    .from(students)
    .leftJoin(assignmentStudents, eq(assignmentStudents.studentId, students.id))
    .leftJoin(routeAssignments, eq(routeAssignments.id, assignmentStudents.assignmentId))
    .leftJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId))
    .leftJoin(studentStops, and(eq(studentStops.studentId, students.id), eq(studentStops.run, 'PICKUP')))
    .leftJoin(stops, eq(stops.id, studentStops.stopId))
    .where(inArray(students.id, [...studentIds]));
  return lock ? query.for('key share', { of: students }) : query;
}
export type ChildPlacement = Awaited<ReturnType<typeof childPlacements>>[number];

/** Of these stops, the ones that exist, with their names. */
export async function stopNames(db: Executor, stopIds: readonly string[]) {
  if (stopIds.length === 0) return [];
  return db
    .select({ id: stops.id, name: stops.name })
    .from(stops)
    .where(inArray(stops.id, [...stopIds]));
}

/** The morning run's stops of these routes in order, each with its time (HH:MM; null: the run has no start). */
export async function morningStopsOfRoutes(db: Executor, routeIds: readonly string[]) {
  if (routeIds.length === 0) return [];
  return db
    .select({
      routeId: routeStops.routeId,
      stopId: stops.id,
      name: stops.name,
      lat: stops.lat,
      lng: stops.lng,
      time: sql<
        string | null
      >`to_char(${routeRuns.startTime} + ${routeStops.minutesAfterStart} * interval '1 minute', 'HH24:MI')`,
    })
    .from(routeStops)
    .innerJoin(stops, eq(stops.id, routeStops.stopId))
    .leftJoin(routeRuns, and(eq(routeRuns.routeId, routeStops.routeId), eq(routeRuns.run, routeStops.run)))
    .where(and(inArray(routeStops.routeId, [...routeIds]), eq(routeStops.run, 'PICKUP')))
    .orderBy(asc(routeStops.routeId), asc(routeStops.position));
}

/** New stops, in one statement; answers their ids in the order given. */
export async function insertStops(
  tx: Executor,
  values: ReadonlyArray<{ name: string; lat: number; lng: number; address: string | null }>,
): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await tx
    .insert(stops)
    .values([...values])
    .returning({ id: stops.id });
  return rows.map((row) => row.id);
}

/** The children leave any assignment but this one (a child rides with one at most). */
export async function unseatElsewhere(tx: Executor, studentIds: readonly string[], assignmentId: string) {
  if (studentIds.length === 0) return;
  accessChanged();
  await tx
    .delete(assignmentStudents)
    .where(
      and(
        inArray(assignmentStudents.studentId, [...studentIds]),
        ne(assignmentStudents.assignmentId, assignmentId),
      ),
    );
}

/** Each child's stop for the run, set in one statement (replacing the one they had). */
export async function setStops(
  tx: Executor,
  run: Run,
  ties: ReadonlyArray<{ studentId: string; stopId: string }>,
): Promise<void> {
  if (ties.length === 0) return;
  await tx
    .insert(studentStops)
    .values(ties.map((tie) => ({ ...tie, run })))
    .onConflictDoUpdate({
      target: [studentStops.studentId, studentStops.run],
      set: { stopId: sql.raw(`excluded.${studentStops.stopId.name}`) },
    });
}

/** These children wait at no stop any more, on either run. */
export async function untie(tx: Executor, studentIds: readonly string[]): Promise<void> {
  if (studentIds.length === 0) return;
  await tx.delete(studentStops).where(inArray(studentStops.studentId, [...studentIds]));
}
