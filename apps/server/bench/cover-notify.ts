/**
 * Issue 34's figure for covers (decision 054): "cover a run with 60 children: from the office's request to every
 * parent's push", p95 ≤ 2 s on PostgreSQL, measured on PGlite too.
 *
 * The database is prepared in this process: --routes routes, each with a driver, a vehicle, --children families of
 * one child each seated on it, and a spare driver; each parent has a session (written directly, as parents sign in
 * with a password set from a mailed link) and one device subscribed through POST /api/parent/push/subscriptions,
 * whose endpoint is packages/testing's push service on 127.0.0.1 (it checks the VAPID signature and decrypts each
 * message). Today's trips are generated. Then the real server runs as its own process and the office, one request
 * at a time, covers a route's pickup of today with its spare driver (POST /api/covers/create), waits until every
 * one of that route's parents has the cover's push, then undoes it (DELETE /api/covers/delete/{id}) and waits for
 * every "back to the plan" push; --rounds times over every route. Each is timed from just before the office's
 * request is sent to the push service receiving the route's last parent's message ("every parent"), and per
 * parent; the request's own answer time is printed beside them.
 *
 * NODE_ENV=test for the server process, as parent-notify.ts explains: the server pushes to loopback endpoints
 * only then. TIME_ZONE=UTC, so that the trips generated for today are the operator's today.
 *
 *   npx tsx bench/cover-notify.ts --data-dir /tmp/cover-bench                 (PGlite, a new folder)
 *   npx tsx bench/cover-notify.ts --database-url postgres://…/bench_cover     (PostgreSQL, an empty database)
 * Options: --routes 5, --children 60, --rounds 4, --wait 30 (a parent not told within this many seconds counts as
 * not told), --port 3996.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  driverPayload,
  fromSource,
  startPushService,
  startServer,
  uniqueTag,
  type RunningServer,
} from '@school-transport/testing';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createSession } from '../src/modules/platform/auth/sessions.js';
import { createAdmin } from '../src/modules/platform/users/first-admin.js';
import {
  benchArguments,
  busParts,
  cpuSeconds,
  engineName,
  injectingCall,
  loadNow,
  residentMb,
  spread,
  subscribedFamily,
} from './bench-server.js';

const values = benchArguments({ port: 3996, routes: 5, children: 60, rounds: 4, wait: 30 });
if (values.children > 100)
  throw new Error('--children must be at most 100 (an assignment takes at most 100)');
const TODAY = new Date().toISOString().slice(0, 10);
const ADMIN = { email: 'bench-admin@example.com', name: 'Bench', password: 'bench admin password 1' };
const dataDir = values['data-dir'] ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'cover-notify-')));
const databaseEnv = values['database-url']
  ? { DATA_DIR: dataDir, DATABASE_URL: values['database-url'] }
  : { DATA_DIR: dataDir, DATABASE_URL: '' };
const SERVER_ENV = { NODE_ENV: 'test', TIME_ZONE: 'UTC' } as const;
const push = await startPushService();

interface Route {
  assignmentId: string;
  spareDriverId: string;
  endpoints: string[];
}

/** The routes, families and spare drivers, made through the API of an app in this process, which then closes. */
async function prepare(): Promise<{ admin: string; routes: Route[] }> {
  const config = loadConfig({
    ...SERVER_ENV,
    LOG_LEVEL: 'error',
    PUSH_EXTRA_ORIGINS: push.origin,
    ...databaseEnv,
  });
  const app = await buildApp({ ...config, webDistDir: null }, { logStream: process.stderr });
  try {
    const call = injectingCall(app);
    const sessionOf = async (userId: string) =>
      (await createSession(app.database.db, userId, { ip: '127.0.0.1' }, new Date(), config.session)).token;
    await createAdmin(app.database.db, ADMIN, 'bench');
    // Sessions are rows: this one serves the server process too.
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const admin = (login.json() as { token: string }).token;
    const routes: Route[] = [];
    for (let i = 0; i < values.routes; i++) {
      const tag = uniqueTag();
      const { driver, vehicle, route } = await busParts(call, admin, tag, values.children);
      const spare = await call<{ id: string }>(admin, 'POST', '/api/drivers/create', driverPayload(tag, 1));
      const studentIds: string[] = [];
      const endpoints: string[] = [];
      for (let k = 0; k < values.children; k++) {
        const family = await subscribedFamily(call, admin, `${tag}P${k}`, push, sessionOf);
        studentIds.push(family.studentId);
        endpoints.push(family.endpoint);
      }
      const assignment = await call<{ id: string }>(admin, 'POST', '/api/route-assignments/create', {
        driverId: driver.id,
        vehicleId: vehicle.id,
        routeId: route.id,
        studentIds,
      });
      routes.push({ assignmentId: assignment.id, spareDriverId: spare.id, endpoints });
    }
    await call(admin, 'POST', '/api/trips/generate', { date: TODAY });
    return { admin, routes };
  } finally {
    await app.close();
  }
}

