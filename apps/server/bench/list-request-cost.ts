/**
 * What one list request costs, one at a time (no queueing): an app built in this process on a generated database,
 * an administrator's GETs through `inject` (no network); each URL asked once to warm up (and prepare), then
 * `--runs` times in a row. Prints the median wall time per request and this process's CPU time per request (the
 * server's own work: routing, session, drizzle, the answer's schema and JSON); the rest of the wall time is the
 * database's. On a shared machine the CPU time is the steadier figure, and what sets throughput on an idle one.
 *
 *   cd apps/server && npx tsx bench/list-request-cost.ts --database-url postgres://postgres@127.0.0.1:5432/bench_1m
 * Options: --runs 200.
 */
import { parseArgs } from 'node:util';
import { benchAppInProcess } from './bench-server.js';

const { values } = parseArgs({
  options: { 'database-url': { type: 'string' }, runs: { type: 'string', default: '200' } },
});
if (!values['database-url']) throw new Error('Give --database-url');
const runs = Number(values.runs);

const { app, token } = await benchAppInProcess(values['database-url']);

async function get(url: string) {
  const answer = await app.inject({ method: 'GET', url, headers: { authorization: token } });
  if (answer.statusCode !== 200) throw new Error(`GET ${url} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<{ pagination: { totalPages: number }; cursors?: { next?: string } }>();
}

async function measure(name: string, url: string) {
  await get(url);
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await get(url);
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    request: name,
    'median ms': Number(times[Math.floor(times.length / 2)]!.toFixed(2)),
    'p95 ms': Number(times[Math.floor(times.length * 0.95)]!.toFixed(2)),
    'server CPU ms': Number(((cpu.user + cpu.system) / 1000 / runs).toFixed(2)),
  };
}

const first = await get('/api/students/get-all?limit=10');
const deep = Math.max(2, Math.floor(first.pagination.totalPages / 2));
const before = await get(`/api/students/get-all?limit=10&page=${deep - 1}`);
const cursor = encodeURIComponent(before.cursors?.next ?? '');
const results = [];
results.push(await measure('health', '/api/health'));
for (const resource of ['parents', 'students']) {
  results.push(await measure(`${resource} list, page 1`, `/api/${resource}/get-all?limit=10`));
}
results.push(await measure('students search "aar"', '/api/students/get-all?search=aar&limit=10'));
results.push(await measure('students search "zz9"', '/api/students/get-all?search=zz9&limit=10'));
if (cursor) {
  results.push(
    await measure(
      `students page ${deep} by cursor`,
      `/api/students/get-all?limit=10&page=${deep}&cursor=${cursor}`,
    ),
  );
}
results.push(
  await measure(`students page ${deep} by number`, `/api/students/get-all?limit=10&page=${deep}`).catch(
    (error: unknown) => ({ request: 'deep page', error: String(error) }),
  ),
);
console.table(results);
await app.close();
