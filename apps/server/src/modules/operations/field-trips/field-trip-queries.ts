import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  busRoutes,
  covers,
  credentialKinds,
  credentials,
  depot,
  drivers,
  fieldTripChildren,
  fieldTripNotices,
  fieldTripRates,
  fieldTrips,
  routeAssignments,
  routeRuns,
  routeStops,
  schools,
  students,
  trips,
  users,
  vehiclePositions,
  vehicles,
} from '../../../db/schema/index.js';
import { childrenOf } from '../family-messages/index.js';

/** The SQL of field trips (rules in field-trip-service.ts, decision 073). */

export type FieldTripRow = typeof fieldTrips.$inferSelect;

const withSchool = {
  trip: fieldTrips,
  schoolName: schools.name,
  schoolAddress: schools.address,
  schoolLat: schools.lat,
  schoolLng: schools.lng,
};

export function fieldTripsWhere(db: Executor, where: SQL | undefined) {
  return db
    .select(withSchool)
    .from(fieldTrips)
    .innerJoin(schools, eq(schools.id, fieldTrips.schoolId))
    .where(where)
    .orderBy(asc(fieldTrips.departAt), asc(fieldTrips.id));
}
export type FieldTripWithSchool = Awaited<ReturnType<typeof fieldTripsWhere>>[number];

export const fieldTripsMeeting = (q: { dateFrom?: string; dateTo?: string; state?: FieldTripRow['state'] }) =>
  and(
    q.dateFrom ? gte(fieldTrips.tripDate, q.dateFrom) : undefined,
    q.dateTo ? lte(fieldTrips.tripDate, q.dateTo) : undefined,
    q.state ? eq(fieldTrips.state, q.state) : undefined,
  );

export const fieldTripById = (id: string) => eq(fieldTrips.id, id);

/** The field trip locked, so its state moves one at a time. */
export async function lockFieldTrip(tx: Executor, id: string) {
  const [row] = await tx
    .select(withSchool)
    .from(fieldTrips)
    .innerJoin(schools, eq(schools.id, fieldTrips.schoolId))
    .where(eq(fieldTrips.id, id))
    .for('update', { of: fieldTrips });
  return row;
}

export async function schoolOf(db: Executor, id: string) {
  const [row] = await db.select().from(schools).where(eq(schools.id, id));
  return row;
}

export async function insertFieldTrip(tx: Executor, values: typeof fieldTrips.$inferInsert) {
  const [row] = await tx.insert(fieldTrips).values(values).returning();
  return row!;
}

export async function updateFieldTrip(
  tx: Executor,
  id: string,
  values: Partial<typeof fieldTrips.$inferInsert>,
) {
  await tx
    .update(fieldTrips)
    .set({ ...values, updatedAt: sql`clock_timestamp()` })
    .where(eq(fieldTrips.id, id));
}

/** The buses of field trips: their trips with who drives what. */
export function busesOf(db: Executor, fieldTripIds: string[]) {
  if (!fieldTripIds.length) return Promise.resolve([]);
  return db
    .select({
      fieldTripId: trips.fieldTripId,
      tripId: trips.id,
      status: trips.status,
      driverId: trips.driverId,
      driverName: trips.driverName,
      vehicleId: trips.vehicleId,
      vehiclePlate: trips.vehiclePlate,
      vehicleType: vehicles.type,
      startedAt: trips.startedAt,
      completedAt: trips.completedAt,
      positions: sql<number>`(select count(*)::int from ${vehiclePositions}
        where ${vehiclePositions.tripId} = ${trips}.${sql.identifier(trips.id.name)})`,
    })
    .from(trips)
    .leftJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .where(inArray(trips.fieldTripId, fieldTripIds))
    .orderBy(asc(trips.createdAt), asc(trips.id));
}
export type BusRow = Awaited<ReturnType<typeof busesOf>>[number];

export async function insertBusTrips(tx: Executor, rows: (typeof trips.$inferInsert)[]) {
  return tx.insert(trips).values(rows).returning({ id: trips.id });
}

/** Cancels a field trip's buses that have not started; answers their ids. */
export async function cancelPendingBuses(tx: Executor, fieldTripId: string, reason: string, at: Date) {
  const rows = await tx
    .update(trips)
    .set({ status: 'CANCELLED', cancelledAt: at, finishReason: reason, updatedAt: at })
    .where(and(eq(trips.fieldTripId, fieldTripId), eq(trips.status, 'PENDING')))
    .returning({ id: trips.id });
  return rows.map((row) => row.id);
}

/** The active drivers (with a user) and every vehicle: the pickers' candidates. */
export function allDrivers(db: Executor) {
  return db
    .select({ id: drivers.id, name: users.name })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .orderBy(asc(users.name), asc(drivers.id));
}

export function allVehicles(db: Executor) {
  return db
    .select({
      id: vehicles.id,
      licensePlate: vehicles.licensePlate,
      type: vehicles.type,
      capacity: vehicles.capacity,
      wheelchairPlaces: vehicles.wheelchairPlaces,
    })
    .from(vehicles)
    .orderBy(asc(vehicles.licensePlate));
}

