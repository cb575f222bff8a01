/**
 * The route planner on a realistic operator: the dataset generator's children (2,000 by default) on a fresh
 * in-memory PGlite, then for each of its schools a plan for the seated children of that school (each child goes
 * to the nearest school, which is their city's) with the vehicles of those children's assignments, through the
 * planning job's own pipeline (`planSchool`: stops, travel table, solver, runs), one school after another.
 * Prints per school the children, the generator's vehicles and the planned ones, the longest ride and the km, then
 * the totals and the wall clock of all the plans. Exits non-zero when a school cannot be planned, a ride is over
 * the maximum or a plan uses more vehicles than the generator's own assignment. For comparison (outside the
 * timed plans) it also times the generator's own buses: each bus's children alone on it, in the best order a short
 * search finds; "over" when a bus cannot bring its children within the maximum in any order found.
 *
 *   npm run bench:planner -w apps/server                  (or: cd apps/server && npx tsx bench/planner-operator.ts)
 * Options: --students 2000, --seconds 9 (per school), --seed 1.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_RUN_SETTINGS, DEFAULT_STRAIGHT_LINE, greatCircleMetres } from '@school-transport/planner';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/client.js';
import { generateDataset } from '../src/db/generate/generate-dataset.js';
import {
  childHomes,
  schoolToPlan,
  stopsInArea,
  vehiclesToPlan,
} from '../src/modules/records/planner/planner-queries.js';
import { DEFAULT_PLAN_RULES, planSchool } from '../src/modules/records/planner/plan-worker.js';
import { schoolJob } from '../src/modules/records/planner/planner-service.js';
import { boxAround } from '../src/lib/geo-distance.js';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '9' },
    seed: { type: 'string', default: '1' },
  },
});
const students = Number(values.students);
const seconds = Number(values.seconds);
const seed = Number(values.seed);
const MAX_RIDE_MINUTES = DEFAULT_RUN_SETTINGS.maxRideSeconds / 60;
/** The search budget for ordering one of the generator's buses (a few dozen stops). */
const BUS_ORDER_ITERATIONS = 2000;
/** Existing stops within this distance of a school are offered to its plan (a generated dataset has none yet). */
const CATCHMENT_M = 50_000;

const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://planner-operator' });
await database.migrate();
const generated = await generateDataset(database.db, { students, schoolDays: 1 });

interface SeatedChild {
  student_id: string;
  vehicle_id: string;
  lat: number;
  lng: number;
}
const seated = await queryRows<SeatedChild>(
  database.db,
  sql`select s.id as student_id, ra.vehicle_id, s.pickup_lat as lat, s.pickup_lng as lng
    from assignment_students a
    join route_assignments ra on ra.id = a.assignment_id
    join students s on s.id = a.student_id
    order by s.id`,
);
const schoolRows = await queryRows<{ id: string; name: string; lat: number; lng: number }>(
  database.db,
  sql`select id, name, lat, lng from schools order by bell_time, name`,
);
const nearestSchool = (child: SeatedChild) =>
  schoolRows.reduce((best, school) =>
    greatCircleMetres(child, school) < greatCircleMetres(child, best) ? school : best,
  );

/** The job of one school: its children (by id) on these vehicles. */
async function jobFor(schoolId: string, childIds: readonly string[], vehicleIds: readonly string[]) {
  const school = (await schoolToPlan(database.db, schoolId))!;
  return schoolJob(school, {
    children: (await childHomes(database.db, childIds)).placed,
    existingStops: await stopsInArea(database.db, boxAround(school, CATCHMENT_M)),
    vehicles: await vehiclesToPlan(database.db, vehicleIds),
    rules: DEFAULT_PLAN_RULES,
    travel: DEFAULT_STRAIGHT_LINE,
    seconds,
    seed,
  });
}

/** The longest ride of the generator's own buses for a school, each bus ordered by a short search on its own, or
 * how many of them cannot keep every ride within the maximum. */
