import { and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { studentIsActive } from '../../../db/active-records.js';
import type { Executor } from '../../../db/client.js';
import { childrenOfGuardian } from '../../records/families/index.js';
import { parentProfileColumns } from '../../platform/accounts/index.js';
import {
  absences,
  assignmentStudents,
  notificationPreferences,
  parents,
  pushSubscriptions,
  ridershipEvents,
  routeAssignments,
  routeRuns,
  routeStops,
  stops,
  students,
  studentStops,
  combinedRuns,
  trips,
  tripStops,
  users,
} from '../../../db/schema/index.js';

/**
 * The SQL of the parent portal (rules in parent-portal-service.ts). Every read starts from the parent's own record
 * or is given ids the service has already checked belong to it: no statement here takes an id from a request alone.
 */

export type PortalTripRow = typeof trips.$inferSelect;

const joinedTrip = alias(trips, 'joined_trip');

/** The parent record of a signed-in parent user, or undefined (a parent user whose record was removed). */
export async function parentOfUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: parents.id, userId: parents.userId })
    .from(parents)
    .where(eq(parents.userId, userId));
  return row;
}

/**
 * The children the parent is a guardian of (decision 064), in the order they were enrolled, each saying whether they
 * are active (Today lists only those; a deactivated child's history stays readable: decision 076).
 */
export function childrenOf(db: Executor, parentId: string) {
  return db
    .select({
      id: students.id,
      name: students.name,
      profileImage: students.profileImage,
      active: sql<boolean>`${studentIsActive}`,
    })
    .from(students)
    .where(inArray(students.id, childrenOfGuardian(db, parentId)))
    .orderBy(asc(students.createdAt), asc(students.id));
}
export type ChildRow = Awaited<ReturnType<typeof childrenOf>>[number];

/** Where each child sits now: their assignment and its route, with the day the seat was given. */
export function seatsOf(db: Executor, studentIds: string[]) {
  return db
    .select({
      studentId: assignmentStudents.studentId,
      assignmentId: assignmentStudents.assignmentId,
      routeId: routeAssignments.routeId,
      seatedAt: assignmentStudents.createdAt,
    })
    .from(assignmentStudents)
    .innerJoin(routeAssignments, eq(routeAssignments.id, assignmentStudents.assignmentId))
    .where(inArray(assignmentStudents.studentId, studentIds));
}

/**
 * The trips of `from`..`to` that carry any of the children: those of the assignments they sit in (`assignmentIds`),
 * and any trip on which one of them has a ridership event (a child who rode another bus, or sat elsewhere then).
 */
export function tripsCarrying(
  db: Executor,
  studentIds: string[],
  assignmentIds: string[],
  from: string,
  to: string,
) {
  const rode = db
    .selectDistinct({ tripId: ridershipEvents.tripId })
    .from(ridershipEvents)
    .where(inArray(ridershipEvents.studentId, studentIds));
  // The trips that the seats' runs ride with when combined into another (decision 061).
  const hosting = db
    .select({ tripId: combinedRuns.hostTripId })
    .from(combinedRuns)
    .innerJoin(joinedTrip, eq(joinedTrip.id, combinedRuns.joinedTripId))
    .where(assignmentIds.length ? inArray(joinedTrip.assignmentId, assignmentIds) : sql`false`);
  return db
    .select()
    .from(trips)
    .where(
      and(
        gte(trips.tripDate, from),
        lte(trips.tripDate, to),
        or(
          assignmentIds.length ? inArray(trips.assignmentId, assignmentIds) : sql`false`,
          inArray(trips.id, rode),
          inArray(trips.id, hosting),
        ),
      ),
    )
    .orderBy(desc(trips.tripDate), asc(trips.type));
}

/** Which of these trips ride with another (joined trip → host trip), combined runs (decision 061). */
export async function hostsOfTrips(db: Executor, tripIds: string[]): Promise<Map<string, string>> {
  if (!tripIds.length) return new Map();
  const rows = await db
    .select({ joinedTripId: combinedRuns.joinedTripId, hostTripId: combinedRuns.hostTripId })
    .from(combinedRuns)
    .where(inArray(combinedRuns.joinedTripId, tripIds));
  return new Map(rows.map((row) => [row.joinedTripId, row.hostTripId]));
}

/** One trip, for a check of whom it carries. */
export async function tripById(db: Executor, tripId: string): Promise<PortalTripRow | undefined> {
  const [row] = await db.select().from(trips).where(eq(trips.id, tripId));
  return row;
}

/** The children's ridership events on these trips, in the order they happened. */
export function eventsOfChildrenOn(db: Executor, studentIds: string[], tripIds: string[]) {
  if (!studentIds.length || !tripIds.length) return Promise.resolve([]);
  return db
    .select({
      eventId: ridershipEvents.eventId,
      tripId: ridershipEvents.tripId,
      studentId: ridershipEvents.studentId,
      kind: ridershipEvents.kind,
      occurredAt: ridershipEvents.occurredAt,
      lat: ridershipEvents.lat,
      lng: ridershipEvents.lng,
      receivedBy: ridershipEvents.receivedBy,
      receivedByName: ridershipEvents.receivedByName,
      receivedByRelation: ridershipEvents.receivedByRelation,
    })
    .from(ridershipEvents)
    .where(and(inArray(ridershipEvents.studentId, studentIds), inArray(ridershipEvents.tripId, tripIds)))
    .orderBy(asc(ridershipEvents.occurredAt), asc(ridershipEvents.eventId));
}
export type ChildEventRow = Awaited<ReturnType<typeof eventsOfChildrenOn>>[number];

