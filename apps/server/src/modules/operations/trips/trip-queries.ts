import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  or,
  sql,
  type SQL,
  isNull,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { TripListQuery, TripStatus, TripType } from '@school-transport/shared';
import { queryRows, type Executor } from '../../../db/client.js';
import { guardianUsersOf } from '../../../db/guardian-queries.js';
import {
  covers,
  drivers,
  ridershipEvents,
  routeAssignments,
  routeRuns,
  routeStops,
  busRoutes,
  stops,
  tripEvents,
  tripStops,
  trips,
  users,
  vehicles,
} from '../../../db/schema/index.js';
import { containsPattern } from '../../../lib/pagination.js';
import { ridersOfTrip } from '../stop-changes/index.js';
import { countRows, listOrder, listPage, offsetOf, ownSorts } from '../../../db/list-queries.js';

/** The SQL of trips (rules in trip-service.ts). */

export type TripRow = typeof trips.$inferSelect;

/** A page of trips in the order asked for (`sort`), or by day as the list has always shown them. */
export async function listTrips(db: Executor, query: TripListQuery, today: string) {
  const where = tripConditions(query);
  if (query.sort) return sortedTrips(db, query, where);
  return tripsByDay(db, query, where, today);
}

/**
 * What the list sorts by when asked, each along its index (migration 0022): the day and its planned start, the
 * route's and driver's names as the trip keeps them, and the status with the newest days first within it.
 */
const TRIP_SORTS = ownSorts(trips, {
  date: [trips.tripDate, trips.plannedStartAt],
  routeName: [trips.routeName],
  driverName: [trips.driverName],
  status: [trips.status, trips.tripDate],
});

/** A sorted page: one index walk, cut at the page's end (or from a cursor's row on); the total as every list's. */
async function sortedTrips(db: Executor, query: TripListQuery, where: SQL | undefined) {
  const order = listOrder(TRIP_SORTS, query, { name: 'none', terms: [] });
  return listPage(db, trips, where, query, order, (columns, window) =>
    db
      .select({ ...getTableColumns(trips), ...columns })
      .from(trips)
      .where(window.where)
      .orderBy(...window.order.terms)
      .limit(window.limit)
      .offset(window.offset),
  );
}

function tripConditions(query: TripListQuery): SQL | undefined {
  const pattern = containsPattern(query.search);
  return and(
    query.search
      ? or(
          ilike(trips.routeName, pattern),
          ilike(trips.driverLicenseNo, pattern),
          ilike(trips.vehiclePlate, pattern),
        )
      : undefined,
    query.status ? eq(trips.status, query.status) : undefined,
    query.type ? eq(trips.type, query.type) : undefined,
    query.dateFrom ? gte(trips.tripDate, query.dateFrom) : undefined,
    query.dateTo ? lte(trips.tripDate, query.dateTo) : undefined,
    // Served by the unique (assignment_id, trip_date, type) index, in the date order each branch reads.
    query.assignmentId ? eq(trips.assignmentId, query.assignmentId) : undefined,
  );
}

/**
 * A page of trips: today's first (by time of day), then upcoming ones (soonest first), then past ones (newest
 * first). Each of the three parts is its own branch of one UNION ALL, read in its own order along the
 * (trip_date, created_at, id) index — today's as a range of it, upcoming forwards, past backwards — and cut at
 * the page's end, so no branch reads more than offset + limit rows however many million trips there are (within
 * a day, ordering by the planned start is an incremental sort of that day's rows). The outer sort puts the at
 * most 3 × (offset + limit) rows in the final order. The total comes from the shared count (row_counts when
 * unfiltered), run alongside.
 */