export async function vehiclesByIds(db: Executor, ids: string[]) {
  return (await allVehicles(db)).filter((row) => ids.includes(row.id));
}

/**
 * Every regular run's schedule with who drives it and with what on `date`: the assignment's driver and vehicle,
 * or the cover's substitute for that day and run (decision 054). The run's start time and its last stop's minutes
 * (its span); runs of a route without a schedule have no times and are not listed.
 */
export async function runsOn(db: Executor, date: string) {
  const lastMinutes = sql<number>`coalesce((select max(${routeStops.minutesAfterStart}) from ${routeStops}
    where ${routeStops.routeId} = ${routeRuns.routeId} and ${routeStops.run} = ${routeRuns.run}), 0)`;
  return db
    .select({
      routeName: busRoutes.name,
      run: routeRuns.run,
      startTime: sql<string>`${routeRuns.startTime}::text`,
      lastMinutes,
      driverId: sql<string>`coalesce(${covers.driverId}, ${routeAssignments.driverId})`,
      vehicleId: sql<string>`coalesce(${covers.vehicleId}, ${routeAssignments.vehicleId})`,
      covered: sql<boolean>`${covers.id} is not null`,
    })
    .from(routeAssignments)
    .innerJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId))
    .innerJoin(routeRuns, eq(routeRuns.routeId, routeAssignments.routeId))
    .leftJoin(
      covers,
      and(
        eq(covers.assignmentId, routeAssignments.id),
        lte(covers.firstDate, date),
        gte(covers.lastDate, date),
        sql`(${covers.run} is null or ${covers.run} = ${routeRuns.run})`,
      ),
    );
}
export type RunOnDay = Awaited<ReturnType<typeof runsOn>>[number];

/** Other field trips' buses on `date` (not cancelled) with their busy span, depot to depot. */
export function fieldTripBusesOn(db: Executor, date: string, except: string | null) {
  return db
    .select({
      fieldTripId: fieldTrips.id,
      destinationName: fieldTrips.destinationName,
      driverId: trips.driverId,
      driverName: trips.driverName,
      vehicleId: trips.vehicleId,
      departAt: fieldTrips.departAt,
      returnAt: fieldTrips.returnAt,
      busyFrom: fieldTrips.busyFrom,
      busyTo: fieldTrips.busyTo,
    })
    .from(trips)
    .innerJoin(fieldTrips, eq(fieldTrips.id, trips.fieldTripId))
    .where(
      and(
        eq(fieldTrips.tripDate, date),
        ne(trips.status, 'CANCELLED'),
        except ? ne(fieldTrips.id, except) : undefined,
      ),
    );
}

/** Blocking credentials expired by `date` (the start's gate, decision 030): whose and what, in words. */
export function expiredBlockersOn(db: Executor, date: string) {
  return db
    .select({
      driverId: credentials.driverId,
      vehicleId: credentials.vehicleId,
      kindName: credentialKinds.name,
    })
    .from(credentials)
    .innerJoin(credentialKinds, eq(credentialKinds.id, credentials.kindId))
    .where(and(eq(credentialKinds.blocks, true), lte(credentials.expiresOn, date)));
}

export function listRates(db: Executor) {
  return db.select().from(fieldTripRates).orderBy(asc(fieldTripRates.vehicleType));
}

export async function rateOf(db: Executor, vehicleType: string) {
  const [row] = await db
    .select()
    .from(fieldTripRates)
    .where(sql`lower(${fieldTripRates.vehicleType}) = lower(${vehicleType})`);
  return row;
}

export async function upsertRate(tx: Executor, values: typeof fieldTripRates.$inferInsert) {
  const [row] = await tx
    .insert(fieldTripRates)
    .values(values)
    .onConflictDoUpdate({
      target: fieldTripRates.vehicleType,
      set: {
        perHour: values.perHour,
        perKm: values.perKm,
        minimum: values.minimum,
        updatedAt: sql`clock_timestamp()`,
      },
    })
    .returning();
  return row!;
}

export async function deleteRate(tx: Executor, vehicleType: string) {
  const rows = await tx.delete(fieldTripRates).where(eq(fieldTripRates.vehicleType, vehicleType)).returning();
  return rows[0];
}

export async function depotOf(db: Executor) {
  const [row] = await db.select().from(depot).where(eq(depot.id, 1));
  return row;
}

export async function saveDepot(tx: Executor, values: { name: string; lat: number; lng: number }) {
  const [row] = await tx
    .insert(depot)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: depot.id, set: { ...values, updatedAt: sql`clock_timestamp()` } })
    .returning();
  return row!;
}

export async function insertNotice(tx: Executor, values: typeof fieldTripNotices.$inferInsert) {
  await tx.insert(fieldTripNotices).values(values);
}

export function noticesOf(db: Executor, userId: string) {
  return db
    .select()
    .from(fieldTripNotices)
    .where(eq(fieldTripNotices.userId, userId))
    .orderBy(desc(fieldTripNotices.createdAt), desc(fieldTripNotices.id))
    .limit(100);
}