/** The stop each child is tied to per run (no row: none chosen). */
export function childStops(db: Executor, studentIds: string[]) {
  return db
    .select({
      studentId: studentStops.studentId,
      run: studentStops.run,
      stopId: stops.id,
      name: stops.name,
      lat: stops.lat,
      lng: stops.lng,
    })
    .from(studentStops)
    .innerJoin(stops, eq(stops.id, studentStops.stopId))
    .where(inArray(studentStops.studentId, studentIds));
}

/** The stops of these trips, in order (names and coordinates for moments; planned times for the cut-off). */
export function stopsOfTrips(db: Executor, tripIds: string[]) {
  if (!tripIds.length) return Promise.resolve([]);
  return db
    .select({
      tripId: tripStops.tripId,
      position: tripStops.position,
      stopId: tripStops.stopId,
      name: tripStops.name,
      lat: tripStops.lat,
      lng: tripStops.lng,
      plannedAt: tripStops.plannedAt,
      arrivedAt: tripStops.arrivedAt,
    })
    .from(tripStops)
    .where(inArray(tripStops.tripId, tripIds))
    .orderBy(asc(tripStops.tripId), asc(tripStops.position));
}
export type PortalTripStopRow = Awaited<ReturnType<typeof stopsOfTrips>>[number];

/**
 * A run's planned wall-clock time at each of its stops, from the route's schedule: what a day without a generated
 * trip yet is planned to be ('HH:MM:SS' start and the minutes after it).
 */
export function scheduledStopTimes(db: Executor, routeIds: string[]) {
  if (!routeIds.length) return Promise.resolve([]);
  return db
    .select({
      routeId: routeStops.routeId,
      run: routeStops.run,
      stopId: routeStops.stopId,
      startTime: routeRuns.startTime,
      minutesAfterStart: routeStops.minutesAfterStart,
    })
    .from(routeStops)
    .innerJoin(routeRuns, and(eq(routeRuns.routeId, routeStops.routeId), eq(routeRuns.run, routeStops.run)))
    .where(inArray(routeStops.routeId, routeIds));
}

/** The children's absences on the dates from..to. */
export function absencesOfChildren(db: Executor, studentIds: string[], from: string, to: string) {
  if (!studentIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(absences)
    .where(and(inArray(absences.studentId, studentIds), gte(absences.date, from), lte(absences.date, to)));
}

export async function absenceById(db: Executor, id: string) {
  const [row] = await db.select().from(absences).where(eq(absences.id, id));
  return row;
}

/** Everything kept about a family, for its download: the parent's own records first. */
export async function familyRecords(db: Executor, parentId: string) {
  const [parent] = await db
    .select({
      ...parentProfileColumns,
      hasProfileImage: sql<boolean>`${parents.profileImage} is not null`,
      createdAt: parents.createdAt,
      userId: users.id,
    })
    .from(parents)
    .innerJoin(users, eq(users.id, parents.userId))
    .where(eq(parents.id, parentId));
  const children = await db
    .select({
      id: students.id,
      name: students.name,
      class: students.class,
      rollNo: students.rollNo,
      nfcTagId: students.nfcTagId,
      pickupLat: students.pickupAndDropLat,
      pickupLng: students.pickupAndDropLng,
      pickupAddress: students.pickupDropAddress,
      hasProfileImage: sql<boolean>`${students.profileImage} is not null`,
      createdAt: students.createdAt,
    })
    .from(students)
    .where(inArray(students.id, childrenOfGuardian(db, parentId)))
    .orderBy(asc(students.createdAt), asc(students.id));
  const ids = children.map((child) => child.id);
  const [childAbsences, events, preferences, subscriptions] = await Promise.all([
    ids.length
      ? db
          .select({
            studentId: absences.studentId,
            date: absences.date,
            run: absences.run,
            reason: absences.reason,
            by: absences.createdByEmail,
            createdBy: absences.createdBy,
            createdAt: absences.createdAt,
          })
          .from(absences)
          .where(inArray(absences.studentId, ids))
          .orderBy(asc(absences.date), asc(absences.run))
      : [],
    ids.length
      ? db
          .select({
            studentId: ridershipEvents.studentId,
            tripId: ridershipEvents.tripId,
            kind: ridershipEvents.kind,
            method: ridershipEvents.method,
            occurredAt: ridershipEvents.occurredAt,
            lat: ridershipEvents.lat,
            lng: ridershipEvents.lng,
          })
          .from(ridershipEvents)
          .where(inArray(ridershipEvents.studentId, ids))
          .orderBy(asc(ridershipEvents.occurredAt), asc(ridershipEvents.eventId))
      : [],
    parent
      ? db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, parent.userId))
      : [],
    parent
      ? db
          .select({
            endpoint: pushSubscriptions.endpoint,
            label: pushSubscriptions.label,
            createdAt: pushSubscriptions.createdAt,
          })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, parent.userId))
      : [],
  ]);
  return { parent, children, absences: childAbsences, events, preferences: preferences[0], subscriptions };
}
