import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FormatError } from '../formats/benchmark-instance.js';
import { UsageError, numberOption, parseArguments, rejectUnknownOptions, runCommand } from './arguments.js';
import { type InstanceKind, readInstance } from './read-instance.js';
import { verifySolution } from './verify.js';

const USAGE = 'usage: planner:bench DIR --seconds S [--jobs N] [--seed N]';
const PLANNER = fileURLToPath(new URL('./planner.ts', import.meta.url));

interface Row {
  instance: string;
  cost: number;
  bestKnown: number;
  gapPercent: number;
  vehicles: number;
  seconds: number;
  problems: string[];
}

interface PlannerOutput {
  instance: string;
  cost: number;
  vehicles: number;
  routes: number[][];
  seconds: number;
}

/** The best known cost to compare with: for Solomon, the least-distance figure (`NAME_distance`). */
function bestKnownCost(table: Record<string, { best_known_cost: number }>, name: string): number | undefined {
  return (table[`${name}_distance`] ?? table[name])?.best_known_cost;
}

/** Runs the planner on one file in its own process, so that `--jobs` instances use as many cores. */
function runPlanner(kind: InstanceKind, file: string, seconds: number, seed: number): Promise<PlannerOutput> {
  const args = [
    ...process.execArgv,
    PLANNER,
    kind,
    file,
    '--seconds',
    String(seconds),
    '--seed',
    String(seed),
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const line = stdout.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as PlannerOutput);
      } catch {
        reject(new Error(`${file}: planner failed (${error?.message ?? 'no output'}) ${stderr.trim()}`));
      }
    });
  });
}

async function benchmarkFile(dir: string, file: string, table: Record<string, { best_known_cost: number }>) {
  const kind: InstanceKind = file.endsWith('.vrp') ? 'cvrp' : 'vrptw';
  const path = join(dir, file);
  const instance = readInstance(kind, path);
  const bestKnown = bestKnownCost(table, instance.name);
  if (bestKnown === undefined) throw new FormatError(`${instance.name} is not in BKS.json`);
  const output = await runPlanner(kind, path, settings.seconds, settings.seed);
  const verdict = verifySolution(instance, output.routes);
  if (Math.abs(verdict.cost - output.cost) > 1e-6 * Math.max(1, verdict.cost)) {
    verdict.problems.push(`reported cost ${output.cost} but the routes cost ${verdict.cost}`);
  }
  return {
    instance: instance.name,
    cost: verdict.cost,
    bestKnown,
    gapPercent: ((verdict.cost - bestKnown) / bestKnown) * 100,
    vehicles: output.routes.length,
    seconds: output.seconds,
    problems: verdict.problems,
  } satisfies Row;
}

const settings = { seconds: 1, seed: 1 };

function printTable(rows: Row[]): void {
  const cells = (values: string[]) =>
    values.map((value, i) => (i === 0 ? value.padEnd(14) : value.padStart(10)));
  const lines = [
    cells(['instance', 'cost', 'best known', 'gap %', 'vehicles', 'seconds', 'feasible']).join(' '),
  ];
  for (const row of rows) {
    const cost = Number.isInteger(row.cost) ? String(row.cost) : row.cost.toFixed(2);
    const feasible = row.problems.length === 0 ? 'yes' : 'NO';
    lines.push(
      cells([
        row.instance,
        cost,
        String(row.bestKnown),
        row.gapPercent.toFixed(2),
        String(row.vehicles),
        row.seconds.toFixed(2),
        feasible,
      ]).join(' '),
    );
  }
  // An infeasible plan can undercut the best known cost (a customer left out), so gaps count feasible plans only.
  const feasible = rows.filter((row) => row.problems.length === 0);
  const infeasible = rows.filter((row) => row.problems.length > 0);
  const average = feasible.reduce((sum, row) => sum + row.gapPercent, 0) / Math.max(1, feasible.length);
  const worst = feasible.reduce<Row | undefined>(
    (a, b) => (a && a.gapPercent >= b.gapPercent ? a : b),
    undefined,
  );
  lines.push(
    '',
    `instances ${rows.length}, feasible ${feasible.length}, average gap ${average.toFixed(2)} %, ` +
      `worst gap ${worst ? `${worst.gapPercent.toFixed(2)} % (${worst.instance})` : '-'}, infeasible ${infeasible.length}`,
  );
  for (const row of infeasible) lines.push(`${row.instance}: ${row.problems.join('; ')}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const { positional, options } = parseArguments(process.argv.slice(2));
  rejectUnknownOptions(options, ['seconds', 'jobs', 'seed']);
  const [dir, ...extra] = positional;
  if (dir === undefined || extra.length > 0) throw new UsageError('expected one folder');
  settings.seconds = numberOption(options, 'seconds', undefined, (value) => value > 0);
  settings.seed = numberOption(options, 'seed', 1, (value) => Number.isInteger(value));
  const jobs = numberOption(options, 'jobs', 1, (value) => Number.isInteger(value) && value >= 1);
  const bksPath = join(dir, 'BKS.json');
  if (!existsSync(bksPath)) throw new UsageError(`${bksPath} not found`);
  const table = JSON.parse(readFileSync(bksPath, 'utf8')) as Record<string, { best_known_cost: number }>;
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.vrp') || file.endsWith('.txt'))
    .sort();
  if (files.length === 0) throw new UsageError(`no .vrp or .txt instance in ${dir}`);

  const rows: Row[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      rows[index] = await benchmarkFile(dir, files[index]!, table);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, worker));
  printTable(rows);
  if (rows.some((row) => row.problems.length > 0)) process.exitCode = 1;
}

runCommand(main, USAGE, (error) => error instanceof UsageError || error instanceof FormatError);