async function tripsByDay(db: Executor, query: TripListQuery, where: SQL | undefined, today: string) {
  const end = offsetOf(query) + query.limit;
  const plannedEpoch = sql`extract(epoch from ${trips.plannedStartAt})`;
  // PostgreSQL sorts a UNION's result by its output columns only, so each branch carries its sort keys: its
  // segment, how many days from today, and the planned start as seconds (negated where later comes first).
  const part = (segment: number, when: SQL, daySign: 1 | -1, order: SQL[]) =>
    db
      .select({
        ...getTableColumns(trips),
        segment: sql<number>`${segment}::int`.as('segment'),
        sortDay: sql<number>`(${trips.tripDate} - ${today}::date) * ${daySign}::int`.as('sort_day'),
        sortTime: sql<number>`${plannedEpoch} * ${daySign}::int`.as('sort_time'),
      })
      .from(trips)
      .where(and(where, when))
      .orderBy(...order, asc(trips.id))
      .limit(end);
  const [rows, total] = await Promise.all([
    unionAll(
      part(0, eq(trips.tripDate, today), 1, [sql`${trips.plannedStartAt} asc nulls last`]),
      part(1, gt(trips.tripDate, today), 1, [
        asc(trips.tripDate),
        sql`${trips.plannedStartAt} asc nulls last`,
      ]),
      part(2, lt(trips.tripDate, today), -1, [
        desc(trips.tripDate),
        sql`${trips.plannedStartAt} desc nulls last`,
      ]),
    )
      .orderBy(
        sql`${sql.identifier('segment')}`,
        sql`${sql.identifier('sort_day')}`,
        sql`${sql.identifier('sort_time')} asc nulls last`,
        sql`${sql.identifier('id')}`,
      )
      .limit(query.limit)
      .offset(offsetOf(query)),
    countRows(db, trips, where, query),
  ]);
  return { rows: rows.map(({ segment: _s, sortDay: _d, sortTime: _t, ...row }) => row), total };
}

/** A column of `trips` named with its table, so that it keeps meaning the outer trip inside a sub-select. */
const tripColumn = (column: typeof trips.driverId | typeof trips.assignmentId) =>
  sql`${trips}.${sql.identifier(column.name)}`;

/**
 * The trips the signed-in user may see and write to as their driver: their driver record is the trip's, and the
 * trip has run (STARTED or COMPLETED: its driver no longer changes once started), names no assignment (made by
 * hand: its driver is whoever it names), is covered (a cover named its driver, decision 054), or is on an
 * assignment that driver holds now. A driver moved off a route
 * therefore loses its coming trips and children at once; a deleted assignment's coming trips lose their driver
 * (detachPendingTrips). `userId` is a value, or a column of the query (a batch checking several users' trips at once).
 */
export function drivenBy(userId: string | SQL): SQL {
  return sql`(${tripColumn(trips.driverId)} in (select ${drivers.id} from ${drivers} where ${drivers.userId} = ${userId})
    and (${trips}.${sql.identifier(trips.status.name)} in ('STARTED', 'COMPLETED')
      or ${tripColumn(trips.assignmentId)} is null
      or ${trips}.${sql.identifier(trips.coverId.name)} is not null
      or exists (select 1 from ${routeAssignments} where ${routeAssignments.id} = ${tripColumn(trips.assignmentId)}
        and ${routeAssignments.driverId} = ${tripColumn(trips.driverId)})))`;
}

/**
 * Gives the assignment's PENDING trips its driver and vehicle as they are now (ids and the copies shown in the
 * history), after the assignment changed: a trip that has not run yet is driven by whoever holds the route.
 */
export async function pendingTripsFollowAssignment(tx: Executor, assignmentId: string): Promise<number> {
  await tx.execute(sql`
    update ${trips} set driver_id = ra.driver_id, vehicle_id = ra.vehicle_id, driver_name = u.name,
      driver_license_no = d.license_no, driver_phone = d.phone, vehicle_plate = v.license_plate,
      cover_id = null, planned_driver_id = null, planned_driver_name = null, planned_vehicle_id = null,
      planned_vehicle_plate = null, updated_at = clock_timestamp()
    from ${routeAssignments} ra
    join ${drivers} d on d.id = ra.driver_id
    join ${users} u on u.id = d.user_id
    join ${vehicles} v on v.id = ra.vehicle_id
    where ra.id = ${assignmentId} and ${trips}.assignment_id = ra.id and ${trips}.status = 'PENDING'`);
  // Covers of the assignment still hold: the plan changed, not the substitute (decision 054).
  return (await applyCovers(tx, { assignmentId })).length;
}

