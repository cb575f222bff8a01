import { describe, expect, it } from 'vitest';
import type { RoutingProblem } from '../src/solver/problem.js';
import { METRES_PER_DEGREE_LATITUDE } from '../src/school/geo.js';
import type { GroupedStop } from '../src/school/group-stops.js';
import {
  afternoonRuns,
  buildMorningProblem,
  DEFAULT_RUN_SETTINGS,
  localDateTime,
  morningRuns,
  runPoints,
  summarisePlan,
  type SchoolRunInput,
} from '../src/school/school-runs.js';
import { straightLineTable, type TravelTable } from '../src/school/travel-model.js';

const BELL = 8 * 3600;
const school = { lat: 45.0, lng: 7.0, bellTime: BELL };

function stop(
  northKm: number,
  childIds: string[],
  existingStopId: string | null = null,
  eastKm = 0,
): GroupedStop {
  const metresPerDegreeLng = METRES_PER_DEGREE_LATITUDE * Math.cos((school.lat * Math.PI) / 180);
  return {
    existingStopId,
    lat: school.lat + (northKm * 1000) / METRES_PER_DEGREE_LATITUDE,
    lng: school.lng + (eastKm * 1000) / metresPerDegreeLng,
    childIds,
  };
}

/** A table written by hand, so that every planned time below can be checked with pencil and paper. */
function handTable(rows: number[][]): TravelTable {
  const size = rows.length;
  return {
    size,
    seconds: Float64Array.from(rows.flat()),
    metres: Float64Array.from(rows.flat().map((seconds) => seconds * 10)),
  };
}

/** A fleet of `vehicles` vehicles of `seats` seats each. */
const alike = (vehicles: number, seats: number) => ({ capacities: Array<number>(vehicles).fill(seats) });

describe('the morning problem', () => {
  const stops = [stop(1, ['a', 'b']), stop(2, ['c', 'd', 'e'], 'old-stop'), stop(3, ['f'])];
  const travel = straightLineTable(runPoints(school, stops));
  const input: SchoolRunInput = { name: 'Lycée', school, stops, travel, fleet: alike(3, 4) };
  const problem = buildMorningProblem(input);

  it('has the school as node 0 and a node per stop, with the travel times as costs and times', () => {
    expect(problem).toMatchObject({
      name: 'Lycée',
      size: 4,
      depot: 0,
      capacity: 4,
      openStart: true,
    });
    expect(Array.from(problem.vehicleCapacities!)).toEqual([4, 4, 4]);
    expect(problem.cost).toBe(travel.seconds);
    expect(problem.time).toBeUndefined();
    expect(problem.cost[0 * 4 + 1]).toBeCloseTo(156, 6);
    expect(problem.cost[3 * 4 + 0]).toBeCloseTo(3 * 156, 6);
  });

  it('asks for each stop its children as demand and its dwell as service', () => {
    expect(Array.from(problem.demand)).toEqual([0, 2, 3, 1]);
    expect(Array.from(problem.serviceTime!)).toEqual([0, 40, 45, 35]);
  });

  it('arrives at school no later than 5 minutes before the bell, each child riding at most 45 minutes', () => {
    expect(Array.from(problem.readyTime!)).toEqual([0, 0, 0, 0]);
    expect(problem.dueTime![0]).toBe(BELL - 300);
    expect(problem.dueTime![2]).toBeCloseTo(BELL - 300 - 2 * 156 - 45, 6);
    expect(Array.from(problem.maxRideTime!)).toEqual([Infinity, 2700, 2700, 2700]);
  });

  it('costs a vehicle more than any plan could drive', () => {
    // Three stops, the longest edge 3 × 156 s: no plan drives more than 3 × 468 s.
    expect(problem.vehicleCost).toBeGreaterThan(3 * 3 * 156);
  });

  it('refuses a stop with more children than a vehicle has seats, and a table of other points', () => {
    expect(() => buildMorningProblem({ ...input, fleet: alike(3, 2) })).toThrow(/3 children/);
    expect(() => buildMorningProblem({ ...input, stops: stops.slice(1) })).toThrow(RangeError);
  });

  it('refuses a planned arrival later than the latest arrival', () => {
    const late = { ...DEFAULT_RUN_SETTINGS, plannedArrivalBeforeBellSeconds: 60 };
    expect(() => buildMorningProblem({ ...input, settings: late })).toThrow(/planned arrival/);
    expect(() => morningRuns([[1]], [0], { ...input, settings: late })).toThrow(/planned arrival/);
  });
});

