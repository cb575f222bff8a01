import type { PreparedProblem } from './prepared-problem.js';
import { sequenceKeepsTimes } from './schedule.js';

/**
 * Whether routes are a complete plan that keeps every hard constraint, checked from scratch. With a mixed fleet,
 * `routeVehicles` gives each route's vehicle (by its index in the problem): each serves one route at most and
 * carries the route's whole load.
 */
export function routesAreFeasible(
  p: PreparedProblem,
  routes: number[][],
  routeVehicles?: readonly number[],
): boolean {
  if (routes.length > p.maxVehicles) return false;
  const capacityOf = p.mixedFleet ? fleetCapacities(p, routes, routeVehicles) : null;
  if (p.mixedFleet && !capacityOf) return false;
  const visits = new Int32Array(p.size);
  const sequence = new Int32Array(p.size);
  for (const [r, route] of routes.entries()) {
    let load = 0;
    for (let k = 0; k < route.length; k++) {
      const node = route[k]!;
      if (node === p.depot || node < 0 || node >= p.size) return false;
      visits[node]!++;
      load += p.demand[node]!;
      sequence[k] = node;
    }
    if (load > (capacityOf ? capacityOf[r]! : p.capacity)) return false;
    if (p.timed && !sequenceKeepsTimes(p, sequence, route.length)) return false;
  }
  return p.customers.every((customer) => visits[customer] === 1);
}

/** Each route's capacity from its vehicle, or null when a route has no vehicle of the fleet or shares one. */
function fleetCapacities(
  p: PreparedProblem,
  routes: number[][],
  routeVehicles: readonly number[] | undefined,
): number[] | null {
  if (!routeVehicles || routeVehicles.length !== routes.length) return null;
  const capacityOfVehicle = new Map<number, number>();
  p.fleetOrder.forEach((vehicle, rank) => capacityOfVehicle.set(vehicle, p.fleet[rank]!));
  if (new Set(routeVehicles).size !== routeVehicles.length) return null;
  const capacities = routeVehicles.map((vehicle) => capacityOfVehicle.get(vehicle));
  return capacities.every((capacity) => capacity !== undefined) ? (capacities as number[]) : null;
}
