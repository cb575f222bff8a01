import type { z } from 'zod';
import {
  RUN_NAMES,
  RUNS,
  type RiderStop,
  type RouteSchedule,
  type Run,
  type RunSchedule,
  type runScheduleInputSchema,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import { writerFor } from '../../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { recordAudit } from '../../platform/audit/index.js';
import {
  appendRunStop,
  clearRun,
  findRoute,
  isStopOnRun,
  lastRunStop,
  lockExistingStops,
  lockRoute,
  lockStudentPoint,
  replaceRunStops,
  ridersOf,
  runStart,
  runStarts,
  runStopsOf,
  seatOf,
  setRunStart,
  setTie,
  tieOf,
  untieRidersOffRun,
} from './schedule-queries.js';
import type { PlanAnnouncer } from '../plan-changes/index.js';
import { runOfRoute, stopsNear, type StopService } from './stop-service.js';

type RunScheduleInput = z.output<typeof runScheduleInputSchema>;

/** A stop within this walk of a child's pickup point is reused rather than a new one made next to it. */
export const REUSE_RADIUS_M = 400;
/** Minutes from the run's last stop to a stop appended after it, until someone sets the real time. */
const APPENDED_STOP_MINUTES = 2;
const MAX_MINUTES = 600;
const MAX_STOPS = 200;

const routeNotFound = () => notFound('Route not found.');

/** Backstops for a race the locks below do not cover; the checks answer first with the field named. */
const CONFLICTS = {
  route_stops_stop_id_stops_id_fk: { field: 'stops', message: 'A chosen stop was deleted meanwhile.' },
  student_stops_stop_id_stops_id_fk: { field: 'stopId', message: 'The chosen stop was deleted meanwhile.' },
  student_stops_student_id_students_id_fk: { message: 'This student was deleted meanwhile.' },
  route_stops_stop_once_per_run: { field: 'stops', message: 'A stop appears twice on the run.' },
};

/**
 * The name of a stop made for a child's pickup point: neutral, "<route or school> stop N". Never the child's name
 * nor their address: stop names are shown to every family and driver on the route, and a stop at a child's door
 * named after it tells them where that child lives. The address is kept on the stop for the office alone.
 */
export const neutralStopName = (owner: string, number: number): string =>
  `${owner.slice(0, 80)} stop ${number}`;

export interface ScheduleServiceDeps {
  db: Database;
  stops: StopService;
  /** Tells guardians when a schedule edit or a child's stop moves where or when their child rides (decision 068). */
  plans: PlanAnnouncer;
}

/** The route's seated children, told of what the edit moved (the announcer finds who moved). */
async function announceRiders(tx: Executor, plans: PlanAnnouncer, routeId: string) {
  const riders = await ridersOf(tx, routeId);
  await plans.announce(
    tx,
    riders.map((rider) => rider.studentId),
  );
}

const auditRoute = (tx: Executor, context: ChangeContext, routeId: string, action: string, details: object) =>
  recordAudit(tx, {
    ...context,
    action: `route.${action}`,
    entityType: 'route',
    entityId: routeId,
    details: { ...details },
  });

async function lockRouteOrFail(tx: Executor, routeId: string, strength: 'update' | 'share') {
  const route = await lockRoute(tx, routeId, strength);
  if (!route) throw routeNotFound();
  return route;
}

export async function scheduleOf(
  { db, stops }: ScheduleServiceDeps,
  routeId: string,
): Promise<RouteSchedule> {
  if (!(await findRoute(db, routeId))) throw routeNotFound();
  const [starts, runStops, riders] = await Promise.all([
    runStarts(db, routeId),
    runStopsOf(db, routeId),
    ridersOf(db, routeId),
  ]);
  const runs = RUNS.map((run): RunSchedule => {
    const stopsOfRun = runStops
      .filter((stop) => stop.run === run)
      .map(({ run: _run, position, minutesAfterStart, ...stop }) => ({
        ...stops.toStop(stop),
        position,
        minutesAfterStart,
      }));
    const onRun = new Set(stopsOfRun.map((stop) => stop.id));
    // One rider per seated child: their tie for this run counts only if the stop is on the run (a tie left
    // from a route the child rode before names a stop this run does not reach).
    const byStudent = new Map<string, RunSchedule['riders'][number]>();
    for (const row of riders) {
      const rider = byStudent.get(row.studentId) ?? {
        studentId: row.studentId,
        name: row.name,
        class: row.class,
        stopId: null,
      };
      if (row.run === run && row.stopId && onRun.has(row.stopId)) rider.stopId = row.stopId;
      byStudent.set(row.studentId, rider);
    }
    return {
      run,
      startTime: starts.find((start) => start.run === run)?.startTime ?? null,
      stops: stopsOfRun,
      riders: [...byStudent.values()],
    };
  });
  return { routeId, runs };
}

const runSchedule = async (deps: ScheduleServiceDeps, routeId: string, run: Run) =>
  (await scheduleOf(deps, routeId)).runs.find((one) => one.run === run)!;

/**
 * The run's start and stops become exactly these, in one transaction: the old stops go, the new ones are
 * written in order, and the route's children tied to a stop that is no longer on the run lose the tie.
 */
export async function saveRun(
  deps: ScheduleServiceDeps,
  routeId: string,
  run: Run,
  input: RunScheduleInput,
  context: ChangeContext,
) {
  const write = writerFor(deps.db, CONFLICTS);
  await write(async (tx) => {
    await lockRouteOrFail(tx, routeId, 'update');
    const stopIds = input.stops.map((stop) => stop.stopId);
    const existing = await lockExistingStops(tx, stopIds);
    const unknown = stopIds.flatMap((id, index) =>
      existing.has(id) ? [] : [{ field: `stops.${index}.stopId`, message: 'Stop not found' }],
    );
    if (unknown.length) throw badRequest('Some chosen stops do not exist.', unknown);
    const startBefore = (await runStart(tx, routeId, run)) ?? null;
    const stopsBefore = (await runStopsOf(tx, routeId, run)).map((stop) => stop.id);
    await replaceRunStops(tx, routeId, run, input.stops);
    await setRunStart(tx, routeId, run, input.startTime);
    const untied = await untieRidersOffRun(tx, routeId, run, stopIds);
    await auditRoute(tx, context, routeId, 'run_scheduled', {
      run,
      startTime: { from: startBefore, to: input.startTime },
      added: stopIds.filter((id) => !stopsBefore.includes(id)),
      removed: stopsBefore.filter((id) => !stopIds.includes(id)),
      stops: stopIds.length,
      ridersUntied: untied,
    });
    await announceRiders(tx, deps.plans, routeId);
  });
  deps.plans.wake();
  return runSchedule(deps, routeId, run);
}

/** The run has no schedule any more (the route works as it did before schedules); its children lose their tie. */
export async function clearRunSchedule(
  deps: ScheduleServiceDeps,
  routeId: string,
  run: Run,
  context: ChangeContext,
) {
  const write = writerFor(deps.db, CONFLICTS);
  await write(async (tx) => {
    await lockRouteOrFail(tx, routeId, 'update');
    const startBefore = (await runStart(tx, routeId, run)) ?? null;
    const stopsBefore = (await runStopsOf(tx, routeId, run)).map((stop) => stop.id);
    await clearRun(tx, routeId, run);
    const untied = await untieRidersOffRun(tx, routeId, run, []);
    await auditRoute(tx, context, routeId, 'run_cleared', {
      run,
      startTime: startBefore,
      removed: stopsBefore,
      ridersUntied: untied,
    });
    await announceRiders(tx, deps.plans, routeId);
  });
  deps.plans.wake();
  return runSchedule(deps, routeId, run);
}

/** Ties a seated child to a stop of their route's run; null unties (a child on no route too). */
export async function tieRider(
  { db, plans }: ScheduleServiceDeps,
  studentId: string,
  run: Run,
  stopId: string | null,
  context: ChangeContext,
) {
  const write = writerFor(db, CONFLICTS);
  const tied = await write(async (tx): Promise<RiderStop> => {
    if (!(await lockStudentPoint(tx, studentId))) throw notFound('Student not found.');
    const before = (await tieOf(tx, studentId, run)) ?? null;
    if (stopId !== null) {
      const seat = await seatOf(tx, studentId);
      if (!seat) {
        const message = 'This child is not seated on any route. Seat them on a route first.';
        throw conflict(message, [{ field: 'stopId', message }]);
      }
      await lockRouteOrFail(tx, seat.routeId, 'share');
      if (!(await isStopOnRun(tx, seat.routeId, run, stopId))) {
        const message = `This stop is not on ${runOfRoute(seat.routeName, run)}.`;
        throw conflict(message, [{ field: 'stopId', message }]);
      }
    }
    await setTie(tx, studentId, run, stopId);
    await recordAudit(tx, {
      ...context,
      action: 'student.stop_chosen',
      entityType: 'student',
      entityId: studentId,
      details: { run, stopId: { from: before, to: stopId } },
    });
    await plans.announce(tx, [studentId]);
    return { studentId, run, stopId };
  });
  plans.wake();
  return tied;
}

/**
 * A stop for a seated child's pickup point on the run: the nearest stop within walking distance if there is
 * one, otherwise a new stop at the point. It is appended to the run if the run does not reach it yet, and the
 * child is tied to it. One transaction.
 */
export async function stopFromStudent(
  deps: ScheduleServiceDeps,
  routeId: string,
  run: Run,
  studentId: string,
  context: ChangeContext,
) {
  const { db, stops } = deps;
  const write = writerFor(db, CONFLICTS);
  await write(async (tx) => {
    const route = await lockRouteOrFail(tx, routeId, 'update');
    if ((await runStart(tx, routeId, run)) === undefined)
      throw conflict(`Set the ${RUN_NAMES[run]}'s start time first.`);
    const found = await lockStudentPoint(tx, studentId);
    if (!found) throw notFound('Student not found.');
    const { lat, lng } = found;
    if (lat === null || lng === null)
      throw conflict('This child has no home point yet: place their address under Review addresses first.');
    const point = { ...found, lat, lng };
    if ((await seatOf(tx, studentId))?.routeId !== routeId)
      throw conflict(`This child is not seated on route "${route.name}". Seat them on it first.`);
    const [nearest] = await stopsNear(tx, point, REUSE_RADIUS_M);
    if (nearest) await lockExistingStops(tx, [nearest.id]);
    const { last, count } = await lastRunStop(tx, routeId, run);
    const stopId =
      nearest?.id ??
      (await stops.createIn(
        tx,
        {
          // Numbered by where it joins the run (its position there).
          name: neutralStopName(route.name, (last?.position ?? 0) + 1),
          lat: point.lat,
          lng: point.lng,
          address: point.address,
        },
        context,
      ));
    const appended = !(await isStopOnRun(tx, routeId, run, stopId));
    if (appended) {
      if (count >= MAX_STOPS) throw conflict(`The ${RUN_NAMES[run]} already has ${MAX_STOPS} stops.`);
      await appendRunStop(tx, {
        routeId,
        run,
        stopId,
        position: (last?.position ?? 0) + 1,
        minutesAfterStart: last ? Math.min(MAX_MINUTES, last.minutesAfterStart + APPENDED_STOP_MINUTES) : 0,
      });
    }
    await setTie(tx, studentId, run, stopId);
    await auditRoute(tx, context, routeId, 'stop_added_from_student', {
      run,
      stopId,
      studentId,
      reused: nearest !== undefined,
      appended,
    });
    await deps.plans.announce(tx, [studentId]);
  });
  deps.plans.wake();
  return scheduleOf(deps, routeId);
}

/** Route run schedules: each run's start time and stops in order, and the stop each seated child waits at. */
export function createScheduleService(deps: ScheduleServiceDeps) {
  return {
    schedule: scheduleOf.bind(null, deps),
    saveRun: saveRun.bind(null, deps),
    clearRun: clearRunSchedule.bind(null, deps),
    tieRider: tieRider.bind(null, deps),
    stopFromStudent: stopFromStudent.bind(null, deps),
  };
}
export type ScheduleService = ReturnType<typeof createScheduleService>;
