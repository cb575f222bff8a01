/**
 * What `npm test` prints at the end about time (scripts/test.mjs): each phase's wall time, the slowest files and
 * the slowest tests of every suite, read from the reports it keeps in test-reports/ for the next person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';

const SHOWN = 15;

export const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

/** Files and tests of a Vitest suite, from scripts/test-times/vitest-reporter.mjs's file. */
function vitestTimes(file) {
  if (!fs.existsSync(file)) return { files: [], tests: [] };
  const { files, tests } = JSON.parse(fs.readFileSync(file, 'utf8'));
  // The web and planner suites have one unnamed project; the API suite's projects are its engines and groups.
  const where = (entry) => (entry.project ? `${entry.file} [${entry.project}]` : entry.file);
  return {
    files: files.map((entry) => ({ where: where(entry), ms: entry.ms })),
    tests: tests.map((entry) => ({ where: `${where(entry)} › ${entry.name}`, ms: entry.ms })),
  };
}

function* specsOf(suite, titles = []) {
  const here = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) yield { spec, titles: here };
  for (const child of suite.suites ?? []) yield* specsOf(child, here);
}

/** Files and tests of the browser suite, from Playwright's JSON report (a file's time is its tests' sum). */
function playwrightTimes(file) {
  if (!fs.existsSync(file)) return { files: [], tests: [] };
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const tests = [];
  for (const suite of report.suites)
    for (const { spec, titles } of specsOf(suite))
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        tests.push({
          file: `e2e/tests/${spec.file}`,
          where: [`e2e/tests/${spec.file}`, ...titles, spec.title].join(' › '),
          ms,
        });
      }
  const byFile = new Map();
  for (const test of tests) byFile.set(test.file, (byFile.get(test.file) ?? 0) + test.ms);
  return { files: [...byFile].map(([where, ms]) => ({ where, ms })), tests };
}

const slowest = (entries) => [...entries].sort((a, b) => b.ms - a.ms).slice(0, SHOWN);

/**
 * Prints the phases, and the slowest files and tests across every suite; writes the same as test-reports/times.json.
 * `phases`: [{ name, ms }]; `reports`: the folder with the suites' reports.
 */
export function printTimes(phases, reports) {
  const suites = fs.readdirSync(reports).map((name) => path.join(reports, name));
  const all = suites
    .map((file) =>
      file.endsWith('.times.json')
        ? vitestTimes(file)
        : file.endsWith('e2e.json')
          ? playwrightTimes(file)
          : null,
    )
    .filter(Boolean);
  const files = slowest(all.flatMap((suite) => suite.files));
  const tests = slowest(all.flatMap((suite) => suite.tests));
  const total = phases.reduce((sum, phase) => sum + phase.ms, 0);
  const width = Math.max(...phases.map((phase) => phase.name.length));
  console.log('\nTime per phase (wall clock):');
  for (const phase of phases) console.log(`  ${phase.name.padEnd(width)}  ${clock(phase.ms).padStart(6)}`);
  console.log(`  ${'Total'.padEnd(width)}  ${clock(total).padStart(6)}`);
  console.log(`\nSlowest ${SHOWN} files (start, imports, hooks and tests):`);
  for (const file of files) console.log(`  ${seconds(file.ms)}  ${file.where}`);
  console.log(`\nSlowest ${SHOWN} tests:`);
  for (const test of tests) console.log(`  ${seconds(test.ms)}  ${test.where}`);
  console.log(`\nEvery suite's report is kept in ${path.relative(process.cwd(), reports) || '.'}/`);
  fs.writeFileSync(
    path.join(reports, 'times.json'),
    JSON.stringify({ phases, total, files, tests }, null, 2),
  );
}
