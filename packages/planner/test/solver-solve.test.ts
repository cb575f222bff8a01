import { describe, expect, it } from 'vitest';
import type { RoutingProblem, SolveProgress } from '../src/solver/problem.js';
import { routesAreFeasible } from '../src/solver/feasibility.js';
import { prepareProblem } from '../src/solver/prepared-problem.js';
import { Random } from '../src/solver/random.js';
import { solve } from '../src/solver/solve.js';

const QUICK = { seconds: 30, seed: 7, maxIterations: 3000 };

describe('solve: quality', () => {
  it('finds the brute-force optimum of a small capacitated instance', () => {
    const points = randomPoints(8, 3);
    const demand = [0, 3, 4, 2, 5, 3, 4, 2];
    const problem = planeProblem(points, { demand, capacity: 9 });
    const optimum = bruteForceOptimum(problem);
    const solution = solve(problem, QUICK);
    expect(solution.feasible).toBe(true);
    expect(solution.cost).toBeCloseTo(optimum, 9);
    expect(solution.routes.reduce((sum, route) => sum + routeCost(problem, route), 0)).toBeCloseTo(
      optimum,
      9,
    );
  });

  it('gives the same routes for the same seed and iteration budget', () => {
    const problem = planeProblem(randomPoints(40, 11), { demand: demands(40, 5), capacity: 30 });
    const first = solve(problem, { seconds: 60, seed: 42, maxIterations: 500 });
    const second = solve(problem, { seconds: 60, seed: 42, maxIterations: 500 });
    expect(second.routes).toEqual(first.routes);
    expect(second.iterations).toBe(500);
  });
});

describe('solve: hard constraints', () => {
  it('keeps every load within capacity and visits each customer once', () => {
    const problem = planeProblem(randomPoints(30, 5), { demand: demands(30, 9), capacity: 25 });
    const solution = solve(problem, QUICK);
    expect(solution.feasible).toBe(true);
    expect(visitsEachCustomerOnce(problem, solution.routes)).toBe(true);
    for (const route of solution.routes) {
      expect(route.reduce((load, node) => load + problem.demand[node]!, 0)).toBeLessThanOrEqual(25);
    }
  });

  it('serves every customer inside its window, waiting when early', () => {
    // Four customers on a line whose windows force the order 3, 1, 4, 2 though 1, 2, 3, 4 is shorter.
    const points = [0, 10, 20, 30, 40].map((x) => ({ x, y: 0 }));
    const problem = planeProblem(points, {
      demand: [0, 1, 1, 1, 1],
      capacity: 10,
      maxVehicles: 1,
      readyTime: Float64Array.from([0, 50, 150, 0, 100]),
      dueTime: Float64Array.from([1000, 70, 200, 40, 140]),
      serviceTime: Float64Array.from([0, 5, 5, 5, 5]),
    });
    const solution = solve(problem, QUICK);
    expect(solution.feasible).toBe(true);
    expect(solution.routes).toEqual([[3, 1, 4, 2]]);
    const { starts } = schedule(problem, solution.routes[0]!);
    solution.routes[0]!.forEach((node, k) => {
      expect(starts[k]).toBeGreaterThanOrEqual(problem.readyTime![node]!);
      expect(starts[k]).toBeLessThanOrEqual(problem.dueTime![node]!);
    });
  });

  it('splits a run that would keep a child on board longer than the ride limit', () => {
    // Children far out on two sides: one bus could take all, but the first child would ride too long.
    const points = [
      { x: 0, y: 0 },
      { x: 50, y: 0 },
      { x: -50, y: 0 },
    ];
    const problem = planeProblem(points, {
      demand: [0, 1, 1],
      capacity: 10,
      openStart: true,
      maxRideTime: Float64Array.from([Infinity, 60, 60]),
    });
    const solution = solve(problem, QUICK);
    expect(solution.feasible).toBe(true);
    expect(solution.vehicles).toBe(2);
    const unlimited = solve({ ...problem, maxRideTime: undefined }, QUICK);
    expect(unlimited.vehicles).toBe(1);
  });

  it('measures ride time from the latest departure that keeps the arrival, not from an early wait', () => {
    // The second stop opens late: leaving the first stop early and waiting would make its child ride 40.
    const points = [
      { x: 0, y: 0 },
      { x: 20, y: 0 },
      { x: 10, y: 0 },
    ];
    const problem = planeProblem(points, {
      demand: [0, 1, 1],
      capacity: 10,
      openStart: true,
      vehicleCost: 1000,
      readyTime: Float64Array.from([0, 0, 30]),
      maxRideTime: Float64Array.from([Infinity, 25, 25]),
    });
    const solution = solve(problem, QUICK);
    expect(solution.feasible).toBe(true);
    expect(solution.routes).toEqual([[1, 2]]);
  });

  it('uses no more vehicles than allowed, and says so when that cannot serve everyone', () => {
    const problem = planeProblem(randomPoints(12, 8), {
      demand: Array(12).fill(1).fill(0, 0, 1),
      capacity: 4,
    });
    const limited = solve({ ...problem, maxVehicles: 3 }, QUICK);
    expect(limited.feasible).toBe(true);
    expect(limited.vehicles).toBe(3);
    const tooFew = solve({ ...problem, maxVehicles: 2 }, QUICK);
    expect(tooFew.feasible).toBe(false);
    expect(tooFew.vehicles).toBeLessThanOrEqual(2);
  });

  it('serves everyone when the demands fill every vehicle exactly', () => {
    // Each vehicle's load is cut into three random pieces: the only complete plans pack the pieces back together,
    // which greedy insertion and ruin and recreate alone rarely find (the spare room ends up spread over routes).
    const demand = exactFillDemands(6, 100, 1);
    const problem = planeProblem(randomPoints(demand.length, 2), { demand, capacity: 100, maxVehicles: 6 });
    for (const seed of [1, 2, 3]) {
      const solution = solve(problem, { seconds: 30, seed, maxIterations: 200 });
      expect(solution.feasible).toBe(true);
      expect(visitsEachCustomerOnce(problem, solution.routes)).toBe(true);
      expect(solution.vehicles).toBe(6);
    }
  });

  it('prefers fewer vehicles when each costs more than the driving it saves', () => {
    const problem = planeProblem(randomPoints(20, 4), {
      demand: Array(20).fill(1).fill(0, 0, 1),
      capacity: 10,
    });
    const solution = solve({ ...problem, vehicleCost: 10_000 }, QUICK);
    expect(solution.vehicles).toBe(2);
  });
});

