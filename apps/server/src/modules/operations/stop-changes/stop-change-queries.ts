import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Run, StopChangeState } from '@school-transport/shared';
import { ridesTrip } from '../../../db/active-records.js';
import type { Executor } from '../../../db/client.js';
import {
  assignmentStudents,
  busRoutes,
  routeAssignments,
  routeStops,
  stopChanges,
  stops,
  students,
  studentStops,
  vehicles,
} from '../../../db/schema/index.js';

/** The SQL of stop changes (rules in stop-change-service.ts). */

export type StopChangeRow = typeof stopChanges.$inferSelect;

const targetRoute = alias(busRoutes, 'target_route');
const targetStop = alias(stops, 'target_stop');
const ownSeat = alias(assignmentStudents, 'own_seat');
const ownAssignment = alias(routeAssignments, 'own_assignment');
const ownRoute = alias(busRoutes, 'own_route');
const ownStopLink = alias(studentStops, 'own_stop_link');
const ownStop = alias(stops, 'own_stop');

/**
 * A change with what the answer names: the child, the target route and stop, and where the child rides without
 * it (their seat's route and their own stop of the first run the change covers: a BOTH change shows the morning's).
 */
function selectDescribed(db: Executor) {
  return db
    .select({
      change: stopChanges,
      studentName: students.name,
      toRouteName: targetRoute.name,
      toStopName: targetStop.name,
      fromAssignmentId: ownSeat.assignmentId,
      fromRouteName: ownRoute.name,
      fromStopId: ownStop.id,
      fromStopName: ownStop.name,
    })
    .from(stopChanges)
    .innerJoin(students, eq(students.id, stopChanges.studentId))
    .innerJoin(routeAssignments, eq(routeAssignments.id, stopChanges.assignmentId))
    .innerJoin(targetRoute, eq(targetRoute.id, routeAssignments.routeId))
    .innerJoin(targetStop, eq(targetStop.id, stopChanges.stopId))
    .leftJoin(ownSeat, eq(ownSeat.studentId, stopChanges.studentId))
    .leftJoin(ownAssignment, eq(ownAssignment.id, ownSeat.assignmentId))
    .leftJoin(ownRoute, eq(ownRoute.id, ownAssignment.routeId))
    .leftJoin(
      ownStopLink,
      and(
        eq(ownStopLink.studentId, stopChanges.studentId),
        sql`${ownStopLink.run}::text = case when ${stopChanges.run} = 'DROP' then 'DROP' else 'PICKUP' end`,
      ),
    )
    .leftJoin(ownStop, eq(ownStop.id, ownStopLink.stopId));
}
export type DescribedRow = Awaited<ReturnType<typeof listByState>>[number];

/** The changes in `state`, oldest request first (the office's queue). */
export function listByState(db: Executor, state: StopChangeState) {
  return selectDescribed(db)
    .where(eq(stopChanges.state, state))
    .orderBy(asc(stopChanges.requestedAt), asc(stopChanges.id))
    .limit(500);
}

/** These children's changes, newest request first (a parent's list). */
export function listOfStudents(db: Executor, studentIds: string[]) {
  if (!studentIds.length) return Promise.resolve([]);
  return selectDescribed(db)
    .where(inArray(stopChanges.studentId, studentIds))
    .orderBy(sql`${stopChanges.requestedAt} desc`, asc(stopChanges.id))
    .limit(200);
}

export async function describedById(db: Executor, id: string): Promise<DescribedRow | undefined> {
  const [row] = await selectDescribed(db).where(eq(stopChanges.id, id));
  return row;
}

export async function insertStopChange(tx: Executor, values: typeof stopChanges.$inferInsert) {
  const [row] = await tx.insert(stopChanges).values(values).returning();
  return row!;
}

/** The change, its row locked until the transaction ends (two decisions on one request queue). */
export async function lockStopChange(tx: Executor, id: string): Promise<StopChangeRow | undefined> {
  const [row] = await tx.select().from(stopChanges).where(eq(stopChanges.id, id)).for('update');
  return row;
}

