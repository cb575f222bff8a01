/**
 * A planning job's own thread: from the school, the children's homes, the stops nearby and the vehicles to the
 * proposal of stops and runs. The search is synchronous and long, so it runs here, never on the API's thread; the
 * runner (plan-runner.ts) cancels it by terminating the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  afternoonRuns,
  buildMorningProblem,
  DEFAULT_RUN_SETTINGS,
  DEFAULT_STOP_GROUPING,
  groupStops,
  morningRuns,
  osrmTravelModel,
  runPoints,
  RouterError,
  solve,
  straightLineTable,
  summarisePlan,
  TravelCache,
  type ChildHome,
  type ExistingStop,
  type Point,
  type Run,
  type SchoolRunInput,
  type StraightLineSettings,
  type TravelCacheSnapshot,
  type TravelTable,
} from '@school-transport/planner';
import type { PlannedRun, PlanProgress, PlanResult } from '@school-transport/shared';

export interface PlanVehicle {
  id: string;
  licensePlate: string;
  capacity: number;
}

/** The operator's rules of a plan (settings, PLANNER_*). */
export interface PlanRules {
  walkingDistanceM: number;
  maxChildrenPerStop: number;
  maxRideSeconds: number;
}

/** The planner's own defaults, which the settings' defaults are too. */
export const DEFAULT_PLAN_RULES: PlanRules = {
  walkingDistanceM: DEFAULT_STOP_GROUPING.walkingDistanceM,
  maxChildrenPerStop: DEFAULT_STOP_GROUPING.maxChildrenPerStop,
  maxRideSeconds: DEFAULT_RUN_SETTINGS.maxRideSeconds,
};

/** Everything a job needs, read from the database by the service: plain data, posted to the thread as it is. */
export interface PlanJob {
  name: string;
  school: { lat: number; lng: number; bellTimeSeconds: number; dismissalTimeSeconds: number };
  children: ChildHome[];
  existingStops: ExistingStop[];
  vehicles: PlanVehicle[];
  rules: PlanRules;
  travel: StraightLineSettings;
  seconds: number;
  seed: number;
  /** Stop the search after this many iterations (the same plan on any machine); absent: the time limit only. */
  iterations?: number;
}

/**
 * What the thread posts: progress any number of times, then one outcome (or it throws, and the thread fails).
 * With a road router, it says why the router failed (for the log, without places) and, before its outcome, hands
 * back the router's cache.
 */
export type PlanWorkerMessage =
  | { type: 'progress'; progress: PlanProgress }
  | { type: 'router-failed'; reason: string }
  | { type: 'cache'; snapshot: TravelCacheSnapshot }
  | { type: 'done'; result: PlanResult }
  /** The rules leave children without a run, or the road router failed: said in words for the person who asked. */
  | { type: 'unplannable'; message: string };

export type PlanOutcome = Extract<PlanWorkerMessage, { type: 'done' | 'unplannable' }>;

/** Travel between every pair of points: the straight line by default, or a road router's. */
export type TravelTableSource = (points: readonly Point[]) => Promise<TravelTable>;

const SECONDS_PER_DAY = 24 * 60 * 60;

