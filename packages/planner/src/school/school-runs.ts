/**
 * One school's runs: the routing problem the solver is given, and its answer turned back into runs a planner can
 * read (stops in order with times, each child's ride), the afternoon's mirror and the figures of a plan.
 *
 * Times are seconds from midnight, local to the school. Node 0 of the problem is the school; node i is `stops[i − 1]`,
 * and the travel table must be over the same points (`runPoints`).
 */
import type { RoutingProblem } from '../solver/problem.js';
import type { Point } from './geo.js';
import type { GroupedStop } from './group-stops.js';
import { DEFAULT_DWELL, dwellSeconds, type DwellSettings, type TravelTable } from './travel-model.js';

export interface School extends Point {
  /** When lessons start, seconds from midnight. */
  bellTime: number;
}

export interface Fleet {
  /** Seats (children) of each vehicle with a driver available for this school; a run's vehicle is an index here. */
  capacities: readonly number[];
}

export interface RunSettings {
  /** Buses arrive no later than this before the bell (the solver's hard limit). */
  latestArrivalBeforeBellSeconds: number;
  /** Buses are planned to arrive this long before the bell: the estimated times then have the whole window, up to
   * the latest arrival, as their margin against traffic. */
  plannedArrivalBeforeBellSeconds: number;
  /** Longest time a child may spend in the bus, from leaving their stop to arriving at school (or back). */
  maxRideSeconds: number;
  dwell: DwellSettings;
}

export const DEFAULT_RUN_SETTINGS: RunSettings = {
  latestArrivalBeforeBellSeconds: 5 * 60,
  plannedArrivalBeforeBellSeconds: 20 * 60,
  maxRideSeconds: 45 * 60,
  dwell: DEFAULT_DWELL,
};

export interface SchoolRunInput {
  name: string;
  school: School;
  stops: readonly GroupedStop[];
  /** Over `runPoints(school, stops)`. */
  travel: TravelTable;
  fleet: Fleet;
  settings?: RunSettings;
}

/** The points of the problem's nodes, in node order: what the travel table is computed over. */
export function runPoints(school: Point, stops: readonly Point[]): Point[] {
  return [school, ...stops];
}

const SCHOOL = 0;

function settingsOf(input: SchoolRunInput): RunSettings {
  const settings = input.settings ?? DEFAULT_RUN_SETTINGS;
  if (settings.plannedArrivalBeforeBellSeconds < settings.latestArrivalBeforeBellSeconds) {
    throw new RangeError('The planned arrival must not be later than the latest arrival');
  }
  return settings;
}

/**
 * The morning problem: every stop picked up once, each run ending at the school. Cost is driving time; the cost of
 * a vehicle is more than the whole plan's driving could ever be, so fewer vehicles always win first.
 */
export function buildMorningProblem(input: SchoolRunInput): RoutingProblem {
  const { school, stops, travel, fleet } = input;
  const settings = settingsOf(input);
  const size = stops.length + 1;
  if (travel.size !== size) throw new RangeError(`The travel table has ${travel.size} points, not ${size}`);
  const largest = Math.max(0, ...fleet.capacities);
  const crowded = stops.find((stop) => stop.childIds.length > largest);
  if (crowded) {
    throw new RangeError(
      `A stop has ${crowded.childIds.length} children, more than the largest vehicle's ${largest} seats`,
    );
  }
  const latestArrival = school.bellTime - settings.latestArrivalBeforeBellSeconds;
  const demand = new Float64Array(size);
  const serviceTime = new Float64Array(size);
  const dueTime = new Float64Array(size);
  const maxRideTime = new Float64Array(size).fill(Infinity);
  dueTime[SCHOOL] = latestArrival;
  stops.forEach((stop, index) => {
    const node = index + 1;
    demand[node] = stop.childIds.length;
    serviceTime[node] = dwellSeconds(stop.childIds.length, settings.dwell);
    // Implied by the school's window already; stated per stop so that a search can reject a late stop at once.
    dueTime[node] = latestArrival - travel.seconds[node * size + SCHOOL]! - serviceTime[node]!;
    maxRideTime[node] = settings.maxRideSeconds;
  });
  return {
    name: input.name,
    size,
    depot: SCHOOL,
    // Driving time is both what is minimised and what the clock runs on: one matrix (`time` falls back to it).
    cost: travel.seconds,
    demand,
    capacity: largest,
    // Each run is planned for its own vehicle, so a mixed fleet's large buses take more children per run.
    vehicleCapacities: Float64Array.from(fleet.capacities),
    serviceTime,
    // Ready at midnight: a run may leave as early as it needs, the school's latest arrival is what binds.
    readyTime: new Float64Array(size),
    dueTime,
    maxRideTime,
    vehicleCost: vehicleCostAbove(travel.seconds, stops.length),
    openStart: true,
  };
}

