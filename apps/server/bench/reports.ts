/**
 * How long each report takes over a month, through the real API: one server built in this process on a
 * PostgreSQL database (or a PGlite folder), listening on a local port, an administrator's GETs over HTTP. An empty
 * database is first filled by the dataset generator (children, 60 school days of trips with arrivals, positions
 * and scans), timed. The month is the last 30 days that have trips. Each report is asked once to warm up, then
 * `--runs` times; prints the rows, the median and the slowest answer of the JSON table, the median of its CSV and
 * of the CSV's first byte, and the printable manifest of one route. Exits non-zero when a median is over the 2 s
 * target. A database with children but no stops yet (`npm run generate -- --students N --days 0`) gets the
 * history added (generate-history.ts), a day per transaction, newest first; `--scan-days` bounds the days with
 * scans, and `--until` (an ISO instant of the wall clock, not of the data) is a deadline: no day is started after
 * it, so a long generation ends with whole days (the days themselves are always the school days before today).
 *
 *   npm run bench:reports -w apps/server -- --database-url postgres://…/bench_reports_100k --students 100000
 *   (or: cd apps/server && npx tsx bench/reports.ts --data-dir /tmp/reports-bench --students 5000)
 * Options: --students 100000 (only when the database is empty), --days 60, --runs 3, --port 3998, --scan-days D,
 * --until 2026-11-25T06:00:00Z (a deadline), --rollups per-day|triggers (how the history's rollups are kept: counted once per
 * day, the default and several times faster, or by the triggers as each day is written), --generate-only, --skip-history (measure what is there; otherwise the days
 * missing trips or scans are added first).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { REPORT_IDS } from '@school-transport/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { queryRows } from '../src/db/client.js';
import { generateDataset, isEmpty } from '../src/db/generate/generate-dataset.js';
import { generateHistory, type Rollups, type StatementTiming } from '../src/db/generate/generate-history.js';
import { createAdmin } from '../src/modules/platform/users/first-admin.js';
import { BENCH_ADMIN } from './bench-server.js';

const TARGET_MS = 2_000;
const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    students: { type: 'string', default: '100000' },
    days: { type: 'string', default: '60' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3998' },
    'scan-days': { type: 'string' },
    until: { type: 'string' },
    rollups: { type: 'string', default: 'per-day' },
    'generate-only': { type: 'boolean', default: false },
    'skip-history': { type: 'boolean', default: false },
  },
});
if (!values['database-url'] && !values['data-dir']) throw new Error('Give --database-url or --data-dir');
const runs = Number(values.runs);
if (values.rollups !== 'per-day' && values.rollups !== 'triggers')
  throw new Error('--rollups is per-day or triggers');

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  PORT: values.port,
  // The daily job would add the coming days' pending trips, and move "the last 30 days with trips" into them.
  DAILY_JOBS: 'off',
  ...(values['database-url']
    ? { DATABASE_URL: values['database-url'] }
    : { DATA_DIR: values['data-dir']!, DATABASE_URL: '' }),
});
const app = await buildApp({ ...config, webDistDir: null }, { logStream: process.stderr });
const db = app.database.db;

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const history = {
  schoolDays: Number(values.days),
  scanDays: values['scan-days'] ? Number(values['scan-days']) : undefined,
  until: values.until ? new Date(values.until) : undefined,
  rollups: values.rollups as Rollups,
  onStatement: ({ step, ms, rows }: StatementTiming) =>
    console.log(`  ${step}: ${rows} rows in ${(ms / 1000).toFixed(1)} s`),
  onDay: (day: string, part: string, ms: number) =>
    console.log(`${new Date().toISOString()} ${day} ${part} in ${(ms / 1000).toFixed(1)} s`),
};
if (await isEmpty(db)) {
  const started = performance.now();
  const summary = await generateDataset(db, { students: Number(values.students), schoolDays: 0 });
  console.log(`Generated the children in ${elapsed(started)}:`, summary);
}
if (!values['skip-history']) {
  const started = performance.now();
  const { days, scanned } = await generateHistory(db, history);
  console.log(`History generated in ${elapsed(started)}: trips on ${days.length} days (${days.at(-1)} to ${days[0]}),
    scans on ${scanned.length} days (${scanned.at(-1)} to ${scanned[0]})`);
}
const [sizes] = await queryRows<Record<string, number>>(
  db,
  sql`select (select count(*)::int from students) as students, (select count(*)::int from trips) as trips,
    (select count(*)::int from trip_stops) as trip_stops, (select count(*)::int from ridership_events) as events,
    (select count(*)::int from vehicle_positions) as positions`,
);
console.log('Dataset:', sizes);
if (values['generate-only']) {
  await app.close();
  process.exit(0);
}
const [last] = await queryRows<{ from: string; to: string; route: string }>(
  db,
  sql`select (max(trip_date) - 29)::text as from, max(trip_date)::text as to,
    (select id::text from routes order by name limit 1) as route from trips where trip_date < current_date`,
);
if (!last?.to) throw new Error('The database has no trips to report on');

const url = await app.listen({ host: '127.0.0.1', port: Number(values.port) });
await createAdmin(db, { ...BENCH_ADMIN, name: 'Bench' }, 'bench').catch(() => undefined);
const signIn = await fetch(`${url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(BENCH_ADMIN),
});
const token = ((await signIn.json()) as { token: string }).token;

/**
 * One GET's wall clock, the body read to its end, and the time to its first byte of body (the first chunk read);
 * throws on anything but 200.
 */
