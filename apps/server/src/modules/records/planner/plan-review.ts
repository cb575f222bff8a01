import type {
  ChildChange,
  PlannedRun,
  PlannedStop,
  PlanResult,
  ReviewRun,
  ReviewStop,
} from '@school-transport/shared';
import { neutralStopName } from '../stops/index.js';
import type { ChildPlacement, VehicleAssignment } from './plan-review-queries.js';

/**
 * What a plan would change, worked out from the database as it is (read by the review, or under the locks of
 * acceptance): the same words for why it cannot be accepted, the same names for its new stops, either way.
 */
export interface PlanState {
  school: { id: string; name: string; lat: number; lng: number };
  result: PlanResult;
  acceptedAt: Date | null;
  /** The vehicles of the request that still exist, with their assignment if any. */
  vehicles: Map<string, VehicleAssignment>;
  /** The children of the plan and those seated on its runs' assignments, those that still exist. */
  children: Map<string, ChildPlacement>;
  /** Who sits on the assignments of the request's vehicles now. */
  seated: ReadonlyArray<{ studentId: string; assignmentId: string }>;
  /** The existing stops the plan reuses that still exist: id → name. */
  stops: Map<string, string>;
}

/** A planned stop's identity: the existing stop, or the first child of a new one (a child is at one stop). */
export const stopKey = (stop: PlannedStop) => stop.existingStopId ?? `new:${stop.childIds[0] ?? ''}`;

/** The vehicles that drive a run of the plan, morning or afternoon, in the plan's order. */
export function runVehicleIds(result: PlanResult): string[] {
  return [...new Set([...result.morningRuns, ...result.afternoonRuns].map((run) => run.vehicleId))];
}

export const plannedChildIds = (result: PlanResult) => result.stops.flatMap((stop) => stop.childIds);

/** The existing stops the plan reuses. */
export const reusedStopIds = (result: PlanResult) =>
  result.stops.flatMap((stop) => (stop.existingStopId ? [stop.existingStopId] : []));

/** The new stops of the plan, in its order (their names are numbered in it). */
export const newStops = (result: PlanResult) => result.stops.filter((stop) => stop.existingStopId === null);

/**
 * Each planned stop's name by its key: an existing stop keeps its own; a new one is "<school> stop N", never named
 * after a child or their address (stop names are shown to everyone on the route: schedule-service.ts,
 * neutralStopName).
 */
export function stopNamesOf(state: PlanState): Map<string, string> {
  const names = new Map<string, string>();
  let numbered = 0;
  for (const stop of state.result.stops) {
    if (stop.existingStopId) {
      names.set(stopKey(stop), state.stops.get(stop.existingStopId) ?? 'A deleted stop');
      continue;
    }
    numbered += 1;
    names.set(stopKey(stop), neutralStopName(state.school.name, numbered));
  }
  return names;
}

/** The morning run that carries each planned child. */
function morningRunOfChild(result: PlanResult): Map<string, PlannedRun> {
  return new Map(
    result.morningRuns.flatMap((run) => run.stops.flatMap((stop) => stop.childIds.map((id) => [id, run]))),
  );
}

/** The planned stop of each planned child. */
export function stopOfChild(result: PlanResult): Map<string, PlannedStop> {
  return new Map(result.stops.flatMap((stop) => stop.childIds.map((id) => [id, stop])));
}

/** Why the plan cannot be accepted now, in words; empty when it can. */
export function blockersOf(state: PlanState): string[] {
  const { result } = state;
  const blockers: string[] = [];
  if (state.acceptedAt) blockers.push('This plan was accepted already.');
  for (const vehicleId of runVehicleIds(result)) {
    const runs = [...result.morningRuns, ...result.afternoonRuns].filter(
      (run) => run.vehicleId === vehicleId,
    );
    const plate = runs[0]!.licensePlate;
    const children = Math.max(...runs.map((run) => run.children));
    const vehicle = state.vehicles.get(vehicleId);
    if (!vehicle) blockers.push(`Vehicle ${plate} was deleted since the plan was made.`);
    else if (!vehicle.assignmentId)
      blockers.push(`Vehicle ${plate} has no driver and route: assign it first.`);
    else if (children > vehicle.capacity)
      blockers.push(
        `Vehicle ${plate} has ${vehicle.capacity} seats now, fewer than the ${children} children of its run.`,
      );
  }
  const goneChildren = plannedChildIds(result).filter((id) => !state.children.has(id)).length;
  if (goneChildren > 0)
    blockers.push(
      `${goneChildren === 1 ? 'A child' : `${goneChildren} children`} of the plan ${goneChildren === 1 ? 'was' : 'were'} deleted since it was made: plan again.`,
    );
  const goneStops = reusedStopIds(result).filter((id) => !state.stops.has(id)).length;
  if (goneStops > 0)
    blockers.push(
      `${goneStops === 1 ? 'A stop' : `${goneStops} stops`} of the plan ${goneStops === 1 ? 'was' : 'were'} deleted since it was made: plan again.`,
    );
  return blockers;
}

