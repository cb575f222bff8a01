import type { PlanAccepted, PlannedRun, PlanReview, PlanStatus, Run } from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { writerFor } from '../../../lib/db-errors.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { replaceSeats } from '../assignments/index.js';
import { recordAudit } from '../../platform/audit/index.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { pendingTripsFollowRoutes } from '../../operations/trips/index.js';
import type { PlanAnnouncer } from '../plan-changes/index.js';
import { clearRun, lockExistingStops, lockRoute, replaceRunStops, setRunStart } from '../stops/index.js';
import {
  blockersOf,
  changesOf,
  currentRuns,
  newStops,
  plannedChildIds,
  proposedRuns,
  reusedStopIds,
  runVehicleIds,
  stopKey,
  stopNamesOf,
  stopOfChild,
  unseatedIds,
  type PlanState,
} from './plan-review.js';
import {
  childPlacements,
  insertStops,
  lockAssignmentsOfVehicles,
  lockProposal,
  markAccepted,
  morningStopsOfRoutes,
  schoolOfProposal,
  seatedOnAssignments,
  setStops,
  stopNames,
  unseatElsewhere,
  untie,
  vehiclesWithAssignments,
} from './plan-review-queries.js';
import { proposalWithSchool, type ProposalRow } from './planner-queries.js';

const NOT_FOUND = 'Proposal not found.';

/** Backstops for what the locks below leave to the database. */
const CONFLICTS = {
  assignment_students_student_unique: {
    message: 'A child of the plan was seated on another route meanwhile. Review the plan again.',
  },
  route_stops_stop_id_stops_id_fk: { message: 'A stop of the plan was deleted meanwhile. Plan again.' },
  student_stops_stop_id_stops_id_fk: { message: 'A stop of the plan was deleted meanwhile. Plan again.' },
};

/** HH:MM as minutes from midnight. */
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

const notDone = (status: PlanStatus, what: string) =>
  conflict(`This plan cannot be ${what}: it is ${status.toLowerCase()}.`);

/** A DONE proposal's plan, or the 409 that says why there is none. */
function doneResult(row: ProposalRow, what: string) {
  if (row.status !== 'DONE' || !row.result) throw notDone(row.status, what);
  return row.result;
}

/**
 * The plan against the database as it is. `lock` (acceptance): the runs' assignments are locked for update, the
 * vehicles shared (capacities hold), the children and reused stops key-shared (none can go) until the commit.
 */
async function stateOf(db: Executor, row: ProposalRow, lock: boolean): Promise<PlanState> {
  const result = row.result!;
  const school = (await schoolOfProposal(db, row.schoolId))!;
  const vehicleIds = [...new Set([...row.request.vehicleIds, ...runVehicleIds(result)])];
  if (lock) await lockAssignmentsOfVehicles(db, runVehicleIds(result));
  const vehicles = await vehiclesWithAssignments(db, vehicleIds, lock);
  const seated = await seatedOnAssignments(
    db,
    vehicles.flatMap((vehicle) => vehicle.assignmentId ?? []),
  );
  const childIds = [...new Set([...plannedChildIds(result), ...seated.map((seat) => seat.studentId)])];
  const children = await childPlacements(db, childIds, lock);
  const reused = reusedStopIds(result);
  const named = await stopNames(db, reused);
  if (lock) await lockExistingStops(db, reused);
  return {
    school,
    result,
    acceptedAt: row.acceptedAt,
    vehicles: new Map(vehicles.map((vehicle) => [vehicle.vehicleId, vehicle])),
    children: new Map(children.map((child) => [child.id, child])),
    seated,
    stops: new Map(named.map((stop) => [stop.id, stop.name])),
  };
}

/**
 * One run of a route becomes the planned run: its start (the morning's first stop, the afternoon's departure
 * from school) and its stops in order, each some minutes after the start. No planned run: the run is cleared.
 */
async function writeRun(
  tx: Executor,
  routeId: string,
  run: Run,
  planned: PlannedRun | undefined,
  stopIdOf: Map<string, string>,
) {
  if (!planned) return clearRun(tx, routeId, run);
  const start = run === 'PICKUP' ? planned.stops[0]!.time : planned.schoolTime;
  await setRunStart(tx, routeId, run, start);
  await replaceRunStops(
    tx,
    routeId,
    run,
    planned.stops.map((stop) => ({
      stopId: stopIdOf.get(stopKey(stop))!,
      minutesAfterStart: minutesOf(stop.time) - minutesOf(start),
    })),
  );
}

export interface PlanReviewServiceDeps {
  db: Database;
  clock: Clock;
  /** Which day is today: its trips and later ones, not yet started, follow the accepted runs. */
  timeZone: string;
  /** Tells the guardians of the children whose stop or time the plan moved (decision 068). */
  plans: PlanAnnouncer;
}

type PlanResult = NonNullable<ProposalRow['result']>;

/** The plan's new stops, inserted; and each stop of the plan (reused or new) by its key, as a stop id. */
async function insertNewStops(tx: Executor, result: PlanResult, state: PlanState) {
  const names = stopNamesOf(state);
  const created = newStops(result);
  const createdIds = await insertStops(
    tx,
    created.map((stop) => ({
      name: names.get(stopKey(stop))!,
      lat: stop.lat,
      lng: stop.lng,
      address: state.children.get(stop.childIds[0] ?? '')?.address ?? null,
    })),
  );
  const stopIdOf = new Map([
    ...reusedStopIds(result).map((stopId) => [stopId, stopId] as const),
    ...created.map((stop, index) => [stopKey(stop), createdIds[index]!] as const),
  ]);
  return { created, stopIdOf };
}