export async function findStopChange(db: Executor, id: string): Promise<StopChangeRow | undefined> {
  const [row] = await db.select().from(stopChanges).where(eq(stopChanges.id, id));
  return row;
}

export async function updateStopChange(
  tx: Executor,
  id: string,
  values: Partial<typeof stopChanges.$inferInsert>,
): Promise<void> {
  await tx.update(stopChanges).set(values).where(eq(stopChanges.id, id));
}

export async function pendingCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stopChanges).where(eq(stopChanges.state, 'REQUESTED'));
  return row?.n ?? 0;
}

/**
 * The assignment's vehicle capacity and its seated children, with the assignment's row locked until the
 * transaction ends when `lock`: approvals into one assignment queue, so two cannot both take its last seat.
 */
export async function seatsOfAssignment(
  db: Executor,
  assignmentId: string,
  lock = false,
): Promise<{ capacity: number; seated: number } | undefined> {
  if (lock)
    await db
      .select({ id: routeAssignments.id })
      .from(routeAssignments)
      .where(eq(routeAssignments.id, assignmentId))
      .for('update');
  const [row] = await db
    .select({
      capacity: vehicles.capacity,
      seated: sql<number>`(select count(*)::int from ${assignmentStudents} where ${assignmentStudents.assignmentId} = ${routeAssignments.id})`,
    })
    .from(routeAssignments)
    .innerJoin(vehicles, eq(vehicles.id, routeAssignments.vehicleId))
    .where(eq(routeAssignments.id, assignmentId));
  return row;
}

/**
 * The approved changes into these assignments of children seated elsewhere (or nowhere): each may take a seat on
 * the days it covers. A change within a child's own assignment takes none.
 */
export function approvedArrivals(db: Executor, assignmentIds: string[]) {
  if (!assignmentIds.length) return Promise.resolve([]);
  return db
    .select({ change: stopChanges })
    .from(stopChanges)
    .leftJoin(assignmentStudents, eq(assignmentStudents.studentId, stopChanges.studentId))
    .where(
      and(
        inArray(stopChanges.assignmentId, assignmentIds),
        eq(stopChanges.state, 'APPROVED'),
        sql`${assignmentStudents.assignmentId} is distinct from ${stopChanges.assignmentId}`,
      ),
    );
}

/**
 * Whether the approved change `sc` (a `stop_changes` row of that alias) covers the day `date`'s `run` (SQL
 * expressions): a one-off change of that date, or a weekly one on its weekday within its dates.
 */
const coversDay = (date: SQL, run: SQL) => sql`sc.state = 'APPROVED'
  and sc.run::text in (${run}::text, 'BOTH')
  and (
    (sc.kind = 'ONE_OFF' and sc.date = ${date})
    or (
      sc.kind = 'WEEKLY' and extract(isodow from ${date})::int = any(sc.weekdays)
      and (sc.valid_from is null or sc.valid_from <= ${date})
      and (sc.valid_until is null or sc.valid_until >= ${date})
    )
  )`;

/**
 * Which of a child's covering changes holds: a one-off change beats a weekly one (it is the exception to the
 * exception), then the one decided last. The one rule, for the manifests and the scans alike.
 */
const PREVAILING_FIRST = sql`(sc.kind = 'ONE_OFF') desc, sc.decided_at desc nulls last, sc.id`;

/**
 * The assignment whose trip carries `assignment`'s run of `date` (SQL expressions) because that run was combined
 * into another trip of the day (decision 061); null when it runs on its own.
 */
const combinedInto = (assignment: SQL, date: SQL, run: SQL) => sql`(
  select host.assignment_id from combined_runs cr
  join trips joined on joined.id = cr.joined_trip_id
  join trips host on host.id = cr.host_trip_id
  where joined.assignment_id = ${assignment} and joined.trip_date = ${date} and joined.type::text = ${run}::text
  limit 1
)`;

