import { type BenchmarkInstance, benchmarkDistance } from '../formats/benchmark-instance.js';

/** Slack for time comparisons, which add floating-point distances. */
const TIME_SLACK = 1e-6;

export interface Verdict {
  cost: number;
  problems: string[];
}

/**
 * Scores a solution from the instance file alone, without the solver's code: its cost from the routes, and what it
 * breaks (a customer missed or served twice, a load over capacity, a late service or return, too many vehicles).
 */
export function verifySolution(instance: BenchmarkInstance, routes: number[][]): Verdict {
  const problems: string[] = [];
  const indexOf = new Map(instance.ids.map((id, index) => [id, index]));
  const served = new Map<number, number>();
  const depot = instance.depot;
  let cost = 0;
  if (instance.vehicles !== undefined && routes.length > instance.vehicles) {
    problems.push(`${routes.length} routes for ${instance.vehicles} vehicles`);
  }
  routes.forEach((route, r) => {
    let load = 0;
    let previous = depot;
    let clock = instance.ready?.[depot] ?? 0;
    for (const id of route) {
      const node = indexOf.get(id);
      if (node === undefined || node === depot) {
        problems.push(`route ${r + 1} visits ${id}, which is not a customer`);
        continue;
      }
      served.set(id, (served.get(id) ?? 0) + 1);
      load += instance.demand[node]!;
      cost += benchmarkDistance(instance, previous, node);
      clock = Math.max(clock + benchmarkDistance(instance, previous, node), instance.ready?.[node] ?? 0);
      if (instance.due && clock > instance.due[node]! + TIME_SLACK) {
        problems.push(`route ${r + 1} serves ${id} at ${clock.toFixed(2)}, after ${instance.due[node]}`);
      }
      clock += instance.service?.[node] ?? 0;
      previous = node;
    }
    cost += benchmarkDistance(instance, previous, depot);
    clock += benchmarkDistance(instance, previous, depot);
    if (instance.due && clock > instance.due[depot]! + TIME_SLACK) {
      problems.push(`route ${r + 1} returns at ${clock.toFixed(2)}, after ${instance.due[depot]}`);
    }
    if (load > instance.capacity) problems.push(`route ${r + 1} carries ${load} > ${instance.capacity}`);
  });
  instance.ids.forEach((id, node) => {
    if (node === depot) return;
    const times = served.get(id) ?? 0;
    if (times !== 1) problems.push(`customer ${id} served ${times} times`);
  });
  return { cost, problems };
}
