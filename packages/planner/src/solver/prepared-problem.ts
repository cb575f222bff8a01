import type { RoutingProblem } from './problem.js';

/**
 * A problem with every optional field filled in, plus what the search needs beside it (customer list, nearest
 * neighbours), so the hot loops never test for absent fields.
 */
export interface PreparedProblem {
  size: number;
  depot: number;
  cost: Float64Array;
  time: Float64Array;
  demand: Float64Array;
  /** What the largest vehicle carries (every vehicle, unless the fleet is mixed). */
  capacity: number;
  /** Whether vehicles differ (`vehicleCapacities` given): routes then carry their own vehicle and capacity. */
  mixedFleet: boolean;
  /** A mixed fleet's capacities, largest first (ties in the problem's order); empty otherwise. */
  fleet: Float64Array;
  /** The problem's index of each vehicle of `fleet`. */
  fleetOrder: Int32Array;
  service: Float64Array;
  ready: Float64Array;
  due: Float64Array;
  maxRide: Float64Array;
  /** Whether times matter at all (windows or ride limits); pure capacity problems skip every time computation. */
  timed: boolean;
  hasRideLimits: boolean;
  openStart: boolean;
  vehicleCost: number;
  maxVehicles: number;
  customers: Int32Array;
  /** For each node, the `neighbourCount` nearest customers, nearest first, at `neighbours[node * neighbourCount]`. */
  neighbours: Int32Array;
  neighbourCount: number;
  /** Added per customer left out: more than any saving a left-out customer could bring, so full plans always win. */
  unassignedPenalty: number;
  /** A typical edge cost, the unit of the annealing temperature. */
  typicalEdge: number;
}

const NEIGHBOURS_KEPT = 100;

function filled(values: Float64Array | undefined, size: number, fallback: number): Float64Array {
  return values ?? new Float64Array(size).fill(fallback);
}

export function prepareProblem(problem: RoutingProblem): PreparedProblem {
  const { size, depot, cost } = problem;
  const customers = Int32Array.from({ length: size - 1 }, (_, i) => (i < depot ? i : i + 1));
  const maxRide = filled(problem.maxRideTime, size, Infinity);
  const hasRideLimits = maxRide.some((limit) => Number.isFinite(limit));
  const hasWindows = problem.readyTime !== undefined || problem.dueTime !== undefined;

  const neighbourCount = Math.min(NEIGHBOURS_KEPT, customers.length);
  const neighbours = new Int32Array(size * neighbourCount);
  const order = Array.from(customers);
  let nearSum = 0;
  let nearCount = 0;
  let maxEdge = 0;
  for (let i = 0; i < size; i++) {
    // Symmetrised so that "near" means near both ways when the matrix is asymmetric.
    const closeness = (j: number) => cost[i * size + j]! + cost[j * size + i]!;
    order.sort((a, b) => closeness(a) - closeness(b));
    let kept = 0;
    for (const j of order) {
      if (kept === neighbourCount) break;
      if (j === i) continue;
      neighbours[i * neighbourCount + kept++] = j;
    }
    // A node that is its own only neighbour candidate leaves a slot: fill it so every slot holds a customer.
    for (; kept < neighbourCount; kept++) neighbours[i * neighbourCount + kept] = order[0] ?? 0;
    for (let k = 0; k < Math.min(5, neighbourCount); k++) {
      nearSum += cost[i * size + neighbours[i * neighbourCount + k]!]!;
      nearCount++;
    }
    for (let j = 0; j < size; j++) maxEdge = Math.max(maxEdge, cost[i * size + j]!);
  }

  const vehicleCost = problem.vehicleCost ?? 0;
  const given = problem.vehicleCapacities;
  const fleetOrder = Int32Array.from({ length: given?.length ?? 0 }, (_, i) => i).sort(
    (a, b) => given![b]! - given![a]! || a - b,
  );
  const fleet = Float64Array.from(fleetOrder, (vehicle) => given![vehicle]!);
  const maxVehicles = Math.min(problem.maxVehicles ?? Infinity, given ? given.length : Infinity);
  return {
    size,
    depot,
    cost,
    time: problem.time ?? cost,
    demand: problem.demand,
    capacity: given ? (fleet[0] ?? 0) : problem.capacity,
    mixedFleet: given !== undefined,
    fleet,
    fleetOrder,
    service: filled(problem.serviceTime, size, 0),
    ready: filled(problem.readyTime, size, 0),
    due: filled(problem.dueTime, size, Infinity),
    maxRide,
    timed: hasWindows || hasRideLimits,
    hasRideLimits,
    openStart: problem.openStart ?? false,
    vehicleCost,
    maxVehicles,
    customers,
    neighbours,
    neighbourCount,
    unassignedPenalty: 10 * (2 * maxEdge + vehicleCost + 1),
    typicalEdge: nearCount > 0 && nearSum > 0 ? nearSum / nearCount : 1,
  };
}