/**
 * Where children ride on `date`'s `run` other than their own seat: one row per child. An approved stop change
 * moves the child (the prevailing one); a run combined into another trip (decision 061) takes its riders, at their
 * own stop or the one their change gives, onto the host trip's assignment.
 */
export async function prevailingChangesOn(db: Executor, date: string, run: Run) {
  const day = sql`${date}::date`;
  const result = (await db.execute(sql`
    with changed as (
      select distinct on (sc.student_id)
        sc.student_id, sc.assignment_id, sc.stop_id, seat.assignment_id as own_assignment_id
      from stop_changes sc
      left join assignment_students seat on seat.student_id = sc.student_id
      where ${coversDay(day, sql`${run}`)}
      order by sc.student_id, ${PREVAILING_FIRST}
    ),
    riding as (
      select * from changed
      union all
      -- the seated children of a combined run, at their own stop: those without a change of their own
      select seat.student_id, seat.assignment_id, own_stop.stop_id, seat.assignment_id
      from assignment_students seat
      left join student_stops own_stop on own_stop.student_id = seat.student_id and own_stop.run::text = ${run}
      where ${combinedInto(sql`seat.assignment_id`, day, sql`${run}`)} is not null
        and not exists (select 1 from changed where changed.student_id = seat.student_id)
    )
    select student_id as "studentId",
      coalesce(${combinedInto(sql`riding.assignment_id`, day, sql`${run}`)}, riding.assignment_id) as "assignmentId",
      stop_id as "stopId", own_assignment_id as "ownAssignmentId"
    from riding`)) as unknown as {
    rows: {
      studentId: string;
      assignmentId: string;
      stopId: string | null;
      ownAssignmentId: string | null;
    }[];
  };
  return result.rows;
}

/**
 * Where a child rides on a trip's day and run (a sub-select for a lateral join, always one row): `assignment_id`,
 * their approved stop change's (the prevailing one), else their seat's, and that assignment's host when its run was
 * combined into another trip (decision 061); `stop_id`, the change's stop, or null for their own stop. `child` is
 * the child's id, `trip` a `trips` row's alias (SQL).
 */
export const movedToOnTrip = (child: SQL, trip: SQL) => sql`(
  select coalesce(${combinedInto(sql`riding.assignment_id`, sql`${trip}.trip_date`, sql`${trip}.type`)},
    riding.assignment_id) as assignment_id, riding.stop_id
  from (
    select coalesce(change.assignment_id,
      (select own.assignment_id from assignment_students own where own.student_id = ${child})) as assignment_id,
      change.stop_id
    from (select 1) as one
    left join lateral (
      select sc.assignment_id, sc.stop_id from stop_changes sc
      where sc.student_id = ${child} and ${coversDay(sql`${trip}.trip_date`, sql`${trip}.type`)}
      order by ${PREVAILING_FIRST}
      limit 1
    ) change on true
  ) riding
)`;

/**
 * The children riding a trip on its day and run, with the stop each rides from (a sub-select for a lateral join:
 * `student_id`, `stop_id`): every child who might (seated in its assignment, moved onto it by a change, seated in
 * or moved onto a run combined into it) and whom `movedToOnTrip` puts on it, at the changed stop or their own, unless deactivated before it (`ridesTrip`). `trip` is a
 * `trips` row's alias (SQL). Whom a trip's news is for and who waits at its stops read this.
 */