async function generatorLongestRide(schoolId: string, children: readonly SeatedChild[]): Promise<string> {
  let longest = 0;
  let over = 0;
  for (const vehicleId of new Set(children.map((child) => child.vehicle_id))) {
    const onBus = children.filter((child) => child.vehicle_id === vehicleId).map((child) => child.student_id);
    const job = await jobFor(schoolId, onBus, [vehicleId]);
    const outcome = await planSchool({ ...job, seconds: 2, iterations: BUS_ORDER_ITERATIONS }, () => {});
    if (outcome.type === 'unplannable') over += 1;
    else longest = Math.max(longest, outcome.result.summary.longestRideMinutes);
  }
  return over > 0 ? `${over} buses over` : String(longest);
}

interface Row {
  school: string;
  children: number;
  generatorVehicles: number;
  plannedVehicles: number | null;
  longestRideMinutes: number | null;
  km: number | null;
  generatorLongestRide: string;
  seconds: number;
  problem: string | null;
}

const rows: Row[] = [];
const began = performance.now();
for (const { id } of schoolRows) {
  const mine = seated.filter((child) => nearestSchool(child).id === id);
  const vehicleIds = [...new Set(mine.map((child) => child.vehicle_id))];
  const job = await jobFor(
    id,
    mine.map((child) => child.student_id),
    vehicleIds,
  );
  const started = performance.now();
  const outcome = await planSchool(job, () => {});
  const row: Row = {
    school: job.name,
    children: mine.length,
    generatorVehicles: vehicleIds.length,
    plannedVehicles: null,
    longestRideMinutes: null,
    km: null,
    generatorLongestRide: '',
    seconds: (performance.now() - started) / 1000,
    problem: null,
  };
  if (outcome.type === 'unplannable') row.problem = outcome.message;
  else {
    const { summary } = outcome.result;
    Object.assign(row, {
      plannedVehicles: summary.vehicles,
      longestRideMinutes: summary.longestRideMinutes,
      km: summary.totalKm,
    });
    if (summary.longestRideMinutes > MAX_RIDE_MINUTES)
      row.problem = `a ride of ${summary.longestRideMinutes} minutes`;
    else if (summary.vehicles > vehicleIds.length)
      row.problem = `${summary.vehicles} vehicles, the generator's assignment uses ${vehicleIds.length}`;
  }
  rows.push(row);
}
const wallSeconds = (performance.now() - began) / 1000;
for (const [index, { id }] of schoolRows.entries()) {
  const mine = seated.filter((child) => nearestSchool(child).id === id);
  rows[index]!.generatorLongestRide = await generatorLongestRide(id, mine);
}
await database.close();

const cell = (value: number | string | null, width: number) => String(value ?? '-').padStart(width);
const sum = (pick: (row: Row) => number | null) => rows.reduce((total, row) => total + (pick(row) ?? 0), 0);
console.log(
  `generated: ${generated.students} children, ${generated.seated} seated on ${generated.vehicles} vehicles, ` +
    `${generated.schools} schools; ${seconds} s per school, seed ${seed}, rides of at most ${MAX_RIDE_MINUTES} min`,
);
console.log(
  `${'school'.padEnd(22)}${cell('children', 10)}${cell('generator', 11)}${cell('planned', 9)}` +
    `${cell('longest min', 13)}${cell('km', 9)}${cell('seconds', 9)}${cell('generator longest min', 23)}`,
);
for (const row of rows) {
  console.log(
    `${row.school.padEnd(22)}${cell(row.children, 10)}${cell(row.generatorVehicles, 11)}` +
      `${cell(row.plannedVehicles, 9)}${cell(row.longestRideMinutes, 13)}${cell(row.km, 9)}` +
      `${cell(row.seconds.toFixed(1), 9)}${cell(row.generatorLongestRide, 23)}` +
      `${row.problem ? `   FAILED: ${row.problem}` : ''}`,
  );
}
const longest = Math.max(...rows.map((row) => row.longestRideMinutes ?? 0));
console.log(
  `${'total'.padEnd(22)}${cell(
    sum((row) => row.children),
    10,
  )}${cell(
    sum((row) => row.generatorVehicles),
    11,
  )}` +
    `${cell(
      sum((row) => row.plannedVehicles),
      9,
    )}${cell(longest, 13)}` +
    `${cell(Math.round(sum((row) => row.km) * 10) / 10, 9)}${cell(wallSeconds.toFixed(1), 9)}`,
);
if (rows.some((row) => row.problem)) process.exitCode = 1;
