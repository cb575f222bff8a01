import { and, asc, count, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TripType } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import {
  assignmentStudents,
  busRoutes,
  covers,
  drivers,
  routeAssignments,
  routeRuns,
  routeStops,
  trips,
  users,
  vehicles,
} from '../../../db/schema/index.js';

/** The SQL of covers (rules in cover-service.ts, decision 054). */

export type CoverRow = typeof covers.$inferSelect;

/** The assignment with its route and who is planned on it, locked so that its covers are decided one at a time. */
export async function lockAssignment(tx: Executor, id: string) {
  const [row] = await tx
    .select({
      id: routeAssignments.id,
      routeId: routeAssignments.routeId,
      routeName: busRoutes.name,
      driverId: routeAssignments.driverId,
      vehicleId: routeAssignments.vehicleId,
    })
    .from(routeAssignments)
    .innerJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId))
    .where(eq(routeAssignments.id, id))
    .for('update', { of: routeAssignments });
  return row;
}

/** How many children ride with the assignment. */
export async function seatedCount(tx: Executor, assignmentId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(assignmentStudents)
    .where(eq(assignmentStudents.assignmentId, assignmentId));
  return row?.n ?? 0;
}

/** Runs that meet: the same run (null: the whole day) on both sides. */
const runsMeet = (run: SQL | TripType | null, other: SQL) =>
  run === null ? sql`true` : sql`(${other} is null or ${other} = ${run}::trip_type)`;

/** Covers of the assignment whose days and runs meet these. */
export function coversOfAssignmentMeeting(
  tx: Executor,
  assignmentId: string,
  { firstDate, lastDate, run }: { firstDate: string; lastDate: string; run: TripType | null },
) {
  return tx
    .select({ id: covers.id, firstDate: covers.firstDate, lastDate: covers.lastDate, run: covers.run })
    .from(covers)
    .where(
      and(
        eq(covers.assignmentId, assignmentId),
        lte(covers.firstDate, lastDate),
        gte(covers.lastDate, firstDate),
        runsMeet(run, sql`${covers.run}`),
      ),
    )
    .orderBy(asc(covers.firstDate));
}

/**
 * A route's run as a span of the day: its start (route_runs) to its last stop (route_stops). Null when the route
 * has no schedule for that run: its times are unknown, so it is taken to meet any run of the same kind.
 */
const runSpan = (routeId: SQL, run: SQL) => sql`(
  select rr.start_time as starts, rr.start_time + coalesce(max(rs.minutes_after_start), 0) * interval '1 minute' as ends
  from ${routeRuns} rr
  left join ${routeStops} rs on rs.route_id = rr.route_id and rs.run = rr.run
  where rr.route_id = ${routeId} and rr.run = ${run}
  group by rr.start_time)`;

/**
 * What the substitute already drives (or where the substitute vehicle already runs) at the covered run's times on
 * the covered days: their own assignment's runs, which run every school day, and the runs of other covers naming
 * them. Two runs meet when they are the same kind (pickup or drop) and their spans overlap or touch (one ending
 * as the other starts leaves no time to get there), or either has no schedule. Answers each clash as route name, run and, for a cover, its days.
 */
export async function clashesOf(
  tx: Executor,
  who: { column: 'driver_id' | 'vehicle_id'; id: string },
  covered: {
    assignmentId: string;
    routeId: string;
    firstDate: string;
    lastDate: string;
    run: TripType | null;
  },
) {
  const column = sql.identifier(who.column);
  const runs = covered.run ? [covered.run] : (['PICKUP', 'DROP'] as const);
  const kinds = sql.join(
    runs.map((run) => sql`(${run}::trip_type)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    with busy as (
      select ra.route_id, b.name as route_name, k.run, null::date as first_date, null::date as last_date
      from ${routeAssignments} ra
      join ${busRoutes} b on b.id = ra.route_id
      cross join (values ${kinds}) as k(run)
      where ra.${column} = ${who.id} and ra.id <> ${covered.assignmentId}
      union all
      select ra.route_id, b.name, k.run, c.first_date, c.last_date
      from ${covers} c
      join ${routeAssignments} ra on ra.id = c.assignment_id
      join ${busRoutes} b on b.id = ra.route_id
      cross join (values ${kinds}) as k(run)
      where c.${column} = ${who.id} and c.first_date <= ${covered.lastDate}::date
        and c.last_date >= ${covered.firstDate}::date and (c.run is null or c.run = k.run)
    )
    select busy.route_name as "routeName", busy.run, busy.first_date::text as "firstDate",
      busy.last_date::text as "lastDate"
    from busy
    left join lateral ${runSpan(sql`busy.route_id`, sql`busy.run`)} theirs on true
    left join lateral ${runSpan(sql`${covered.routeId}::uuid`, sql`busy.run`)} ours on true
    where theirs.starts is null or ours.starts is null
      or (theirs.starts <= ours.ends and ours.starts <= theirs.ends)
    order by busy.route_name, busy.run`)) as unknown as {
    rows: { routeName: string; run: TripType; firstDate: string | null; lastDate: string | null }[];
  };
  return result.rows;
}

