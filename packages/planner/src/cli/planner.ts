import { FormatError } from '../formats/benchmark-instance.js';
import { benchmarkProblem } from '../formats/to-problem.js';
import { solve } from '../solver/solve.js';
import { UsageError, numberOption, parseArguments, rejectUnknownOptions, runCommand } from './arguments.js';
import { isInstanceKind, readInstance } from './read-instance.js';

const USAGE = 'usage: planner cvrp FILE.vrp | vrptw FILE.txt --seconds S [--seed N]';

/** Solves one benchmark instance and prints the benchmark contract's JSON line. */
function main(): void {
  const began = performance.now();
  const { positional, options } = parseArguments(process.argv.slice(2));
  rejectUnknownOptions(options, ['seconds', 'seed']);
  const [kind, file, ...extra] = positional;
  if (!isInstanceKind(kind) || file === undefined || extra.length > 0)
    throw new UsageError('expected a kind and a file');
  const seconds = numberOption(options, 'seconds', undefined, (value) => value > 0);
  const seed = numberOption(options, 'seed', 1, (value) => Number.isInteger(value));

  const instance = readInstance(kind, file);
  const solution = solve(benchmarkProblem(instance), { seconds, seed });
  const result = {
    instance: instance.name,
    cost: solution.cost,
    vehicles: solution.vehicles,
    routes: solution.routes.map((route) => route.map((node) => instance.ids[node]!)),
    seconds: Math.round(performance.now() - began) / 1000,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  if (!solution.feasible) {
    process.stderr.write('no feasible solution found\n');
    process.exitCode = 1;
  }
}

runCommand(main, USAGE, (error) => error instanceof UsageError || error instanceof FormatError);