describe('solve: a mixed fleet', () => {
  // 50 children, one per point, and two vans of 10 seats and a bus of 30 (in that order): only all three carry them.
  const mixed = planeProblem(randomPoints(51, 12), {
    demand: Array(51).fill(1).fill(0, 0, 1),
    capacity: 10,
    vehicleCapacities: Float64Array.from([10, 30, 10]),
    vehicleCost: 100_000,
  });
  const loads = (problem: RoutingProblem, routes: number[][]) =>
    routes.map((route) => route.reduce((load, node) => load + problem.demand[node]!, 0));

  it('carries 50 children in 3 runs, each within its own vehicle, never 30 on a van', () => {
    for (const seed of [1, 2, 3]) {
      const solution = solve(mixed, { ...QUICK, seed });
      expect(solution.feasible).toBe(true);
      expect(visitsEachCustomerOnce(mixed, solution.routes)).toBe(true);
      expect(solution.vehicles).toBe(3);
      expect([...solution.routeVehicles!].sort()).toEqual([0, 1, 2]);
      const seats = solution.routeVehicles!.map((vehicle) => mixed.vehicleCapacities![vehicle]!);
      loads(mixed, solution.routes).forEach((load, r) => expect(load).toBeLessThanOrEqual(seats[r]!));
      expect(loads(mixed, solution.routes).sort((a, b) => a - b)).toEqual([10, 10, 30]);
    }
  });

  it('puts the fullest run on the largest vehicle, and leaves the vans home when the bus is enough', () => {
    const few = planeProblem(randomPoints(21, 13), {
      demand: Array(21).fill(1).fill(0, 0, 1),
      capacity: 10,
      vehicleCapacities: Float64Array.from([10, 30, 10]),
      vehicleCost: 100_000,
    });
    const solution = solve(few, QUICK);
    expect(solution.feasible).toBe(true);
    expect(solution.routeVehicles).toEqual([1]);
  });

  it('says so when the fleet cannot carry everyone, however the runs are cut', () => {
    const tooSmall = { ...mixed, vehicleCapacities: Float64Array.from([10, 29, 10]) };
    const solution = solve(tooSmall, QUICK);
    expect(solution.feasible).toBe(false);
    expect(solution.vehicles).toBeLessThanOrEqual(3);
  });

  it('gives the same runs on the same vehicles for the same seed and iteration budget', () => {
    const first = solve(mixed, { seconds: 60, seed: 42, maxIterations: 500 });
    const second = solve(mixed, { seconds: 60, seed: 42, maxIterations: 500 });
    expect(second.routes).toEqual(first.routes);
    expect(second.routeVehicles).toEqual(first.routeVehicles);
    expect(second.iterations).toBe(500);
  });

  it('checks each run against its own vehicle, each vehicle used once', () => {
    const p = prepareProblem(mixed);
    const { routes, routeVehicles } = solve(mixed, QUICK);
    expect(routesAreFeasible(p, routes, routeVehicles)).toBe(true);
    const thirty = routeVehicles!.indexOf(1);
    const van = (thirty + 1) % 3;
    const swapped = routeVehicles!.map((vehicle, r) =>
      r === thirty ? routeVehicles![van]! : r === van ? 1 : vehicle,
    );
    expect(routesAreFeasible(p, routes, swapped)).toBe(false);
    expect(
      routesAreFeasible(
        p,
        routes,
        routeVehicles!.map(() => 1),
      ),
    ).toBe(false);
    expect(routesAreFeasible(p, routes)).toBe(false);
  });
});