export const ridersOfTrip = (trip: SQL) => sql`(
  select candidate.student_id, coalesce(moved.stop_id, own_stop.stop_id) as stop_id
  from (
    select seat.student_id from assignment_students seat where seat.assignment_id = ${trip}.assignment_id
    union
    select sc.student_id from stop_changes sc
    where sc.assignment_id = ${trip}.assignment_id and sc.state = 'APPROVED'
    union
    -- a run combined into this trip (decision 061): its seated children and those changes move onto it
    select seat.student_id from combined_runs cr
    join trips joined on joined.id = cr.joined_trip_id
    join assignment_students seat on seat.assignment_id = joined.assignment_id
    where cr.host_trip_id = ${trip}.id
    union
    select sc.student_id from combined_runs cr
    join trips joined on joined.id = cr.joined_trip_id
    join stop_changes sc on sc.assignment_id = joined.assignment_id and sc.state = 'APPROVED'
    where cr.host_trip_id = ${trip}.id
  ) candidate
  -- a child deactivated before the trip was to start is not on it (decision 076)
  join students candidate_child on candidate_child.id = candidate.student_id
    and ${ridesTrip(sql`candidate_child`, trip)}
  cross join lateral ${movedToOnTrip(sql`candidate.student_id`, trip)} moved
  left join student_stops own_stop on own_stop.student_id = candidate.student_id and own_stop.run = ${trip}.type
  where moved.assignment_id = ${trip}.assignment_id
)`;

/**
 * Where each of `studentIds` rides on `date`'s two runs because of an approved change (the prevailing one per child
 * and run, the same rule): the assignment, its route, and the stop with its name and place. None: their own seat.
 */
export async function changesOfChildrenOn(db: Executor, studentIds: string[], date: string) {
  if (!studentIds.length) return [];
  const day = sql`${date}::date`;
  const result = (await db.execute(sql`
    select distinct on (sc.student_id, run.run)
      sc.student_id as "studentId", run.run, sc.assignment_id as "assignmentId", ra.route_id as "routeId",
      st.id as "stopId", st.name, st.lat, st.lng
    from (values ('PICKUP'), ('DROP')) as run(run)
    join stop_changes sc on ${coversDay(day, sql`run.run`)}
    join route_assignments ra on ra.id = sc.assignment_id
    join stops st on st.id = sc.stop_id
    where sc.student_id in (${sql.join(
      studentIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by sc.student_id, run.run, ${PREVAILING_FIRST}`)) as unknown as {
    rows: {
      studentId: string;
      run: Run;
      assignmentId: string;
      routeId: string;
      stopId: string;
      name: string;
      lat: number;
      lng: number;
    }[];
  };
  return result.rows;
}

/** The runs of the assignment's route that stop at `stopId` (none: not a stop of that route). */
export async function runsStoppingAt(db: Executor, assignmentId: string, stopId: string): Promise<Run[]> {
  const rows = await db
    .select({ run: routeStops.run })
    .from(routeAssignments)
    .innerJoin(routeStops, eq(routeStops.routeId, routeAssignments.routeId))
    .where(and(eq(routeAssignments.id, assignmentId), eq(routeStops.stopId, stopId)));
  return rows.map((row) => row.run);
}

/** Every stop of every assigned route's runs, by route name then the run's order. */
export function stopOptions(db: Executor) {
  return db
    .select({
      assignmentId: routeAssignments.id,
      routeName: busRoutes.name,
      stopId: stops.id,
      stopName: stops.name,
      run: routeStops.run,
    })
    .from(routeAssignments)
    .innerJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId))
    .innerJoin(routeStops, eq(routeStops.routeId, routeAssignments.routeId))
    .innerJoin(stops, eq(stops.id, routeStops.stopId))
    .orderBy(asc(busRoutes.name), asc(routeAssignments.id), asc(routeStops.run), asc(routeStops.position));
}

/** The child, kept from deletion until the transaction ends. */
export async function lockStudent(tx: Executor, studentId: string) {
  const [row] = await tx
    .select({ id: students.id, name: students.name })
    .from(students)
    .where(eq(students.id, studentId))
    .for('share', { of: students });
  return row;
}

/** The assignment the child is seated in, or null. */
export async function seatOfStudent(db: Executor, studentId: string): Promise<string | null> {
  const [row] = await db
    .select({ assignmentId: assignmentStudents.assignmentId })
    .from(assignmentStudents)
    .where(eq(assignmentStudents.studentId, studentId));
  return row?.assignmentId ?? null;
}