/** An open-start plan drives one edge per stop, so no plan's driving exceeds stops × the longest edge. */
function vehicleCostAbove(seconds: Float64Array, stopCount: number): number {
  let longest = 0;
  for (const edge of seconds) longest = Math.max(longest, edge);
  return stopCount * longest + 1;
}

export interface RunStop extends Point {
  /** Node of the problem (index in the travel table). */
  node: number;
  existingStopId: string | null;
  childIds: string[];
  arrival: number;
  departure: number;
}

export interface ChildRide {
  childId: string;
  seconds: number;
}

export interface Run {
  direction: 'morning' | 'afternoon';
  /** The run's vehicle: an index into the fleet's capacities. */
  vehicle: number;
  /** What that vehicle seats. */
  seats: number;
  /** In driving order. */
  stops: RunStop[];
  /** Morning: arrival at school; afternoon: departure from school, the children on board. */
  schoolTime: number;
  /** From the first stop's arrival to the school (morning), from dismissal to the last stop's departure (afternoon). */
  start: number;
  end: number;
  rides: ChildRide[];
  children: number;
  metres: number;
  drivingSeconds: number;
}

/**
 * The solver's routes (stop nodes in order, the school left out) and their vehicles (`routeVehicles`: indexes into
 * the fleet's capacities) as timed morning runs, arriving at the planned time before the bell, each stop timed
 * backwards from there so that nobody boards earlier than needed.
 */
export function morningRuns(
  routes: readonly (readonly number[])[],
  routeVehicles: readonly number[],
  input: SchoolRunInput,
): Run[] {
  const settings = settingsOf(input);
  const arrival = input.school.bellTime - settings.plannedArrivalBeforeBellSeconds;
  if (routeVehicles.length !== routes.length) throw new RangeError('Every route needs its vehicle');
  return routes
    .map((route, index) => ({ route, vehicle: routeVehicles[index]! }))
    .filter(({ route }) => route.length > 0)
    .map(({ route, vehicle }) => {
      const legs = drivingLegs([...route, SCHOOL], input.travel);
      const stops: RunStop[] = [];
      let leaveBy = arrival;
      for (let k = route.length - 1; k >= 0; k -= 1) {
        const node = route[k]!;
        const departure = leaveBy - legs.seconds[k]!;
        const stopArrival = departure - dwellSeconds(stopOf(input, node).childIds.length, settings.dwell);
        stops.unshift(runStop(input, node, stopArrival, departure));
        leaveBy = stopArrival;
      }
      return timedRun('morning', seated(input, vehicle), stops, legs, arrival, {
        start: stops[0]!.arrival,
        end: arrival,
        rideOf: (stop) => arrival - stop.departure,
      });
    });
}

/**
 * The afternoon's runs mirror the morning's: the same stops in reverse order, leaving school at dismissal once
 * everybody has boarded, each child's ride ending when the bus reaches their stop.
 */
export function afternoonRuns(morning: readonly Run[], input: SchoolRunInput, dismissalTime: number): Run[] {
  const settings = settingsOf(input);
  return morning.map((run) => {
    const route = run.stops.map((stop) => stop.node).reverse();
    const legs = drivingLegs([SCHOOL, ...route], input.travel);
    const schoolDeparture = dismissalTime + dwellSeconds(run.children, settings.dwell);
    let clock = schoolDeparture;
    const stops = route.map((node, k) => {
      const stopArrival = clock + legs.seconds[k]!;
      clock = stopArrival + dwellSeconds(stopOf(input, node).childIds.length, settings.dwell);
      return runStop(input, node, stopArrival, clock);
    });
    return timedRun('afternoon', { vehicle: run.vehicle, seats: run.seats }, stops, legs, schoolDeparture, {
      start: dismissalTime,
      end: clock,
      rideOf: (stop) => stop.arrival - schoolDeparture,
    });
  });
}