describe('solve: open start', () => {
  it('does not count the drive from the depot to the first stop', () => {
    const points = [0, 10, 20, 30].map((x) => ({ x, y: 0 }));
    const problem = planeProblem(points, { demand: [0, 1, 1, 1], capacity: 10, openStart: true });
    const solution = solve(problem, QUICK);
    expect(solution.routes).toEqual([[3, 2, 1]]);
    expect(solution.cost).toBeCloseTo(30, 9);
    const closed = solve({ ...problem, openStart: false }, QUICK);
    expect(closed.cost).toBeCloseTo(60, 9);
  });

  it('starts an open route at its first stop’s ready time', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
    ];
    const problem = planeProblem(points, {
      demand: [0, 1],
      capacity: 10,
      openStart: true,
      readyTime: Float64Array.from([0, 0]),
      // Reaching the stop from the depot would take 100; an open route starts there, so a window closing at 5 holds.
      dueTime: Float64Array.from([1000, 5]),
    });
    const solution = solve(problem, QUICK);
    expect(solution.feasible).toBe(true);
    expect(solution.cost).toBeCloseTo(100, 9);
  });
});

describe('solve: time limit, cancellation, progress', () => {
  const problem = planeProblem(randomPoints(60, 21), { demand: demands(60, 2), capacity: 40 });

  // No wall-clock bounds here (the suite must hold on a busy machine): what is checked is how many steps the
  // search takes after the signal or the limit, which does not depend on the machine's speed.
  it('takes no further iteration once the signal aborts, and returns a feasible plan', () => {
    const controller = new AbortController();
    let abortedAt: number | null = null;
    const solution = solve(problem, {
      seconds: 30,
      seed: 1,
      signal: controller.signal,
      onProgress: (progress) => {
        if (abortedAt === null) {
          abortedAt = progress.iteration;
          controller.abort();
        }
      },
    });
    expect(abortedAt).not.toBeNull();
    // The iteration that reported ends; no other begins.
    expect(solution.iterations).toBe(abortedAt! + 1);
    expect(solution.feasible).toBe(true);
  });

  it('begins no iteration after the time limit, and reports improving progress', () => {
    const progress: SolveProgress[] = [];
    const solution = solve(problem, { seconds: 0.3, seed: 1, onProgress: (p) => progress.push(p) });
    // Without an iteration budget only the limit ends the search.
    expect(solution.elapsedMs).toBeGreaterThanOrEqual(300);
    // Reports from inside the search carry the iteration's start; a last one may follow the final polish.
    const duringSearch = progress.filter((p) => p.iteration < solution.iterations);
    expect(duringSearch.length).toBeGreaterThan(0);
    expect(duringSearch.every((p) => p.elapsedMs < 300)).toBe(true);
    expect(solution.feasible).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.bestCost).toBeCloseTo(solution.cost, 9);
  });
});