/** The cover's trips that have run or been cancelled: they keep who drove them. */
export async function tripsLeftAsRun(
  tx: Executor,
  cover:
    | CoverRow
    | { id: string; assignmentId: string; firstDate: string; lastDate: string; run: TripType | null },
) {
  const [row] = await tx
    .select({ n: count() })
    .from(trips)
    .where(
      and(
        eq(trips.assignmentId, cover.assignmentId),
        gte(trips.tripDate, cover.firstDate),
        lte(trips.tripDate, cover.lastDate),
        cover.run ? eq(trips.type, cover.run) : undefined,
        ne(trips.status, 'PENDING'),
      ),
    );
  return row?.n ?? 0;
}

export async function insertCover(tx: Executor, values: typeof covers.$inferInsert) {
  const [row] = await tx.insert(covers).values(values).returning();
  return row!;
}

export async function lockCover(tx: Executor, id: string) {
  const [row] = await tx.select().from(covers).where(eq(covers.id, id)).for('update');
  return row;
}

/** The PENDING trips the cover holds now. */
export async function pendingTripsOfCover(tx: Executor, coverId: string) {
  const rows = await tx
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.coverId, coverId), eq(trips.status, 'PENDING')));
  return rows.map((row) => row.id);
}

export async function deleteCover(tx: Executor, id: string) {
  await tx.delete(covers).where(eq(covers.id, id));
}

const plannedDrivers = alias(drivers, 'planned_drivers');
const plannedUsers = alias(users, 'planned_users');
const plannedVehicles = alias(vehicles, 'planned_vehicles');
const substituteUsers = alias(users, 'substitute_users');

/** Covers with their route, the plan as it is now and the substitutes' names, for the API. */
export function coversWithNames(db: Executor, where: SQL | undefined) {
  return db
    .select({
      cover: covers,
      routeName: busRoutes.name,
      plannedDriverName: plannedUsers.name,
      plannedVehiclePlate: plannedVehicles.licensePlate,
      driverName: substituteUsers.name,
      vehiclePlate: vehicles.licensePlate,
    })
    .from(covers)
    .innerJoin(routeAssignments, eq(routeAssignments.id, covers.assignmentId))
    .innerJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId))
    .innerJoin(plannedDrivers, eq(plannedDrivers.id, routeAssignments.driverId))
    .innerJoin(plannedUsers, eq(plannedUsers.id, plannedDrivers.userId))
    .innerJoin(plannedVehicles, eq(plannedVehicles.id, routeAssignments.vehicleId))
    .leftJoin(drivers, eq(drivers.id, covers.driverId))
    .leftJoin(substituteUsers, eq(substituteUsers.id, drivers.userId))
    .leftJoin(vehicles, eq(vehicles.id, covers.vehicleId))
    .where(where)
    .orderBy(asc(covers.firstDate), asc(busRoutes.name), asc(covers.createdAt), asc(covers.id));
}
export type CoverWithNames = Awaited<ReturnType<typeof coversWithNames>>[number];

/** Covers whose days meet the range. */
export const coversMeeting = (dateFrom: string, dateTo: string) =>
  and(lte(covers.firstDate, dateTo), gte(covers.lastDate, dateFrom));

export const coverById = (id: string) => eq(covers.id, id);