/** The assignments that drive the plan's runs (of the vehicles that have one). */
export function runAssignmentIds(state: PlanState): string[] {
  return runVehicleIds(state.result).flatMap((id) => state.vehicles.get(id)?.assignmentId ?? []);
}

/** The children seated on the plan's assignments who are not in the plan: they lose their seat. */
export function unseatedIds(state: PlanState): string[] {
  const planned = new Set(plannedChildIds(state.result));
  const chosen = new Set(runAssignmentIds(state));
  return state.seated
    .filter((seat) => chosen.has(seat.assignmentId) && !planned.has(seat.studentId))
    .map((seat) => seat.studentId);
}

/**
 * Every child of the plan whose route or morning stop changes, then every child who loses their seat on a
 * route of the plan (to nowhere).
 */
export function changesOf(state: PlanState, names: Map<string, string>): ChildChange[] {
  const runOf = morningRunOfChild(state.result);
  const changes: ChildChange[] = [];
  for (const [childId, stop] of stopOfChild(state.result)) {
    const child = state.children.get(childId);
    const vehicle = state.vehicles.get(runOf.get(childId)?.vehicleId ?? '');
    if (!child) continue;
    const sameRoute = child.assignmentId !== null && child.assignmentId === vehicle?.assignmentId;
    const sameStop = stop.existingStopId !== null && stop.existingStopId === child.pickupStopId;
    if (sameRoute && sameStop) continue;
    changes.push({
      studentId: child.id,
      name: child.name,
      from: { routeName: child.routeName, stopName: child.pickupStopName },
      to: { routeName: vehicle?.routeName ?? null, stopName: names.get(stopKey(stop)) ?? null },
    });
  }
  for (const id of unseatedIds(state)) {
    const child = state.children.get(id);
    if (!child) continue;
    changes.push({
      studentId: id,
      name: child.name,
      from: { routeName: child.routeName, stopName: child.pickupStopName },
      to: { routeName: null, stopName: null },
    });
  }
  return changes;
}

const assignmentPart = (vehicle: VehicleAssignment | undefined) => ({
  routeId: vehicle?.routeId ?? null,
  routeName: vehicle?.routeName ?? null,
  driverName: vehicle?.driverName ?? null,
});

/** The proposal's morning runs as the review shows them, each with the assignment that would drive it. */
export function proposedRuns(state: PlanState, names: Map<string, string>): ReviewRun[] {
  return state.result.morningRuns.map((run) => ({
    vehicleId: run.vehicleId,
    licensePlate: run.licensePlate,
    ...assignmentPart(state.vehicles.get(run.vehicleId)),
    stops: run.stops.map((stop): ReviewStop => ({
      stopId: stop.existingStopId,
      name: names.get(stopKey(stop)) ?? '',
      lat: stop.lat,
      lng: stop.lng,
      time: stop.time,
      children: stop.childIds.length,
    })),
    children: run.children,
  }));
}

export interface CurrentStop {
  routeId: string;
  stopId: string;
  name: string;
  lat: number;
  lng: number;
  time: string | null;
}

/**
 * The vehicles' morning runs as they are: each vehicle's route's stops, each counting the route's children who
 * wait there, and the children seated on its assignment.
 */
export function currentRuns(
  vehicles: readonly VehicleAssignment[],
  stops: readonly CurrentStop[],
  seated: ReadonlyArray<{ studentId: string; assignmentId: string }>,
  children: Map<string, ChildPlacement>,
): ReviewRun[] {
  return vehicles.map((vehicle) => {
    const riders = seated.filter((seat) => seat.assignmentId === vehicle.assignmentId);
    const waitingAt = (stopId: string) =>
      riders.filter((seat) => children.get(seat.studentId)?.pickupStopId === stopId).length;
    return {
      vehicleId: vehicle.vehicleId,
      licensePlate: vehicle.licensePlate,
      ...assignmentPart(vehicle),
      stops: stops
        .filter((stop) => stop.routeId === vehicle.routeId)
        .map(({ routeId: _routeId, ...stop }) => ({ ...stop, children: waitingAt(stop.stopId) })),
      children: riders.length,
    };
  });
}
