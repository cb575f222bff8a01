/**
 * A routing problem in the solver's own terms: numbered nodes, matrices and limits, nothing about schools. Plain
 * data only (typed arrays and numbers), so a problem can be posted to a worker thread as it is.
 */
export interface RoutingProblem {
  /** Shown in results; the instance name for benchmark files. */
  name: string;
  /** Number of nodes, the depot included. Nodes are 0 … size − 1. */
  size: number;
  /** Where every route ends (and starts, unless `openStart`). */
  depot: number;
  /** What is minimised: cost of driving from i to j at `cost[i * size + j]`. */
  cost: Float64Array;
  /** Travel time from i to j at `time[i * size + j]`; the cost matrix when absent. */
  time?: Float64Array;
  /** Load picked up at each node (0 for the depot). */
  demand: Float64Array;
  /** What one vehicle carries; with `vehicleCapacities`, ignored in favour of each vehicle's own. */
  capacity: number;
  /** A fixed, mixed fleet: what each vehicle carries. Each vehicle serves at most one route and a route's load must
   * fit its own vehicle; the solution says which vehicle serves which route. Absent: `maxVehicles` alike vehicles
   * of `capacity`. */
  vehicleCapacities?: Float64Array;
  /** Time spent at each node. */
  serviceTime?: Float64Array;
  /** Time windows: service at node i starts no earlier than readyTime[i] and no later than dueTime[i]. The depot's
   * window is the horizon: a route leaves it no earlier than its ready time and returns no later than its due time. */
  readyTime?: Float64Array;
  dueTime?: Float64Array;
  /** For each node, the longest time from the end of its service to the route's arrival at the depot (a child's
   * ride to school). Infinity or absent: no limit. */
  maxRideTime?: Float64Array;
  /** At most this many routes (and never more than `vehicleCapacities` has). Absent: as many as needed. */
  maxVehicles?: number;
  /** Added to the cost once per route, so that fewer vehicles win before less driving (0 for benchmark files). */
  vehicleCost?: number;
  /** Routes begin at their first node rather than at the depot: a school run starts at its first stop, and the
   * drive from the garage is not part of it. */
  openStart?: boolean;
}

export interface SolveOptions {
  /** Wall-clock limit. */
  seconds: number;
  /** Same problem, same seed and same `maxIterations`: the same solution. */
  seed: number;
  /** Stop after this many search iterations (makes a run independent of the machine's speed). */
  maxIterations?: number;
  /** Called when the best solution improves, and at most a few times a second otherwise. */
  onProgress?: (progress: SolveProgress) => void;
  /** Stops the search; the best solution so far is returned. */
  signal?: AbortSignal;
}

export interface SolveProgress {
  bestCost: number;
  vehicles: number;
  iteration: number;
  elapsedMs: number;
}

export interface Solution {
  /** Each route's nodes in order, the depot left out. */
  routes: number[][];
  /** Sum of route costs (driving only, without `vehicleCost`). */
  cost: number;
  vehicles: number;
  /** With `vehicleCapacities`: the vehicle (index into it) serving each route, a different one per route. */
  routeVehicles?: number[];
  /** Whether every hard constraint holds (capacity, time windows, ride times, vehicles). */
  feasible: boolean;
  iterations: number;
  elapsedMs: number;
}