export async function emailOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A school's completed field trips whose day is in the range, oldest first: an invoice's lines. */
export function completedOfSchool(db: Executor, schoolId: string, dateFrom: string, dateTo: string) {
  return db
    .select()
    .from(fieldTrips)
    .where(
      and(
        eq(fieldTrips.schoolId, schoolId),
        eq(fieldTrips.state, 'COMPLETED'),
        gte(fieldTrips.tripDate, dateFrom),
        lte(fieldTrips.tripDate, dateTo),
      ),
    )
    .orderBy(asc(fieldTrips.departAt), asc(fieldTrips.id));
}

/** The field trip of a bus the driver drives, or nothing (another driver's, or no field trip). */
export async function fieldTripOfDriversTrip(db: Executor, userId: string, tripId: string) {
  const [row] = await db
    .select({ tripId: trips.id, trip: fieldTrips, schoolName: schools.name })
    .from(trips)
    .innerJoin(fieldTrips, eq(fieldTrips.id, trips.fieldTripId))
    .innerJoin(schools, eq(schools.id, fieldTrips.schoolId))
    .innerJoin(drivers, eq(drivers.id, trips.driverId))
    .where(and(eq(trips.id, tripId), eq(drivers.userId, userId)));
  return row;
}

/** Each bus's recorded positions (the driver app's live fixes), in the order they were recorded. */
export function positionsOfTrips(db: Executor, tripIds: string[]) {
  if (!tripIds.length) return Promise.resolve([]);
  return db
    .select({
      tripId: vehiclePositions.tripId,
      lat: vehiclePositions.lat,
      lng: vehiclePositions.lng,
    })
    .from(vehiclePositions)
    .where(inArray(vehiclePositions.tripId, tripIds))
    .orderBy(
      asc(vehiclePositions.tripId),
      asc(vehiclePositions.recordedAt),
      asc(vehiclePositions.positionId),
    );
}

const childColumns = { id: students.id, name: students.name, class: students.class };

/** The children attached to a field trip, by name. */
export function childrenOfFieldTrip(db: Executor, fieldTripId: string) {
  return db
    .select(childColumns)
    .from(fieldTripChildren)
    .innerJoin(students, eq(students.id, fieldTripChildren.studentId))
    .where(eq(fieldTripChildren.fieldTripId, fieldTripId))
    .orderBy(asc(students.name), asc(students.id));
}

/** How many children each of these field trips has attached. */
export async function childCounts(db: Executor, fieldTripIds: string[]) {
  if (!fieldTripIds.length) return new Map<string, number>();
  const rows = await db
    .select({ fieldTripId: fieldTripChildren.fieldTripId, n: sql<number>`count(*)::int` })
    .from(fieldTripChildren)
    .where(inArray(fieldTripChildren.fieldTripId, fieldTripIds))
    .groupBy(fieldTripChildren.fieldTripId);
  return new Map(rows.map((row) => [row.fieldTripId, row.n]));
}

/**
 * The active children of a school (the records' one rule of a child's school, family-messages' `childrenOf`),
 * matching `search` in name, class or roll number when given; at most `limit`, by name.
 */
export function childrenOfSchool(
  db: Executor,
  schoolId: string,
  { search, ids, limit }: { search?: string; ids?: string[]; limit?: number },
) {
  const query = db
    .select(childColumns)
    .from(students)
    .where(
      and(
        sql`${students.id} in (${childrenOf({ kind: 'school', id: schoolId })})`,
        isNull(students.deactivatedAt),
        ids ? inArray(students.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']) : undefined,
        search
          ? sql`(${students.name} ilike ${`%${search}%`} or ${students.class} ilike ${`%${search}%`}
              or ${students.rollNo} ilike ${`%${search}%`})`
          : undefined,
      ),
    )
    .orderBy(asc(students.name), asc(students.id));
  return limit ? query.limit(limit) : query;
}

/** Makes the list exactly `studentIds`; answers who was added and who removed. */
export async function replaceChildren(
  tx: Executor,
  fieldTripId: string,
  studentIds: string[],
  addedBy: string,
) {
  const removed = await tx
    .delete(fieldTripChildren)
    .where(
      and(
        eq(fieldTripChildren.fieldTripId, fieldTripId),
        studentIds.length ? notInArray(fieldTripChildren.studentId, studentIds) : undefined,
      ),
    )
    .returning({ studentId: fieldTripChildren.studentId });
  const added = studentIds.length
    ? await tx
        .insert(fieldTripChildren)
        .values(studentIds.map((studentId) => ({ fieldTripId, studentId, addedBy })))
        .onConflictDoNothing()
        .returning({ studentId: fieldTripChildren.studentId })
    : [];
  return { added: added.map((row) => row.studentId), removed: removed.map((row) => row.studentId) };
}

/** The ids of the children attached to a field trip: a field trip bus's riders (the driver app's manifest). */
export async function childIdsOfFieldTrip(db: Executor, fieldTripId: string) {
  const rows = await db
    .select({ studentId: fieldTripChildren.studentId })
    .from(fieldTripChildren)
    .where(eq(fieldTripChildren.fieldTripId, fieldTripId));
  return rows.map((row) => row.studentId);
}