/**
 * Each route of the plan's vehicles gets its planned runs and its morning riders as seats (taken off any other
 * assignment). Answers the vehicles whose routes changed.
 */
async function rewriteRoutes(
  tx: Executor,
  result: PlanResult,
  state: PlanState,
  stopIdOf: Map<string, string>,
) {
  // Routes locked in id order, the lock every schedule writer takes, so two writers cannot deadlock.
  const used = runVehicleIds(result)
    .map((vehicleId) => state.vehicles.get(vehicleId)!)
    .sort((a, b) => a.routeId!.localeCompare(b.routeId!));
  for (const vehicle of used) await lockRoute(tx, vehicle.routeId!, 'update');
  for (const vehicle of used) {
    const morning = result.morningRuns.find((run) => run.vehicleId === vehicle.vehicleId);
    const afternoon = result.afternoonRuns.find((run) => run.vehicleId === vehicle.vehicleId);
    await writeRun(tx, vehicle.routeId!, 'PICKUP', morning, stopIdOf);
    await writeRun(tx, vehicle.routeId!, 'DROP', afternoon, stopIdOf);
    const riders = morning?.stops.flatMap((stop) => stop.childIds) ?? [];
    await unseatElsewhere(tx, riders, vehicle.assignmentId!);
    await replaceSeats(tx, vehicle.assignmentId!, riders);
  }
  return used;
}

export async function reviewPlan({ db }: PlanReviewServiceDeps, id: string): Promise<PlanReview> {
  const found = await proposalWithSchool(db, id);
  if (!found) throw notFound(NOT_FOUND);
  const row = found.proposal;
  const result = doneResult(row, 'reviewed');
  const state = await stateOf(db, row, false);
  const names = stopNamesOf(state);
  const requested = row.request.vehicleIds.flatMap((vehicleId) => state.vehicles.get(vehicleId) ?? []);
  const currentStops = await morningStopsOfRoutes(
    db,
    requested.flatMap((vehicle) => vehicle.routeId ?? []),
  );
  return {
    proposalId: row.id,
    school: state.school,
    current: currentRuns(requested, currentStops, state.seated, state.children),
    proposed: proposedRuns(state, names),
    summary: result.summary,
    changes: changesOf(state, names),
    blockers: blockersOf(state),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

/**
 * In one transaction, under the proposal's lock (a second acceptance waits, then finds it accepted): the new
 * stops, each run's route's runs and stops, the children's stops and seats, and one audit entry.
 */
export async function acceptPlan(
  { db, clock, timeZone, plans }: PlanReviewServiceDeps,
  id: string,
  context: ChangeContext,
): Promise<PlanAccepted> {
  const acceptedAt = clock();
  const write = writerFor(db, CONFLICTS);
  const accepted = await write(async (tx) => {
    const row = await lockProposal(tx, id);
    if (!row) throw notFound(NOT_FOUND);
    const result = doneResult(row, 'accepted');
    const state = await stateOf(tx, row, true);
    const blockers = blockersOf(state);
    if (blockers.length > 0) throw conflict(blockers.join(' '));

    const { created, stopIdOf } = await insertNewStops(tx, result, state);
    const used = await rewriteRoutes(tx, result, state, stopIdOf);
    const ties = [...stopOfChild(result)].map(([studentId, stop]) => ({
      studentId,
      stopId: stopIdOf.get(stopKey(stop))!,
    }));
    await setStops(tx, 'PICKUP', ties);
    await setStops(tx, 'DROP', ties);
    const unseated = unseatedIds(state);
    await untie(tx, unseated);
    const fromDate = zonedDate(acceptedAt, timeZone);
    const tripsRefreshed = await pendingTripsFollowRoutes(
      tx,
      used.map((vehicle) => vehicle.routeId!),
      { fromDate, timeZone },
    );
    // Every child the plan seated, moved or unseated: the announcer tells only those whose stop or time moved.
    await plans.announce(tx, [...state.children.keys()], { from: fromDate, schoolId: row.schoolId });
    await markAccepted(tx, id, acceptedAt, context.actor.id);

    const accepted: PlanAccepted = {
      proposalId: id,
      acceptedAt: acceptedAt.toISOString(),
      stopsCreated: created.length,
      routesChanged: used.length,
      childrenSeated: ties.length,
      childrenUnseated: unseated.length,
    };
    const { proposalId: _proposalId, acceptedAt: _acceptedAt, ...counts } = accepted;
    await recordAudit(tx, {
      ...context,
      action: 'plan.accepted',
      entityType: 'plan_proposal',
      entityId: id,
      details: { schoolId: row.schoolId, ...counts, tripsRefreshed },
    });
    return accepted;
  });
  plans.wake();
  return accepted;
}

/**
 * Reviewing a plan (the chosen vehicles' routes now and as proposed, who changes) and accepting it: the one
 * write of the planner into stops, routes and seats (decision 029).
 */
export function createPlanReviewService(deps: PlanReviewServiceDeps) {
  return {
    review: reviewPlan.bind(null, deps),
    accept: acceptPlan.bind(null, deps),
  };
}
export type PlanReviewService = ReturnType<typeof createPlanReviewService>;
