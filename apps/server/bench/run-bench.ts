/**
 * API benchmark: starts the real server (its own process) on an already generated database, drives it with
 * autocannon from this process, and prints requests/s and p50/p95/p99 latency per scenario, each list's
 * throughput as a share of the bare health endpoint's (the ceiling), and the server's resident memory.
 *
 *   npm run bench -- --data-dir /tmp/gen100k            (embedded PGlite)
 *   npm run bench -- --database-url postgres://…/bench   (PostgreSQL)
 * Options: --connections 16, --seconds 10. Generate the data first: `npm run generate -- --students 100000`.
 */
import autocannon from 'autocannon';
import * as hdr from 'hdr-histogram-js';
import {
  BENCH_ADMIN,
  benchArguments,
  cpuSeconds,
  engineName,
  mainThreadCpuSeconds,
  nextClientAddress,
  sampleRss,
  startBenchServer,
} from './bench-server.js';

const values = benchArguments({ port: 3999, connections: 16, seconds: 10 });
const { connections, seconds: duration } = values;
const server = await startBenchServer(values);
const base = server.url;
let rss: ReturnType<typeof sampleRss> | undefined;

interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: () => unknown;
  auth?: boolean;
  list?: boolean;
}

async function run(scenario: Scenario, token: string) {
  // Our own latency histogram: autocannon's summary has p90 and p97.5 but not p95.
  const latencies = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 10_000,
    numberOfSignificantValueDigits: 3,
    autoResize: true,
  });
  const cpuBefore = { all: cpuSeconds(server.pid) ?? 0, main: mainThreadCpuSeconds(server.pid) ?? 0 };
  const result = await autocannon({
    // Supported by autocannon (lib/histUtil.js) but missing from its type definitions.
    ...({ histograms: { latencies } } as object),
    url: `${base}${scenario.path}`,
    connections,
    duration,
    method: scenario.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(scenario.auth === false ? {} : { authorization: token }),
    },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          ...(scenario.body ? { body: JSON.stringify(scenario.body()) } : {}),
          headers: { ...request.headers, 'x-forwarded-for': nextClientAddress() },
        }),
      },
    ],
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  // The server's CPU per answered request: its main thread (Fastify, drizzle, and PGlite when it runs there) and
  // all its threads. Unlike latency under a loaded machine's queueing, these barely depend on what else runs.
  const perRequestMs = (seconds: number) => (seconds * 1000) / Math.max(1, result.requests.total);
  const cpu = {
    main: perRequestMs((mainThreadCpuSeconds(server.pid) ?? 0) - cpuBefore.main),
    all: perRequestMs((cpuSeconds(server.pid) ?? 0) - cpuBefore.all),
  };
  return {
    cpu,
    name: scenario.name,
    rps: result.requests.average,
    p50: latencies.getValueAtPercentile(50),
    p95: latencies.getValueAtPercentile(95),
    p99: latencies.getValueAtPercentile(99),
    errors,
    list: scenario.list,
  };
}

async function main() {
  rss = sampleRss(server.pid, 250);
  const token = await server.signIn();
  const get = async (path: string) =>
    (await (await fetch(`${base}${path}`, { headers: { authorization: token } })).json()) as {
      data: Array<{ id: string }>;
      pagination: { totalPages: number };
      cursors?: { next?: string };
    };
  const students = await get('/api/students/get-all?limit=10');
  const routes = await get('/api/routes/get-all?limit=1');
  const deepPage = Math.max(2, Math.floor(students.pagination.totalPages / 2));
  // The same deep page reached from the one before it, as the list screen's "next" asks for it (keyset paging).
  const beforeDeep = await get(`/api/students/get-all?page=${deepPage - 1}&limit=10`);
  const deepCursor = encodeURIComponent(beforeDeep.cursors!.next!);
  const routeBody = () => ({
    name: `Bench route ${Math.random()}`,
    startLocation: 'Depot 1',
    endLocation: 'School',
    distanceKm: 12.5,
    durationMin: 40,
  });

  const scenarios: Scenario[] = [
    { name: 'health (ceiling)', path: '/api/health', auth: false },
    { name: 'sign-in', method: 'POST', path: '/api/auth/login', auth: false, body: () => BENCH_ADMIN },
    ...['drivers', 'vehicles', 'routes', 'parents', 'students', 'route-assignments', 'trips'].map(
      (resource) => ({
        name: `${resource} list, page 1`,
        path: `/api/${resource}/get-all?page=1&limit=10`,
        list: true,
      }),
    ),
    {
      name: `students list, page ${deepPage}`,
      path: `/api/students/get-all?page=${deepPage}&limit=10`,
      list: true,
    },
    {
      name: `students list, page ${deepPage} by cursor`,
      path: `/api/students/get-all?page=${deepPage}&limit=10&cursor=${deepCursor}`,
      list: true,
    },
    { name: 'students search "aar"', path: '/api/students/get-all?search=aar&limit=10', list: true },
    { name: 'student get-one', path: `/api/students/get-one/${students.data[0]!.id}` },
    { name: 'route create', method: 'POST', path: '/api/routes/create', body: routeBody },
    {
      name: 'route update',
      method: 'PUT',
      path: `/api/routes/update/${routes.data[0]!.id}`,
      body: routeBody,
    },
  ];

  const results = [];
  for (const scenario of scenarios) {
    results.push(await run(scenario, token));
    process.stderr.write(`  done: ${scenario.name}\n`);
  }
  const ceiling = results[0]!.rps;
  const engine = engineName(values);
  console.log(`\n${engine}, ${connections} connections, ${duration} s per scenario\n`);
  console.log(
    '| scenario | req/s | p50 ms | p95 ms | p99 ms | errors | share of ceiling | server CPU ms/request: main thread, all |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.list ? `${((r.rps / ceiling) * 100).toFixed(0)}%` : ''} | ${r.cpu.main.toFixed(2)}, ${r.cpu.all.toFixed(2)} |`,
    );
  }
  const max = Math.max(...rss!.samples.map((sample) => sample.mb));
  const min = Math.min(...rss!.samples.map((sample) => sample.mb));
  console.log(`\nServer resident memory during the run: ${min.toFixed(0)} MB to ${max.toFixed(0)} MB`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    rss?.stop();
    await server.stop();
  });
