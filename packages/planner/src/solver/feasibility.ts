import type { PreparedProblem } from './prepared-problem.js';
import { sequenceKeepsTimes } from './schedule.js';

/** Whether routes are a complete plan that keeps every hard constraint, checked from scratch. */
export function routesAreFeasible(p: PreparedProblem, routes: number[][]): boolean {
  if (routes.length > p.maxVehicles) return false;
  const visits = new Int32Array(p.size);
  const sequence = new Int32Array(p.size);
  for (const route of routes) {
    let load = 0;
    for (let k = 0; k < route.length; k++) {
      const node = route[k]!;
      if (node === p.depot || node < 0 || node >= p.size) return false;
      visits[node]!++;
      load += p.demand[node]!;
      sequence[k] = node;
    }
    if (load > p.capacity) return false;
    if (p.timed && !sequenceKeepsTimes(p, sequence, route.length)) return false;
  }
  return p.customers.every((customer) => visits[customer] === 1);
}