/**
 * Every plan of a tiny problem, checked the way the solver's contract reads: capacity, the school's latest arrival,
 * each stop's ride limit (no waiting: every stop is ready from midnight), at most one route per vehicle (the fleets
 * here are alike, so every vehicle seats `capacity`). The best is
 * the one with the fewest routes, then the least driving.
 */
function bestPlanByBruteForce(problem: RoutingProblem): number[][] {
  const { size, cost } = problem;
  const time = problem.time ?? cost;
  const at = (matrix: Float64Array, i: number, j: number) => matrix[i * size + j]!;
  const routeFits = (route: number[]) => {
    if (route.reduce((load, node) => load + problem.demand[node]!, 0) > problem.capacity) return false;
    let ride = 0;
    let next = 0;
    for (const node of [...route].reverse()) {
      ride += at(time, node, next);
      if (ride > problem.maxRideTime![node]!) return false;
      ride += problem.serviceTime![node]!;
      next = node;
    }
    return true;
  };
  const driving = (route: number[]) =>
    route.reduce((total, node, k) => total + at(cost, node, route[k + 1] ?? 0), 0);
  let best: { routes: number[][]; value: number } | undefined;
  for (const order of permutations(Array.from({ length: size - 1 }, (_, k) => k + 1))) {
    for (let cuts = 0; cuts < 2 ** (order.length - 1); cuts += 1) {
      const routes: number[][] = [[order[0]!]];
      order
        .slice(1)
        .forEach((node, k) => (cuts & (1 << k) ? routes.push([node]) : routes.at(-1)!.push(node)));
      if (routes.length > problem.vehicleCapacities!.length || !routes.every(routeFits)) continue;
      const value =
        routes.length * problem.vehicleCost! + routes.reduce((sum, route) => sum + driving(route), 0);
      if (!best || value < best.value - 1e-9) best = { routes, value };
    }
  }
  return best!.routes;
}

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, k) =>
    permutations([...items.slice(0, k), ...items.slice(k + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('the morning problem, solved by brute force', () => {
  it('takes one bus up a valley and back down, collecting on the way to school', () => {
    const stops = [stop(2, ['a']), stop(6, ['b']), stop(4, ['c']), stop(8, ['d'])];
    const problem = buildMorningProblem({
      name: 'Valley',
      school,
      stops,
      travel: straightLineTable(runPoints(school, stops)),
      fleet: alike(2, 10),
    });
    expect(bestPlanByBruteForce(problem)).toEqual([[4, 2, 3, 1]]);
  });

  it('needs a second bus when one would keep the first child on board too long', () => {
    // Two stops 8 km north of school, 3 km apart: 20.8 and 22.2 minutes to school, but 7.8 minutes between them,
    // so one bus for both keeps its first child about 29 minutes: within 45, beyond a limit of 25.
    const stops = [stop(8, ['west']), stop(8, ['east'], null, 3)];
    const travel = straightLineTable(runPoints(school, stops));
    const strict = { ...DEFAULT_RUN_SETTINGS, maxRideSeconds: 25 * 60 };
    const input = {
      name: 'Hills',
      school,
      stops,
      travel,
      settings: strict,
      fleet: alike(2, 10),
    };
    const routes = bestPlanByBruteForce(buildMorningProblem(input));
    expect(routes.map((route) => route.join()).sort()).toEqual(['1', '2']);
    const loose = { ...input, settings: DEFAULT_RUN_SETTINGS };
    expect(bestPlanByBruteForce(buildMorningProblem(loose))).toHaveLength(1);
  });

  it('fills buses up to their seats and no further', () => {
    const stops = [stop(1, ['a', 'b', 'c']), stop(1.5, ['d', 'e']), stop(2, ['f', 'g', 'h'])];
    const input = {
      name: 'Seats',
      school,
      stops,
      travel: straightLineTable(runPoints(school, stops)),
      fleet: alike(3, 5),
    };
    const routes = bestPlanByBruteForce(buildMorningProblem(input));
    expect(routes).toHaveLength(2);
    for (const route of routes)
      expect(route.reduce((load, node) => load + stops[node - 1]!.childIds.length, 0)).toBeLessThanOrEqual(5);
  });
});

describe('runs from a solution', () => {
  // School 0; stop 1 (two children) 600 s from school; stop 2 (three children) 300 s beyond it. The way back out
  // is slower (660 s from school to stop 1), as a road table can be.
  const stops = [stop(1, ['a', 'b'], 'old'), stop(2, ['c', 'd', 'e'])];
  const travel = handTable([
    [0, 660, 900],
    [600, 0, 300],
    [900, 300, 0],
  ]);
  const input: SchoolRunInput = { name: 'Hand', school, stops, travel, fleet: alike(1, 5) };
  const [morning] = morningRuns([[2, 1], []], [0, 1], input);

  it('times the morning backwards from the planned arrival, 20 minutes before the bell', () => {
    // Arrive 07:40:00 = 27600. Stop 1: leave 27600 − 600 = 27000, arrive 27000 − (30 + 2 × 5) = 26960.
    // Stop 2: leave 26960 − 300 = 26660, arrive 26660 − (30 + 3 × 5) = 26615.
    expect(morning!.direction).toBe('morning');
    expect(morning!.schoolTime).toBe(27600);
    expect(morning!.stops.map((s) => [s.node, s.arrival, s.departure])).toEqual([
      [2, 26615, 26660],
      [1, 26960, 27000],
    ]);
    expect(morning!.stops[1]).toMatchObject({ existingStopId: 'old', childIds: ['a', 'b'] });
    expect([morning!.start, morning!.end]).toEqual([26615, 27600]);
  });

  it('measures each child ride, the distance and the driving', () => {
    expect(morning!.rides).toEqual([
      { childId: 'c', seconds: 940 },
      { childId: 'd', seconds: 940 },
      { childId: 'e', seconds: 940 },
      { childId: 'a', seconds: 600 },
      { childId: 'b', seconds: 600 },
    ]);
    expect(morning!.children).toBe(5);
    expect(morning!.drivingSeconds).toBe(900);
    expect(morning!.metres).toBe(9000);
  });

  it('mirrors the morning in the afternoon: same stops reversed, from dismissal', () => {
    // Dismissal 15:00 = 54000; five children board: leave 54000 + 30 + 25 = 54055. Stop 1 at 54055 + 660 = 54715,
    // leave 54715 + 40 = 54755; stop 2 at 54755 + 300 = 55055, leave 55055 + 45 = 55100.
    const [afternoon] = afternoonRuns([morning!], input, 15 * 3600);
    expect(afternoon!.direction).toBe('afternoon');
    expect(afternoon!.schoolTime).toBe(54055);
    expect(afternoon!.stops.map((s) => [s.node, s.arrival, s.departure])).toEqual([
      [1, 54715, 54755],
      [2, 55055, 55100],
    ]);
    expect(afternoon!.rides.map((ride) => [ride.childId, ride.seconds])).toEqual([
      ['a', 660],
      ['b', 660],
      ['c', 1000],
      ['d', 1000],
      ['e', 1000],
    ]);
    expect([afternoon!.start, afternoon!.end, afternoon!.drivingSeconds, afternoon!.metres]).toEqual([
      54000, 55100, 960, 9600,
    ]);
  });

  it('sums a plan up for the review screen', () => {
    const afternoon = afternoonRuns([morning!], input, 15 * 3600);
    expect(summarisePlan([morning!])).toEqual({
      vehicles: 1,
      totalMetres: 9000,
      totalDrivingSeconds: 900,
      totalSeconds: 985,
      longestRide: { childId: 'c', seconds: 940 },
      childrenPerRun: [5],
      ridesOverMax: [],
    });
    const strict = summarisePlan(afternoon, 900);
    expect(strict.ridesOverMax.map((ride) => ride.childId)).toEqual(['c', 'd', 'e']);
    expect(summarisePlan([])).toMatchObject({ vehicles: 0, longestRide: null, childrenPerRun: [] });
  });

  it('refuses a route through a node that is no stop', () => {
    expect(() => morningRuns([[3]], [0], input)).toThrow(RangeError);
    expect(() => morningRuns([[0]], [0], input)).toThrow(RangeError);
  });

  it('refuses a route without a vehicle of the fleet, or with more children than its seats', () => {
    expect(() => morningRuns([[2, 1]], [], input)).toThrow(/vehicle/);
    expect(() => morningRuns([[2, 1]], [7], input)).toThrow(/not one of the fleet/);
    expect(() => morningRuns([[2, 1]], [0], { ...input, fleet: alike(1, 4) })).toThrow(/5 children/);
  });
});

describe('times of day', () => {
  it('writes a time on a date as an ISO local date-time', () => {
    expect(localDateTime('2026-09-01', 27600)).toBe('2026-09-01T07:40:00');
    expect(localDateTime('2026-09-01', 26615.4)).toBe('2026-09-01T07:23:35');
    expect(localDateTime('2026-12-31', 86400 + 90)).toBe('2027-01-01T00:01:30');
    expect(() => localDateTime('first of May', 0)).toThrow(RangeError);
  });
});