async function timed(path: string): Promise<{ ms: number; firstByteMs: number; body: string }> {
  const started = performance.now();
  const answer = await fetch(`${url}${path}`, { headers: { authorization: token } });
  const reader = answer.body!.getReader();
  const decoder = new TextDecoder();
  let body = '';
  let firstByteMs = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByteMs) firstByteMs = performance.now() - started;
    body += decoder.decode(value, { stream: true });
  }
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${body.slice(0, 300)}`);
  return { ms, firstByteMs, body };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(path: string) {
  const first = await timed(path);
  const runsTimed = [];
  for (let i = 0; i < runs; i++) runsTimed.push(await timed(path));
  const times = runsTimed.map((run) => run.ms).sort((a, b) => a - b);
  return {
    first: first.ms,
    median: median(times),
    slowest: times.at(-1)!,
    firstByte: median(runsTimed.map((run) => run.firstByteMs)),
    body: first.body,
  };
}

const range = `from=${last.from}&to=${last.to}`;
console.log(`Month: ${last.from} to ${last.to}; ${runs} timed runs after a first (cold) one.`);
const results = [];
try {
  for (const report of REPORT_IDS) {
    const json = await measure(`/api/reports/${report}?${range}`);
    const csv = await measure(`/api/reports/${report}/csv?${range}`);
    const data = (JSON.parse(json.body) as { data: { rows: unknown[]; paging?: { total: number } } }).data;
    results.push({
      report,
      // A paged report (decision 039) answers a page: its total, and the rows of the page.
      rows: data.paging ? `${data.paging.total} (page: ${data.rows.length})` : data.rows.length,
      'first ms': Math.round(json.first),
      'median ms': Math.round(json.median),
      'slowest ms': Math.round(json.slowest),
      'csv median ms': Math.round(csv.median),
      'csv first byte ms': Math.round(csv.firstByte),
      'csv rows': csv.body.split('\r\n').length - 2,
      target: json.median <= TARGET_MS && csv.median <= TARGET_MS ? 'ok' : 'OVER 2 s',
    });
  }
  const manifest = await measure(`/api/reports/manifest?routeId=${last.route}&run=PICKUP`);
  results.push({
    report: 'manifest (one route)',
    rows: (JSON.parse(manifest.body) as { data: { stops: unknown[] } }).data.stops.length,
    'first ms': Math.round(manifest.first),
    'median ms': Math.round(manifest.median),
    'slowest ms': Math.round(manifest.slowest),
    'csv median ms': null,
    'csv first byte ms': null,
    'csv rows': null,
    target: manifest.median <= TARGET_MS ? 'ok' : 'OVER 2 s',
  });
  console.table(results);
} finally {
  await app.close();
}
if (results.some((result) => result.target !== 'ok')) process.exitCode = 1;