/** Seconds from midnight as the wall clock's HH:MM, rounded down: a child is at the stop by the time shown. */
function clockTime(seconds: number): string {
  const minutes = Math.floor((((seconds % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY) / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The fleet in words: "3 vehicles of 20 to 60 seats". */
function fleetInWords(vehicles: readonly PlanVehicle[]): string {
  const seats = vehicles.map((vehicle) => vehicle.capacity);
  const [fewest, most] = [Math.min(...seats), Math.max(...seats)];
  const count = `${vehicles.length} vehicle${vehicles.length === 1 ? '' : 's'}`;
  return `${count} of ${fewest === most ? fewest : `${fewest} to ${most}`} seats`;
}

function plannedRun(run: Run, vehicle: PlanVehicle): PlannedRun {
  return {
    vehicleId: vehicle.id,
    licensePlate: vehicle.licensePlate,
    stops: run.stops.map((stop) => ({
      existingStopId: stop.existingStopId,
      lat: stop.lat,
      lng: stop.lng,
      time: clockTime(stop.arrival),
      childIds: stop.childIds,
    })),
    schoolTime: clockTime(run.schoolTime),
    children: run.children,
    metres: Math.round(run.metres),
    seconds: Math.round(run.end - run.start),
  };
}

/**
 * The plan of one job; `onProgress` hears the search's best so far (the solver throttles it). A router that fails
 * (RouterError) fails the job in its words; the straight line cannot fail.
 */
export async function planSchool(
  job: PlanJob,
  onProgress: (progress: PlanProgress) => void,
  travelTable: TravelTableSource = (points) => Promise.resolve(straightLineTable(points, job.travel)),
): Promise<PlanOutcome> {
  // Each run is planned for its own vehicle (the solver seats the fullest runs on the largest vehicles).
  const capacities = job.vehicles.map((vehicle) => vehicle.capacity);
  // A stop is one pickup and must fit the vehicle that serves it. Capped at the smallest vehicle, every stop fits
  // every vehicle, so the solver stays free to put any run on any vehicle; capped at the largest, a big stop would
  // tie its run to a big bus. Splitting a stop costs only a second pickup at the same corner.
  const grouping = {
    ...DEFAULT_STOP_GROUPING,
    walkingDistanceM: job.rules.walkingDistanceM,
    maxChildrenPerStop: Math.min(job.rules.maxChildrenPerStop, ...capacities),
  };
  const settings = { ...DEFAULT_RUN_SETTINGS, maxRideSeconds: job.rules.maxRideSeconds };
  const stops = groupStops(job.children, job.existingStops, grouping);
  const school = { lat: job.school.lat, lng: job.school.lng, bellTime: job.school.bellTimeSeconds };
  let travel: TravelTable;
  try {
    travel = await travelTable(runPoints(school, stops));
  } catch (error) {
    if (error instanceof RouterError) return { type: 'unplannable', message: error.message };
    throw error;
  }
  const input: SchoolRunInput = {
    name: job.name,
    school,
    stops,
    travel,
    fleet: { capacities },
    settings,
  };
  const solution = solve(buildMorningProblem(input), {
    seconds: job.seconds,
    seed: job.seed,
    ...(job.iterations !== undefined && { maxIterations: job.iterations }),
    onProgress,
  });
  if (!solution.feasible) {
    const onRuns = new Set(solution.routes.flat());
    const leftOut = stops
      .filter((_, index) => !onRuns.has(index + 1))
      .reduce((children, stop) => children + stop.childIds.length, 0);
    const rules =
      `${fleetInWords(job.vehicles)}, at school by ` +
      `${settings.latestArrivalBeforeBellSeconds / 60} minutes before the bell, rides of at most ` +
      `${settings.maxRideSeconds / 60} minutes`;
    return {
      type: 'unplannable',
      message:
        leftOut > 0
          ? `${leftOut} of ${job.children.length} children do not fit on any run (${rules}). Choose more or larger vehicles.`
          : `No plan keeps every rule (${rules}). Choose more or larger vehicles.`,
    };
  }
  const morning = morningRuns(solution.routes, solution.routeVehicles!, input);
  const afternoon = afternoonRuns(morning, input, job.school.dismissalTimeSeconds);
  const summary = summarisePlan(morning, settings.maxRideSeconds);
  return {
    type: 'done',
    result: {
      stops: stops.map(({ existingStopId, lat, lng, childIds }) => ({ existingStopId, lat, lng, childIds })),
      morningRuns: morning.map((run) => plannedRun(run, job.vehicles[run.vehicle]!)),
      // The afternoon mirrors the morning run by run, so each vehicle drives its own children home.
      afternoonRuns: afternoon.map((run) => plannedRun(run, job.vehicles[run.vehicle]!)),
      summary: {
        vehicles: summary.vehicles,
        totalKm: Math.round(summary.totalMetres / 100) / 10,
        totalMinutes: Math.round(summary.totalSeconds / 60),
        // Rounded up: the longest ride is never shown shorter than it is.
        longestRideMinutes: Math.ceil((summary.longestRide?.seconds ?? 0) / 60),
        childrenPerRun: summary.childrenPerRun,
      },
    },
  };
}

/** The workerData of a planning thread; the key tells it apart from any other thread's data (a test runner's). */
export interface PlanWorkerData {
  planJob: PlanJob;
  /**
   * The road router (ROUTING_URL), asked from this thread: the table of a big school is large, and building it
   * on the API's thread would hold every request meanwhile. The legs the process has been given so far come
   * with it (moved, not copied), and go back to the runner for the next job, which then asks the router only for
   * pairs it has not seen. Null: straight lines.
   */
  roads: { url: string; cache: TravelCacheSnapshot | null } | null;
}

// The thread's entry: an unexpected error is thrown, and the runner sees the thread fail.
const data = workerData as Partial<PlanWorkerData> | null;
if (parentPort && data?.planJob) {
  const port = parentPort;
  const post = (message: PlanWorkerMessage, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer);
  const onProgress = (progress: PlanProgress) => post({ type: 'progress', progress });
  const roads = data.roads;
  if (roads) {
    const cache = roads.cache ? TravelCache.restore(roads.cache) : new TravelCache();
    const model = osrmTravelModel({ url: roads.url, cache });
    const roadTable: TravelTableSource = (points) =>
      model.table(points).catch((error: unknown) => {
        if (error instanceof RouterError) post({ type: 'router-failed', reason: error.loggable });
        throw error;
      });
    void planSchool(data.planJob, onProgress, roadTable).then((outcome) => {
      const snapshot = cache.snapshot();
      const buffers = [snapshot.units, snapshot.seconds, snapshot.metres].map(
        (array) => array.buffer as ArrayBuffer,
      );
      post({ type: 'cache', snapshot }, buffers);
      post(outcome);
    });
  } else {
    void planSchool(data.planJob, onProgress).then((outcome) => post(outcome));
  }
}
