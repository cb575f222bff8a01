import { describe, expect, it } from 'vitest';
import { Deadline } from '../src/solver/deadline.js';
import { LocalSearch } from '../src/solver/local-search.js';
import { prepareProblem } from '../src/solver/prepared-problem.js';
import type { RoutingProblem } from '../src/solver/problem.js';
import { RoutePlan } from '../src/solver/route-plan.js';

/** Customers 1 … n on a line at x = 10, 20, …; the depot at 0. */
function lineProblem(customers: number, extra: Partial<RoutingProblem> = {}): RoutingProblem {
  const size = customers + 1;
  const cost = new Float64Array(size * size);
  for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) cost[i * size + j] = 10 * Math.abs(i - j);
  return {
    name: 'line',
    size,
    depot: 0,
    cost,
    demand: new Float64Array(size).fill(1).fill(0, 0, 1),
    capacity: 99,
    ...extra,
  };
}

function planOf(problem: RoutingProblem, routes: number[][]): RoutePlan {
  const plan = new RoutePlan(prepareProblem(problem));
  for (const route of routes) {
    const index = plan.openRoute(route[0]!);
    route.slice(1).forEach((node, k) => plan.insert(index, k + 1, node));
  }
  return plan;
}

function improved(problem: RoutingProblem, routes: number[][]): RoutePlan {
  const plan = planOf(problem, routes);
  new LocalSearch(prepareProblem(problem)).improve(plan, new Deadline(performance.now(), 10, undefined));
  return plan;
}

describe('local search', () => {
  it('untangles a zigzag route down to the length of the line there and back', () => {
    const plan = improved(lineProblem(5), [[2, 5, 1, 4, 3]]);
    expect(planOf(lineProblem(5), [[2, 5, 1, 4, 3]]).drivingCost()).toBe(160);
    expect(plan.drivingCost()).toBe(100);
  });

  it('moves customers between routes and empties a route when capacity allows', () => {
    const plan = improved(lineProblem(4, { capacity: 4 }), [
      [1, 4],
      [2, 3],
    ]);
    expect(plan.routeCount).toBe(1);
    expect(plan.drivingCost()).toBe(80);
  });

  it('keeps capacity: two full routes stay two', () => {
    const plan = improved(lineProblem(4, { capacity: 2 }), [
      [1, 4],
      [2, 3],
    ]);
    expect(plan.routeCount).toBe(2);
    expect(plan.routes.slice(0, plan.routeCount).map((route) => route.length)).toEqual([2, 2]);
    expect(plan.drivingCost()).toBe(40 + 80); // [1, 2] and [3, 4]
  });

  it('rejects a shorter order that would break a time window', () => {
    const windows = {
      readyTime: Float64Array.from([0, 0, 0, 0]),
      dueTime: Float64Array.from([999, 999, 999, 10]),
    };
    // Customer 3 must be served by time 10, so it goes first though 1, 2, 3 would be shorter.
    const plan = improved(lineProblem(3, windows), [[3, 1, 2]]);
    expect(plan.routes[0]![0]).toBe(3);
  });
});
