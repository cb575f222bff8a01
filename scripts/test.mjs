#!/usr/bin/env node
/**
 * `npm test`: every test of the project, in one run.
 *   1. API tests (Vitest, through app.inject) on embedded PGlite, and on PostgreSQL too when TEST_DATABASE_URL
 *      (or DATABASE_URL) is set;
 *   2. the route planner's tests (Vitest: parsers, the solver's constraints, the school model);
 *   3. web unit tests (Vitest, jsdom);
 *   4. the web app's production build, once, and its first-screen bundle budget (scripts/check-bundle.mjs prints
 *      every chunk of the first screen and fails over 200 kB gzip);
 *   5. browser tests (Playwright in Debian's Chromium against that build and the real server).
 * Every suite runs even when an earlier one fails; the last line sums them up.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'st-test-reports-'));
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
  const result = spawnSync(command, args, {
    cwd: path.join(root, workspace),
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function vitestCounts(file) {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwrightCounts(file) {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

/** Runs one workspace's Vitest suite and reads its counts back from a JSON report. */
function runVitest(name, workspace) {
  const report = path.join(reports, `${workspace.replaceAll('/', '-')}.json`);
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const ok = run(name, workspace, args);
  return { ok, ...vitestCounts(report) };
}

ensureStrace();
const suites = [
  runVitest('API tests', 'apps/server'),
  runVitest('Route planner tests', 'packages/planner'),
  runVitest('Web unit tests', 'apps/web'),
];

// The budget weighs the build the browser tests then run against, so the app is built once, here.
const built = run('Web build', '.', ['run', 'build'], {}, 'npm');
const withinBudget =
  built && run('First-screen bundle budget', '.', ['run', '--silent', 'check:bundle'], {}, 'npm');
suites.push({ ok: withinBudget, passed: withinBudget ? 1 : 0, failed: withinBudget ? 0 : 1, skipped: 0 });

if (!built) {
  console.error('\nBrowser tests skipped: the web app did not build.');
  suites.push({ ok: false, passed: 0, failed: 1, skipped: 0 });
} else if (ensureChromium()) {
  const e2eReport = path.join(reports, 'e2e.json');
  const e2eOk = run('Browser tests', 'e2e', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    E2E_SKIP_BUILD: '1',
  });
  suites.push({ ok: e2eOk, ...playwrightCounts(e2eReport) });
} else {
  suites.push({ ok: false, passed: 0, failed: 1, skipped: 0 });
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
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(allOk ? 0 : 1);