function planeProblem(
  points: Point[],
  extra: Partial<Omit<RoutingProblem, 'demand'>> & { demand: number[] },
): RoutingProblem {
  const size = points.length;
  const cost = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      cost[i * size + j] = Math.hypot(points[i]!.x - points[j]!.x, points[i]!.y - points[j]!.y);
    }
  }
  const { demand, ...rest } = extra;
  return {
    name: 'test',
    size,
    depot: 0,
    cost,
    capacity: Infinity,
    ...rest,
    demand: Float64Array.from(demand),
  };
}

interface Point {
  x: number;
  y: number;
}

function randomPoints(count: number, seed: number): Point[] {
  const random = new Random(seed);
  return Array.from({ length: count }, () => ({
    x: Math.round(random.next() * 100),
    y: Math.round(random.next() * 100),
  }));
}

/** Demands 1 … 9 for the customers, 0 for the depot (node 0). */
function demands(count: number, seed: number): number[] {
  const random = new Random(seed);
  return Array.from({ length: count }, (_, i) => (i === 0 ? 0 : 1 + random.int(9)));
}

/** Demands for `vehicles` full loads, each cut into three pieces of at least 10, after 0 for the depot. */
function exactFillDemands(vehicles: number, capacity: number, seed: number): number[] {
  const random = new Random(seed);
  const demand = [0];
  for (let v = 0; v < vehicles; v++) {
    const first = 10 + random.int(30);
    const second = 10 + random.int(30);
    demand.push(first, second, capacity - first - second);
  }
  return demand;
}

function routeCost(problem: RoutingProblem, route: number[]): number {
  const { cost, size, depot } = problem;
  let total = 0;
  let previous = depot;
  route.forEach((node, k) => {
    if (k > 0 || !problem.openStart) total += cost[previous * size + node]!;
    previous = node;
  });
  return route.length > 0 ? total + cost[previous * size + depot]! : 0;
}

function visitsEachCustomerOnce(problem: RoutingProblem, routes: number[][]): boolean {
  const seen = routes.flat().sort((a, b) => a - b);
  const customers = Array.from({ length: problem.size }, (_, i) => i).filter((i) => i !== problem.depot);
  return JSON.stringify(seen) === JSON.stringify(customers);
}

/** Earliest service start at each node of a route. */
function schedule(problem: RoutingProblem, route: number[]): { starts: number[] } {
  const { size, depot } = problem;
  const time = problem.time ?? problem.cost;
  const starts: number[] = [];
  let previous = depot;
  let clock = problem.readyTime?.[depot] ?? 0;
  route.forEach((node, k) => {
    const drive = k === 0 && problem.openStart ? 0 : time[previous * size + node]!;
    clock = Math.max(clock + drive, problem.readyTime?.[node] ?? 0);
    starts.push(clock);
    clock += problem.serviceTime?.[node] ?? 0;
    previous = node;
  });
  return { starts };
}

/**
 * The optimum by enumeration: every order of the customers (a giant tour), cut into routes at every subset of the
 * gaps, keeping the cheapest split whose routes fit the capacity.
 */
function bruteForceOptimum(problem: RoutingProblem): number {
  const customers = Array.from({ length: problem.size - 1 }, (_, i) => i + 1);
  let best = Infinity;
  const permute = (order: number[], rest: number[]) => {
    if (rest.length > 0) {
      rest.forEach((node, i) => permute([...order, node], [...rest.slice(0, i), ...rest.slice(i + 1)]));
      return;
    }
    for (let cuts = 0; cuts < 1 << (order.length - 1); cuts++) {
      const routes: number[][] = [[order[0]!]];
      for (let k = 1; k < order.length; k++) {
        if (cuts & (1 << (k - 1))) routes.push([]);
        routes.at(-1)!.push(order[k]!);
      }
      const fits = routes.every(
        (route) => route.reduce((load, node) => load + problem.demand[node]!, 0) <= problem.capacity,
      );
      if (fits)
        best = Math.min(
          best,
          routes.reduce((sum, route) => sum + routeCost(problem, route), 0),
        );
    }
  };
  permute([], customers);
  return best;
}