interface Legs {
  metres: number[];
  seconds: number[];
}

/** The edges driven along a sequence of nodes. */
function drivingLegs(nodes: readonly number[], travel: TravelTable): Legs {
  const legs: Legs = { metres: [], seconds: [] };
  for (let k = 0; k + 1 < nodes.length; k += 1) {
    const edge = nodes[k]! * travel.size + nodes[k + 1]!;
    legs.metres.push(travel.metres[edge]!);
    legs.seconds.push(travel.seconds[edge]!);
  }
  return legs;
}

/** A vehicle of the fleet, refused when it is not one. */
function seated(input: SchoolRunInput, vehicle: number): Pick<Run, 'vehicle' | 'seats'> {
  const seats = input.fleet.capacities[vehicle];
  if (seats === undefined) throw new RangeError(`Vehicle ${vehicle} is not one of the fleet`);
  return { vehicle, seats };
}

function stopOf(input: SchoolRunInput, node: number): GroupedStop {
  const stop = input.stops[node - 1];
  if (!stop || node === SCHOOL) throw new RangeError(`Node ${node} is not a stop of this school`);
  return stop;
}

function runStop(input: SchoolRunInput, node: number, arrival: number, departure: number): RunStop {
  const { existingStopId, lat, lng, childIds } = stopOf(input, node);
  return { node, existingStopId, lat, lng, childIds: [...childIds], arrival, departure };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function timedRun(
  direction: Run['direction'],
  vehicle: Pick<Run, 'vehicle' | 'seats'>,
  stops: RunStop[],
  legs: Legs,
  schoolTime: number,
  timing: { start: number; end: number; rideOf: (stop: RunStop) => number },
): Run {
  const rides = stops.flatMap((stop) =>
    stop.childIds.map((childId) => ({ childId, seconds: timing.rideOf(stop) })),
  );
  if (rides.length > vehicle.seats) {
    throw new RangeError(`A run of ${rides.length} children on a vehicle of ${vehicle.seats} seats`);
  }
  return {
    direction,
    ...vehicle,
    stops,
    schoolTime,
    start: timing.start,
    end: timing.end,
    rides,
    children: rides.length,
    metres: sum(legs.metres),
    drivingSeconds: sum(legs.seconds),
  };
}

/** The figures of a plan, for the review screen. */
export interface PlanSummary {
  vehicles: number;
  totalMetres: number;
  totalDrivingSeconds: number;
  /** Sum of the runs' durations (driving and stops). */
  totalSeconds: number;
  longestRide: ChildRide | null;
  childrenPerRun: number[];
  /** Children whose ride is longer than the maximum (none in a feasible morning plan; an asymmetric road table can
   * make the afternoon's mirror longer). */
  ridesOverMax: ChildRide[];
}

export function summarisePlan(
  runs: readonly Run[],
  maxRideSeconds: number = DEFAULT_RUN_SETTINGS.maxRideSeconds,
): PlanSummary {
  const rides = runs.flatMap((run) => run.rides);
  return {
    vehicles: runs.length,
    totalMetres: sum(runs.map((run) => run.metres)),
    totalDrivingSeconds: sum(runs.map((run) => run.drivingSeconds)),
    totalSeconds: sum(runs.map((run) => run.end - run.start)),
    longestRide: rides.reduce<ChildRide | null>(
      (longest, ride) => (longest && longest.seconds >= ride.seconds ? longest : ride),
      null,
    ),
    childrenPerRun: runs.map((run) => run.children),
    // Slack for times summed in a different order than the solver summed them.
    ridesOverMax: rides.filter((ride) => ride.seconds > maxRideSeconds + 1e-6),
  };
}

/** A time of day on a date as an ISO local date-time (`2026-09-01T07:42:05`), whole seconds, the next day after
 * midnight. */
export function localDateTime(date: string, secondsFromMidnight: number): string {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(midnight)) throw new RangeError(`Not a date: ${date}`);
  return new Date(midnight + Math.round(secondsFromMidnight) * 1000).toISOString().slice(0, 19);
}