/**
 * Puts the covers' substitutes on the PENDING, not yet covered trips they cover (decision 054), within `scope`: one
 * cover (just made), one assignment's trips (its plan changed), or the trips of some days (just generated). Each
 * trip keeps who was planned (planned_*) and names its cover; a part the cover leaves (a driver-only cover's
 * vehicle) stays as planned. Answers the covered trips' ids.
 */
export async function applyCovers(
  tx: Executor,
  scope: { coverId: string } | { assignmentId: string } | { dates: string[] },
): Promise<string[]> {
  const where =
    'coverId' in scope
      ? sql`c.id = ${scope.coverId}`
      : 'assignmentId' in scope
        ? sql`c.assignment_id = ${scope.assignmentId}`
        : scope.dates.length
          ? sql`${trips}.trip_date in (${sql.join(
              scope.dates.map((day) => sql`${day}::date`),
              sql`, `,
            )})`
          : sql`false`;
  const result = (await tx.execute(sql`
    update ${trips} set cover_id = c.id,
      planned_driver_id = ${trips}.driver_id, planned_driver_name = ${trips}.driver_name,
      planned_vehicle_id = ${trips}.vehicle_id, planned_vehicle_plate = ${trips}.vehicle_plate,
      driver_id = coalesce(c.driver_id, ${trips}.driver_id),
      driver_name = coalesce(u.name, ${trips}.driver_name),
      driver_license_no = coalesce(d.license_no, ${trips}.driver_license_no),
      driver_phone = coalesce(d.phone, ${trips}.driver_phone),
      vehicle_id = coalesce(c.vehicle_id, ${trips}.vehicle_id),
      vehicle_plate = coalesce(v.license_plate, ${trips}.vehicle_plate),
      updated_at = clock_timestamp()
    from ${covers} c
    left join ${drivers} d on d.id = c.driver_id
    left join ${users} u on u.id = d.user_id
    left join ${vehicles} v on v.id = c.vehicle_id
    where ${where} and ${trips}.assignment_id = c.assignment_id
      and ${trips}.trip_date between c.first_date and c.last_date
      and (c.run is null or c.run = ${trips}.type)
      and ${trips}.status = 'PENDING' and ${trips}.cover_id is null
    returning ${trips}.id`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

/** Before an assignment goes: its PENDING trips have no driver or bus any more (the copies keep who was planned). */
export async function detachPendingTrips(tx: Executor, assignmentId: string): Promise<void> {
  await tx
    .update(trips)
    .set({ driverId: null, vehicleId: null, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(trips.assignmentId, assignmentId), eq(trips.status, 'PENDING')));
}

/**
 * Moves the trips of `date` in status `from` (and, when given, with finish reason `reason`) in one UPDATE, so a
 * trip moved meanwhile by someone else is left as it is. Answers the moved trips' ids.
 */
export async function moveTripsOn(
  tx: Executor,
  date: string,
  from: { status: TripStatus; reason?: string },
  changes: Pick<Partial<TripRow>, 'status' | 'cancelledAt' | 'finishReason'> & { updatedAt: Date },
): Promise<string[]> {
  const rows = await tx
    .update(trips)
    .set(changes)
    .where(
      and(
        eq(trips.tripDate, date),
        eq(trips.status, from.status),
        from.reason === undefined ? undefined : eq(trips.finishReason, from.reason),
        // A field trip's buses (decision 073) run on a day without school too: the calendar moves only runs.
        isNull(trips.fieldTripId),
      ),
    )
    .returning({ id: trips.id });
  return rows.map((row) => row.id);
}

export async function findTrip(db: Executor, id: string) {
  const [row] = await db.select().from(trips).where(eq(trips.id, id));
  return row;
}

/** The trip's row locked for a status move, with who drives it. */
export async function lockTrip(tx: Executor, id: string) {
  const [row] = await tx
    .select({ id: trips.id, status: trips.status, driverId: trips.driverId, vehicleId: trips.vehicleId })
    .from(trips)
    .where(eq(trips.id, id))
    .for('update');
  return row;
}

export function tripHistory(db: Executor, tripId: string) {
  return db
    .select({ status: tripEvents.status, at: tripEvents.at, by: tripEvents.actorEmail })
    .from(tripEvents)
    .where(eq(tripEvents.tripId, tripId))
    .orderBy(asc(tripEvents.at), asc(tripEvents.id));
}

/** When each route's `run` starts, as its schedule says (HH:MM:SS on the operator's wall clock). */
export function runStartTimes(tx: Executor, run: TripType) {
  return tx
    .select({ routeId: routeRuns.routeId, startTime: routeRuns.startTime })
    .from(routeRuns)
    .where(eq(routeRuns.run, run));
}

/**
 * Creates the `type` trip of every assignment for `date`, copying route, driver and vehicle into it, and the run's
 * start on that day from `starts` (route id → instant, worked out in the operator's time zone by the caller; a
 * route without one gets none). Trips that exist are left alone: the unique (assignment, date, type) key makes
 * running it twice harmless, and only the new ones come back.
 */
export function insertTripsOfDay(
  tx: Executor,
  date: string,
  type: TripType,
  starts: { routeId: string; startsAt: string }[],
) {
  // The starts travel as one JSON parameter read as a table (keys named as its columns), whatever their number.
  const rows = starts.map(({ routeId, startsAt }) => ({ route_id: routeId, starts_at: startsAt }));
  const runStarts = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as run_starts(route_id uuid, starts_at timestamptz)`;
  return (
    tx
      .insert(trips)
      .select(
        tx
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            assignmentId: sql`${routeAssignments.id}`.as('assignment_id'),
            type: sql`${type}::trip_type`.as('type'),
            tripDate: sql`${date}::date`.as('trip_date'),
            status: sql`'PENDING'::trip_status`.as('status'),
            startedAt: sql`null`.as('started_at'),
            completedAt: sql`null`.as('completed_at'),
            cancelledAt: sql`null`.as('cancelled_at'),
            routeName: sql`${busRoutes.name}`.as('route_name'),
            driverName: sql`${users.name}`.as('driver_name'),
            driverLicenseNo: sql`${drivers.licenseNo}`.as('driver_license_no'),
            driverPhone: sql`${drivers.phone}`.as('driver_phone'),
            vehiclePlate: sql`${vehicles.licensePlate}`.as('vehicle_plate'),
            driverId: sql`${routeAssignments.driverId}`.as('driver_id'),
            vehicleId: sql`${routeAssignments.vehicleId}`.as('vehicle_id'),
            routeId: sql`${routeAssignments.routeId}`.as('route_id'),
            plannedStartAt: sql`run_starts.starts_at`.as('planned_start_at'),
            coverId: sql`null`.as('cover_id'),
            plannedDriverId: sql`null`.as('planned_driver_id'),
            plannedDriverName: sql`null`.as('planned_driver_name'),
            plannedVehicleId: sql`null`.as('planned_vehicle_id'),
            plannedVehiclePlate: sql`null`.as('planned_vehicle_plate'),
            finishReason: sql`null`.as('finish_reason'),
            delayMinutes: sql`null`.as('delay_minutes'),
            delayReason: sql`null`.as('delay_reason'),
            rescueOfTripId: sql`null`.as('rescue_of_trip_id'),
            handedOverToTripId: sql`null`.as('handed_over_to_trip_id'),
            fieldTripId: sql`null`.as('field_trip_id'),
            createdAt: sql`clock_timestamp()`.as('created_at'),
            updatedAt: sql`clock_timestamp()`.as('updated_at'),
          })
          .from(routeAssignments)
          .innerJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId))
          .innerJoin(drivers, eq(drivers.id, routeAssignments.driverId))
          .innerJoin(users, eq(users.id, drivers.userId))
          .innerJoin(vehicles, eq(vehicles.id, routeAssignments.vehicleId))
          .leftJoin(runStarts, sql`run_starts.route_id = ${routeAssignments.routeId}`),
      )
      // The key holds for trips that are not rescues (a rescue is a second trip of its run, decision 056).
      .onConflictDoNothing({
        target: [trips.assignmentId, trips.tripDate, trips.type],
        where: sql`${trips.rescueOfTripId} is null`,
      })
      .returning({ id: trips.id })
  );
}

/**
 * Copies the route's run stops into each of these new trips: name and place as they are now, planned at the
 * trip's start plus the stop's minutes (null when the trip has no start). Later route edits leave these rows be.
 */
export async function insertTripStops(tx: Executor, tripIds: string[]): Promise<void> {
  if (!tripIds.length) return;
  await tx.insert(tripStops).select(
    tx
      .select({
        tripId: sql`${trips.id}`.as('trip_id'),
        position: sql`${routeStops.position}`.as('position'),
        stopId: sql`${routeStops.stopId}`.as('stop_id'),
        name: sql`${stops.name}`.as('name'),
        lat: sql`${stops.lat}`.as('lat'),
        lng: sql`${stops.lng}`.as('lng'),
        plannedAt: sql`${trips.plannedStartAt} + ${routeStops.minutesAfterStart} * interval '1 minute'`.as(
          'planned_at',
        ),
        arrivedAt: sql`null`.as('arrived_at'),
        departedAt: sql`null`.as('departed_at'),
        lastNearAt: sql`null`.as('last_near_at'),
        combinedFromTripId: sql`null`.as('combined_from_trip_id'),
      })
      .from(trips)
      .innerJoin(routeStops, and(eq(routeStops.routeId, trips.routeId), eq(routeStops.run, trips.type)))
      .innerJoin(stops, eq(stops.id, routeStops.stopId))
      .where(inArray(trips.id, tripIds)),
  );
}

/** The PENDING trips of these routes on `fromDate` or later, with their run's start time as it is now. */
export function pendingTripsOfRoutes(tx: Executor, routeIds: string[], fromDate: string) {
  return tx
    .select({ id: trips.id, date: trips.tripDate, startTime: routeRuns.startTime })
    .from(trips)
    .leftJoin(routeRuns, and(eq(routeRuns.routeId, trips.routeId), eq(routeRuns.run, trips.type)))
    .where(and(inArray(trips.routeId, routeIds), eq(trips.status, 'PENDING'), gte(trips.tripDate, fromDate)));
}

export async function setPlannedStart(tx: Executor, tripId: string, plannedStartAt: Date | null) {
  await tx.update(trips).set({ plannedStartAt }).where(eq(trips.id, tripId));
}

export async function deleteTripStops(tx: Executor, tripIds: string[]) {
  if (tripIds.length) await tx.delete(tripStops).where(inArray(tripStops.tripId, tripIds));
}

export async function countAssignments(tx: Executor) {
  const [row] = await tx.select({ n: count() }).from(routeAssignments);
  return row?.n ?? 0;
}

/** Rows per INSERT: five parameters a row, and PostgreSQL binds at most 65,535 per statement. */
const TRIP_EVENTS_PER_INSERT = 5_000;

/** History rows, in statements small enough for PostgreSQL (a day of trips at 100k students is about 20k rows). */
export async function insertTripEvents(
  tx: Executor,
  events: (typeof tripEvents.$inferInsert)[],
): Promise<void> {
  for (let from = 0; from < events.length; from += TRIP_EVENTS_PER_INSERT)
    await tx.insert(tripEvents).values(events.slice(from, from + TRIP_EVENTS_PER_INSERT));
}

/** The trip's columns a status move writes. */
export type TripMoveChanges = Pick<
  Partial<TripRow>,
  'startedAt' | 'completedAt' | 'cancelledAt' | 'finishReason'
> & {
  status: TripStatus;
  updatedAt: Date;
};

/**
 * One conditional UPDATE: it only matches the trip while its status is one of `from`, so two racing moves cannot
 * both succeed. Answers the moved trip, or undefined when there is no such trip in such a status.
 */
export async function moveTrip(
  tx: Executor,
  id: string,
  from: readonly TripStatus[],
  changes: TripMoveChanges,
): Promise<TripRow | undefined> {
  const [row] = await tx
    .update(trips)
    .set(changes)
    .where(and(eq(trips.id, id), inArray(trips.status, [...from])))
    .returning();
  return row;
}

/**
 * The user who drives each of `tripIds` now (its driver record's account), for the live events about the trip: a
 * driver's stream carries only their own trips. A trip without a driver is absent from the answer.
 */
export async function driverUserIdsOf(db: Executor, tripIds: string[]): Promise<Map<string, string>> {
  if (!tripIds.length) return new Map();
  const rows = await db
    .select({ tripId: trips.id, userId: drivers.userId })
    .from(trips)
    .innerJoin(drivers, eq(drivers.id, trips.driverId))
    .where(inArray(trips.id, tripIds));
  return new Map(rows.map((row) => [row.tripId, row.userId]));
}

/**
 * The children riding each of `tripIds` that day (`ridersOfTrip`: its assignment's, as approved stop changes and
 * combined runs move them, decisions 057 and 061), with their parent's account: whom a trip's news is for. `seated`:
 * the children of its assignment's seats instead, as planned (a combine's own news is about the plan it changes).
 */
export function familiesOnTrips(db: Executor, tripIds: string[], { seated = false } = {}) {
  if (!tripIds.length) return Promise.resolve([]);
  return queryRows<{
    tripId: string;
    tripDate: string;
    type: TripType;
    routeName: string;
    driverName: string;
    vehiclePlate: string;
    plannedDriverName: string | null;
    plannedVehiclePlate: string | null;
    studentId: string;
    name: string;
    parentUserId: string;
  }>(
    db,
    sql`
    select t.id as "tripId", t.trip_date::text as "tripDate", t.type, t.route_name as "routeName",
      -- Who drives it and who was planned, for a cover's notice (decision 054).
      t.driver_name as "driverName", t.vehicle_plate as "vehiclePlate",
      t.planned_driver_name as "plannedDriverName", t.planned_vehicle_plate as "plannedVehiclePlate",
      st.id as "studentId", st.name, guardian.user_id as "parentUserId"
    from trips t
    cross join lateral ${
      seated
        ? sql`(select seat.student_id from assignment_students seat where seat.assignment_id = t.assignment_id)`
        : ridersOfTrip(sql`t`)
    } rider
    join students st on st.id = rider.student_id
    cross join lateral ${guardianUsersOf(sql`st.id`)} guardian
    where t.id in (${sql.join(
      tripIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}

/** The trip's delay as the office marked it (decision 056); minutes null clears it. */
export async function setDelay(
  tx: Executor,
  tripId: string,
  delay: { minutes: number | null; reason: string | null; at: Date },
): Promise<TripRow> {
  const [row] = await tx
    .update(trips)
    .set({ delayMinutes: delay.minutes, delayReason: delay.reason, updatedAt: delay.at })
    .where(eq(trips.id, tripId))
    .returning();
  return row!;
}

/**
 * A driver standing in (a cover's substitute, a rescue's driver) as a trip copies them, their row locked so that two
 * covers or rescues naming them go in turn.
 */
export async function lockStandInDriver(tx: Executor, id: string) {
  const [row] = await tx
    .select({ id: drivers.id, name: users.name, licenseNo: drivers.licenseNo, phone: drivers.phone })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.id, id))
    .for('update', { of: drivers });
  return row;
}

/** A vehicle standing in: its plate and seats, locked the same way (its seats cannot shrink meanwhile). */
export async function lockStandInVehicle(tx: Executor, id: string) {
  const [row] = await tx
    .select({ id: vehicles.id, licensePlate: vehicles.licensePlate, capacity: vehicles.capacity })
    .from(vehicles)
    .where(eq(vehicles.id, id))
    .for('update');
  return row;
}

/** A STARTED trip the driver or the vehicle is on now (any day: a run left running still holds them), if any. */
export async function startedTripOf(tx: Executor, holder: { driverId: string } | { vehicleId: string }) {
  const [row] = await tx
    .select({ id: trips.id, routeName: trips.routeName, type: trips.type })
    .from(trips)
    .where(
      and(
        eq(trips.status, 'STARTED'),
        'driverId' in holder ? eq(trips.driverId, holder.driverId) : eq(trips.vehicleId, holder.vehicleId),
      ),
    )
    .limit(1);
  return row;
}

/** The trip's ridership events as the rider-state rule reads them (who, what, when). */
export function riderEventsOf(tx: Executor, tripId: string) {
  return tx
    .select({
      eventId: ridershipEvents.eventId,
      kind: ridershipEvents.kind,
      occurredAt: ridershipEvents.occurredAt,
      studentId: ridershipEvents.studentId,
      studentName: ridershipEvents.studentName,
    })
    .from(ridershipEvents)
    .where(eq(ridershipEvents.tripId, tripId));
}

/**
 * A rescue trip of `original` (decision 056): the same assignment, route, run, day and planned times, with the
 * rescue driver and vehicle, STARTED at `at`. Its stops are a copy of the original's as they stand (the stops
 * passed stay passed). Answers the new trip.
 */
export async function insertRescueTrip(
  tx: Executor,
  original: TripRow,
  {
    driver,
    vehicle,
    at,
  }: {
    driver: { id: string; name: string; licenseNo: string; phone: string };
    vehicle: { id: string; licensePlate: string };
    at: Date;
  },
): Promise<TripRow> {
  const [row] = await tx
    .insert(trips)
    .values({
      assignmentId: original.assignmentId,
      type: original.type,
      tripDate: original.tripDate,
      status: 'STARTED',
      startedAt: at,
      routeName: original.routeName,
      driverName: driver.name,
      driverLicenseNo: driver.licenseNo,
      driverPhone: driver.phone,
      vehiclePlate: vehicle.licensePlate,
      driverId: driver.id,
      vehicleId: vehicle.id,
      routeId: original.routeId,
      plannedStartAt: original.plannedStartAt,
      delayMinutes: original.delayMinutes,
      delayReason: original.delayReason,
      rescueOfTripId: original.id,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await tx.execute(sql`
    insert into ${tripStops} (trip_id, position, stop_id, name, lat, lng, planned_at, arrived_at, departed_at, last_near_at)
    select ${row!.id}, position, stop_id, name, lat, lng, planned_at, arrived_at, departed_at, last_near_at
    from ${tripStops} where trip_id = ${original.id}`);
  return row!;
}

/**
 * The children handed over leave the original bus and board the rescue at `at`, recorded by the office as facts
 * (hand-recorded, TAP), so each trip's own events say where each child was (decision 056).
 */
export async function handOverRiders(
  tx: Executor,
  {
    from,
    to,
    riders,
    at,
    actorId,
  }: {
    from: string;
    to: string;
    riders: { studentId: string; studentName: string | null }[];
    at: Date;
    actorId: string;
  },
): Promise<void> {
  if (!riders.length) return;
  const event = (tripId: string, kind: 'ALIGHT' | 'BOARD', rider: (typeof riders)[number]) => ({
    eventId: crypto.randomUUID(),
    tripId,
    kind,
    method: 'TAP' as const,
    studentId: rider.studentId,
    studentName: rider.studentName,
    occurredAt: at,
    receivedAt: at,
    recordedBy: actorId,
  });
  await tx
    .insert(ridershipEvents)
    .values(riders.flatMap((rider) => [event(from, 'ALIGHT', rider), event(to, 'BOARD', rider)]));
}

/** The original ends handed over: its reason, and the rescue that carries on. */
export async function markHandedOver(
  tx: Executor,
  tripId: string,
  { rescueTripId, reason }: { rescueTripId: string; reason: string },
): Promise<TripRow> {
  const [row] = await tx
    .update(trips)
    .set({ handedOverToTripId: rescueTripId, finishReason: reason })
    .where(eq(trips.id, tripId))
    .returning();
  return row!;
}

/** Why the trip ended as it did (a driver's finish with a child on board, the office's cancellation): kept for all. */
export async function setFinishReason(tx: Executor, tripId: string, reason: string): Promise<TripRow> {
  const [row] = await tx.update(trips).set({ finishReason: reason }).where(eq(trips.id, tripId)).returning();
  return row!;
}
