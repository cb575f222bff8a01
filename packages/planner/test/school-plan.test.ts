import { describe, expect, it } from 'vitest';
import { solve } from '../src/solver/solve.js';
import { METRES_PER_DEGREE_LATITUDE } from '../src/school/geo.js';
import { groupStops, type ChildHome } from '../src/school/group-stops.js';
import {
  afternoonRuns,
  buildMorningProblem,
  morningRuns,
  runPoints,
  summarisePlan,
  type SchoolRunInput,
} from '../src/school/school-runs.js';
import { straightLineTable } from '../src/school/travel-model.js';

const school = { lat: 50.85, lng: 4.35, bellTime: 8 * 3600 + 30 * 60 };
const metresPerDegreeLng = METRES_PER_DEGREE_LATITUDE * Math.cos((school.lat * Math.PI) / 180);

/** Children in villages up to 12 km around the school, a few of them door to door; the same at every run. */
function catchment(count: number): ChildHome[] {
  let state = 99;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const villages = Array.from({ length: 12 }, (_, k) => ({
    north: Math.cos(k * 2.1) * (3000 + 750 * k),
    east: Math.sin(k * 2.1) * (3000 + 750 * k),
  }));
  return Array.from({ length: count }, (_, index) => {
    const village = villages[index % villages.length]!;
    const north = village.north + (next() - 0.5) * 1200;
    const east = village.east + (next() - 0.5) * 1200;
    return {
      id: `child-${index}`,
      doorToDoor: index % 53 === 0,
      lat: school.lat + north / METRES_PER_DEGREE_LATITUDE,
      lng: school.lng + east / metresPerDegreeLng,
    };
  });
}

describe('a school planned from homes to runs with the solver', () => {
  const children = catchment(300);
  const stops = groupStops(children, []);
  const input: SchoolRunInput = {
    name: 'Athénée',
    school,
    stops,
    travel: straightLineTable(runPoints(school, stops)),
    fleet: { capacities: Array<number>(12).fill(40) },
  };
  const solution = solve(buildMorningProblem(input), { seconds: 20, seed: 3, maxIterations: 1500 });
  const morning = morningRuns(solution.routes, solution.routeVehicles!, input);

  it('finds a feasible plan that carries every child once, within seats and vehicles', () => {
    expect(solution.feasible).toBe(true);
    const carried = morning.flatMap((run) => run.rides.map((ride) => ride.childId)).sort();
    expect(carried).toEqual(children.map((child) => child.id).sort());
    expect(morning.length).toBeLessThanOrEqual(12);
    expect(morning.length).toBeGreaterThanOrEqual(Math.ceil(300 / 40));
    for (const run of morning) expect(run.children).toBeLessThanOrEqual(40);
  });

  it('arrives 20 minutes before the bell with nobody riding over 45 minutes', () => {
    for (const run of morning) expect(run.schoolTime).toBe(school.bellTime - 20 * 60);
    const summary = summarisePlan(morning);
    expect(summary.ridesOverMax).toEqual([]);
    expect(summary.longestRide!.seconds).toBeLessThanOrEqual(45 * 60);
    expect(summary.childrenPerRun.reduce((sum, count) => sum + count, 0)).toBe(300);
  });

  it('mirrors the plan in the afternoon with the same children on the same vehicles', () => {
    const afternoon = afternoonRuns(morning, input, 16 * 3600);
    expect(afternoon.map((run) => run.stops.map((stop) => stop.node))).toEqual(
      morning.map((run) => run.stops.map((stop) => stop.node).reverse()),
    );
    // The straight-line table is symmetric, so the afternoon drives as far as the morning.
    expect(summarisePlan(afternoon).totalMetres).toBeCloseTo(summarisePlan(morning).totalMetres, 6);
  });
});