function serverProcess(): Promise<RunningServer> {
  return startServer({
    program: fromSource(['start'], process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ') ?? []),
    env: {
      ...databaseEnv,
      ...SERVER_ENV,
      // Sending checks the endpoint again: the loopback push service must be configured here too.
      PUSH_EXTRA_ORIGINS: push.origin,
      DAILY_JOBS: 'on',
      PORT: String(values.port),
      LOG_LEVEL: 'warn',
    },
    echo: true,
    quiet: /running at|^\s*-+\s*$|Database:|Mail:|web app|development mode/,
  });
}

/** One request of the office and its parents' pushes (performance.now() times). */
interface Sample {
  kind: 'cover' | 'undo';
  answeredMs: number;
  /** Per parent, from the request's send to their push; null when not told within --wait. */
  parents: Array<number | null>;
}

/**
 * Sends the office's request and waits for each of the route's parents' push whose title `told` accepts (a
 * cover's and its undo's say different things), every waiter set before the request goes.
 */
async function timed(
  kind: Sample['kind'],
  route: Route,
  told: (title: string) => boolean,
  send: () => Promise<Response>,
): Promise<{ sample: Sample; body: { data: { id?: string } } }> {
  // Earlier rounds told these parents the same words: only a message that arrives from now on counts.
  const earlier = new Set(push.messages);
  const sentAt = performance.now();
  const arrivals = route.endpoints.map((endpoint) =>
    push
      .waitFor(
        (message) =>
          !earlier.has(message) &&
          message.endpoint === endpoint &&
          told((message.payload as { title?: string }).title ?? ''),
        values.wait * 1000,
      )
      .then(
        () => performance.now() - sentAt,
        () => null,
      ),
  );
  const answer = await send();
  const answeredMs = performance.now() - sentAt;
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${kind} answered ${answer.status}: ${text.slice(0, 300)}`);
  return {
    sample: { kind, answeredMs, parents: await Promise.all(arrivals) },
    body: JSON.parse(text) as { data: { id?: string } },
  };
}

async function run(server: RunningServer, admin: string, routes: Route[]) {
  const headers = { authorization: admin, 'content-type': 'application/json' };
  const samples: Sample[] = [];
  const load = loadNow();
  const serverCpuBefore = cpuSeconds(server.pid) ?? 0;
  const start = performance.now();
  for (let round = 0; round < values.rounds; round++) {
    for (const route of routes) {
      const covered = await timed(
        'cover',
        route,
        (title) => title.startsWith('A change to'),
        () =>
          fetch(`${server.url}/api/covers/create`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              assignmentId: route.assignmentId,
              firstDate: TODAY,
              run: 'PICKUP',
              driverId: route.spareDriverId,
              reason: 'Driver off sick (benchmark)',
            }),
          }),
      );
      samples.push(covered.sample);
      const undone = await timed(
        'undo',
        route,
        (title) => title.includes('back to its plan'),
        () =>
          fetch(`${server.url}/api/covers/delete/${covered.body.data.id}`, {
            method: 'DELETE',
            headers: { authorization: admin },
          }),
      );
      samples.push(undone.sample);
    }
  }
  const seconds = (performance.now() - start) / 1000;
  return {
    samples,
    serverCpu: `${Math.round((((cpuSeconds(server.pid) ?? 0) - serverCpuBefore) / seconds) * 100)} %`,
    serverMb: residentMb(server.pid)?.toFixed(0) ?? '?',
    load: `${load} → ${loadNow()}`,
  };
}

console.log(
  `Preparing ${values.routes} routes of ${values.children} children (each of their own family, with a subscribed device) on ${engineName(values)}…`,
);
const { admin, routes } = await prepare();
let server: RunningServer | undefined;
try {
  server = await serverProcess();
  const result = await run(server, admin, routes);
  const cores = os.cpus().length;
  console.log(
    `\nCovers told to parents on ${engineName(values)}, ${new Date().toISOString()}, ${cores} cores (${os.cpus()[0]?.model.trim()}); ` +
      `the server as its own process (NODE_ENV=test), the push service and the office in one process beside it. ` +
      `${values.routes} routes × ${values.rounds} rounds, one request at a time; ${values.children} parents a route.`,
  );
  console.log(
    '| request | samples | every parent told p50 / p95 / p99 ms | each parent p50 / p95 / p99 ms | parents not told | answer p50 / p95 / p99 ms | server CPU | server RSS MB | load average 1/5/15 min (before → after) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const kind of ['cover', 'undo'] as const) {
    const of = result.samples.filter((sample) => sample.kind === kind);
    const lastParent = of.flatMap((sample) =>
      sample.parents.every((ms) => ms !== null) ? [Math.max(...(sample.parents as number[]))] : [],
    );
    const each = of.flatMap((sample) => sample.parents.filter((ms): ms is number => ms !== null));
    const missed = of.reduce((n, sample) => n + sample.parents.filter((ms) => ms === null).length, 0);
    console.log(
      `| ${kind === 'cover' ? 'cover a pickup (POST /api/covers/create)' : 'undo it (DELETE /api/covers/delete/{id})'} | ${of.length} | ${spread(lastParent)} | ${spread(each)} | ${missed} | ${spread(of.map((sample) => sample.answeredMs))} | ${result.serverCpu} | ${result.serverMb} | ${result.load} |`,
    );
  }
  console.log(`\nPushes the push service refused: ${push.rejected.length}.`);
} finally {
  await server?.stop();
  await push.close();
  if (!values['data-dir']) await fs.rm(dataDir, { recursive: true, force: true });
}
