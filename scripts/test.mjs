#!/usr/bin/env node
/**
 * `npm test`: every test of the project, in one run.
 *   1. API tests (Vitest, through app.inject) on embedded PGlite, and on PostgreSQL too when TEST_DATABASE_URL
 *      (or DATABASE_URL) is set;
 *   2. the route planner's tests (Vitest: parsers, the solver's constraints, the school model);
 *   3. web unit tests (Vitest, jsdom; two projects: the back-office's on React, the phone apps' on Preact);
 *   4. the production build of the server and the web app, once (`npm run build`), and the bundle budgets
 *      (scripts/check-bundle.mjs prints every chunk counted and fails over 200 kB gzip for the back-office's first
 *      screen, over 120 kB for a phone app's, or when a phone app's chunks hold anything of the back-office);
 *   5. browser tests (Playwright in Debian's Chromium against that build: the built server and web app).
 * Every suite runs even when an earlier one fails; the last lines give each phase's time, the slowest files and
 * tests (scripts/test-times/), name what failed and sum them up. The suites' reports stay in test-reports/.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { printTimes } from './test-times/summary.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Kept after the run (git ignores it), so the next person can read which files and tests took the time.
const reports = path.join(root, 'test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports);
const timesReporter = path.join(root, 'scripts/test-times/vitest-reporter.mjs');
/** Each phase's name and wall time, in the order they ran. */
const phases = [];
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(chromium)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing the Debian package "chromium"...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (fs.existsSync(chromium)) return true;
  }
  console.error(
    `Browser tests need Chromium at ${chromium}. Install it with "sudo apt-get install chromium" ` +
      '(Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.',
  );
  return false;
}

/** The durability test traces the server with strace (Debian package "strace"), installed like Chromium. */
function ensureStrace() {
  const present = () => spawnSync('strace', ['-V']).status === 0;
  if (present()) return;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('strace is missing: installing the Debian package "strace"...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'strace'], { stdio: 'inherit', env });
    if (present()) return;
  }
  console.error(
    'The durability test needs strace and is skipped: install it with "sudo apt-get install strace".',
  );
}

function run(name, workspace, args, env = {}, command = 'npx') {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd: path.join(root, workspace),
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  phases.push({ name, ms: performance.now() - started });
  return result.status === 0;
}

/** A suite that counts as one failed test: it could not run, or wrote no report. */
const failedWhole = (why) => ({ ok: false, passed: 0, failed: 1, skipped: 0, failures: [why] });

/** The first line of a failure's message, without terminal colours: enough to tell which assertion it was. */
const firstLine = (message = '') => stripVTControlCharacters(message).trim().split('\n')[0].slice(0, 300);

function vitestCounts(file, name) {
  if (!fs.existsSync(file)) return failedWhole(`${name}: no report written`);
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const failures = report.testResults.flatMap((suite) => {
    const where = path.relative(root, suite.name);
    const tests = suite.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed to load or whose hooks threw has no failed test of its own, only a message.
    return tests.length === 0 && suite.status === 'failed'
      ? [`${where}: ${firstLine(suite.message)}`]
      : tests;
  });
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

/** Every spec of a Playwright JSON report, with the titles of the suites around it. */
function* playwrightSpecs(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) yield { spec, titles: here };
  for (const child of suite.suites ?? []) yield* playwrightSpecs(child, here);
}

function playwrightCounts(file) {
  if (!fs.existsSync(file)) return failedWhole('Browser tests: no report written');
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const failures = report.suites.flatMap((suite) =>
    [...playwrightSpecs(suite)].flatMap(({ spec, titles }) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) => {
          const error = test.results.at(-1)?.error?.message;
          return `${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`;
        }),
    ),
  );
  const { stats } = report;
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped, failures };
}

/** Runs one workspace's Vitest suite and reads its counts back from a JSON report. */
function runVitest(name, workspace) {
  const report = path.join(reports, `${workspace.replaceAll('/', '-')}.json`);
  const times = path.join(reports, `${workspace.replaceAll('/', '-')}.times.json`);
  const args = [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    `--reporter=${timesReporter}`,
  ];
  const ok = run(name, workspace, args, { VITEST_TIMES_FILE: times });
  const counts = vitestCounts(report, name);
  // Vitest also fails a run for an error outside any test (an unhandled rejection, say): the times reporter kept it.
  if (!ok && counts.failures.length === 0) {
    const outside = fs.existsSync(times) ? (JSON.parse(fs.readFileSync(times, 'utf8')).outside ?? []) : [];
    for (const error of outside) {
      const where = [error.file, error.during].filter(Boolean).join(' › ');
      counts.failures.push(
        `${name}: an error outside the tests${where ? ` (during ${where})` : ''}: ${firstLine(`${error.name ?? 'Error'}: ${error.message}`)}`,
      );
      if (error.stack) console.error(`\n${name}, an error outside the tests:\n${error.stack}`);
    }
    if (outside.length === 0) counts.failures.push(`${name}: an error outside the tests (see above)`);
  }
  return { ok, ...counts };
}

ensureStrace();
const suites = [
  runVitest('API tests', 'apps/server'),
  runVitest('Route planner tests', 'packages/planner'),
  runVitest('Web unit tests', 'apps/web'),
];

// The budget weighs the build the browser tests then run against, so the app is built once, here.
const built = run('Build (server and web)', '.', ['run', 'build'], {}, 'npm');
const withinBudget =
  built &&
  run('Bundle budgets (first screen, phone apps)', '.', ['run', '--silent', 'check:bundle'], {}, 'npm');
suites.push(
  withinBudget
    ? { ok: true, passed: 1, failed: 0, skipped: 0, failures: [] }
    : failedWhole('Bundle budgets (or the build): see above'),
);

if (!built) {
  console.error('\nBrowser tests skipped: the build failed.');
  suites.push(failedWhole('Browser tests: not run'));
} else if (ensureChromium()) {
  const e2eReport = path.join(reports, 'e2e.json');
  const e2eOk = run('Browser tests', 'e2e', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    E2E_SKIP_BUILD: '1',
  });
  suites.push({ ok: e2eOk, ...playwrightCounts(e2eReport) });
} else {
  suites.push(failedWhole('Browser tests: no Chromium'));
}

const total = suites.reduce(
  (sum, s) => ({
    passed: sum.passed + s.passed,
    failed: sum.failed + s.failed,
    skipped: sum.skipped + s.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const allOk = suites.every((s) => s.ok) && total.failed === 0;
printTimes(phases, reports);
// CI keeps only the end of the output: the failures are named again here, next to the sum, so they are in it.
const failures = suites.flatMap((s) => s.failures);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(allOk ? 0 : 1);
