/**
 * The parent notifications' proof (issue 16): how long after a child is scanned on the bus their parent's phone is
 * told, by Web Push and on the parent's open live stream, with 1,000 parents subscribed.
 *
 * The database is prepared in this process: --buses buses, each with a driver, a vehicle, a route and a started
 * trip, and --parents families of one child each spread over them; each parent has a session (written directly,
 * as parents sign in with a password set from a mailed link) and one device subscribed through
 * POST /api/parent/push/subscriptions, whose endpoint is packages/testing's push service on 127.0.0.1 (it checks
 * the VAPID signature and decrypts each message). Then the real server runs as its own process, every parent
 * opens GET /api/live with their own token, and the drivers post one BOARD event per child (POST
 * /api/driver/events) on a timetable spread over --warmup plus --seconds, whether or not earlier posts were
 * answered (open loop). For each event two latencies run from just before its POST is sent (an upper bound of its
 * commit, as it also holds the request): to the push service receiving the parent's message, and to that parent's
 * stream receiving the `ridership` event. The POST's own answer time is printed beside them.
 *
 * NODE_ENV=test for the server process, not production: the server pushes to loopback endpoints only under
 * NODE_ENV=test (notification-service.ts, pushEndpointProblem: the SSRF rule), and a real push service is not for
 * a benchmark. Test mode also switches off the periodic alert and late checks (app.ts), which a production server
 * runs every 15 s; the daily jobs are switched back on here (DAILY_JOBS=on), as in production.
 *
 *   npx tsx bench/parent-notify.ts --data-dir /tmp/pn-bench                 (PGlite, a new folder)
 *   npx tsx bench/parent-notify.ts --database-url postgres://…/bench_pn     (PostgreSQL, an empty database)
 * Options: --parents 1000, --buses 20 (at most 100 children each), --seconds 20 (after --warmup 2, whose events are
 * not counted), --wait 30 (a message that has not arrived this many seconds after its POST was sent counts as
 * lost), --port 3997.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  fromSource,
  startPushService,
  startServer,
  uniqueTag,
  type RunningServer,
} from '@school-transport/testing';
import { createSession } from '../src/modules/platform/auth/sessions.js';
import { createAdmin } from '../src/modules/platform/users/first-admin.js';
import {
  benchArguments,
  busParts,
  cpuSeconds,
  engineName,
  injectingCall,
  loadNow,
  pushTestApp,
  residentMb,
  spread,
  startPickup,
  subscribedFamily,
} from './bench-server.js';
import { openStreams } from './live-stream-clients.js';

const values = benchArguments({ port: 3997, parents: 1000, buses: 20, seconds: 20, warmup: 2, wait: 30 });
const perBus = Math.ceil(values.parents / values.buses);
// A vehicle seats at most 100, and an assignment takes at most 100 children.
if (perBus > 100) throw new Error('--parents / --buses must be at most 100 children a bus');
const TRIP_DATE = new Date().toISOString().slice(0, 10);
const ADMIN = { email: 'bench-admin@example.com', name: 'Bench', password: 'bench admin password 1' };
// Uploaded photos go here; on PGlite the database too (the folder given).
const dataDir = values['data-dir'] ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'parent-notify-')));
const databaseEnv = values['database-url']
  ? { DATA_DIR: dataDir, DATABASE_URL: values['database-url'] }
  : { DATA_DIR: dataDir, DATABASE_URL: '' };
// The loopback push service, taken because it is configured (PUSH_EXTRA_ORIGINS, http under NODE_ENV=test).
const push = await startPushService();

interface Family {
  studentId: string;
  /** The parent's session token, for their stream. */
  token: string;
  endpoint: string;
}

interface Bus {
  token: string;
  tripId: string;
  families: Family[];
}

/**
 * The buses and families, made through the office's and the parent's API on an app built in this process, which
 * then closes: the server process opens the same database afterwards (on PGlite only one process may hold it).
 */
async function prepare(): Promise<Bus[]> {
  // NODE_ENV=test, so that the subscriptions' loopback endpoints are taken (see the header).
  const { app, config } = await pushTestApp(push.origin, databaseEnv);
  try {
    const call = injectingCall(app);
    const sessionOf = async (userId: string) =>
      (await createSession(app.database.db, userId, { ip: '127.0.0.1' }, new Date(), config.session)).token;
    await createAdmin(app.database.db, ADMIN, 'bench');
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const admin = (login.json() as { token: string }).token;

    const made: Array<{ driverUserId: string; assignmentId: string; routeName: string; families: Family[] }> =
      [];
    for (let i = 0; i < values.buses; i++) {
      const tag = uniqueTag();
      const children = Math.min(perBus, values.parents - i * perBus);
      if (children <= 0) break;
      const { driver, vehicle, route } = await busParts(call, admin, tag, Math.max(children, 10));
      const families: Family[] = [];
      for (let k = 0; k < children; k++)
        families.push(await subscribedFamily(call, admin, `${tag}P${k}`, push, sessionOf));
      const assignment = await call<{ id: string }>(admin, 'POST', '/api/route-assignments/create', {
        driverId: driver.id,
        vehicleId: vehicle.id,
        routeId: route.id,
        studentIds: families.map((family) => family.studentId),
      });
      made.push({
        driverUserId: driver.user.id,
        assignmentId: assignment.id,
        routeName: route.name,
        families,
      });
    }
    await call(admin, 'POST', '/api/trips/generate', { date: TRIP_DATE });
    const buses: Bus[] = [];
    for (const { driverUserId, assignmentId, routeName, families } of made) {
      const tripId = await startPickup(call, admin, TRIP_DATE, { id: assignmentId, routeName });
      buses.push({ token: await sessionOf(driverUserId), tripId, families });
    }
    return buses;
  } finally {
    await app.close();
  }
}

/** The server as its own process on the prepared database, with room for every stream. */
function serverProcess(): Promise<RunningServer> {
  return startServer({
    program: fromSource(['start'], process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ') ?? []),
    env: {
      ...databaseEnv,
      NODE_ENV: 'test',
      DAILY_JOBS: 'on',
      PORT: String(values.port),
      LOG_LEVEL: 'warn',
      MAX_CONNECTIONS: String(values.parents + 2_000),
    },
    echo: true,
    // Its start-up banner says nothing the figures need.
    quiet: /running at|^\s*-+\s*$|Database:|Mail:|web app|development mode/,
  });
}

/** One child's BOARD event, from its POST to its parent's two receipts (performance.now() times). */
interface Boarding {
  family: Family;
  eventId: string;
  /** Sent after the warm-up: counted in the figures. */
  measured: boolean;
  sentAt: number;
  /** When the POST's answer (after its commit) reached this process. */
  answeredAt: number | null;
  pushedAt: number | null;
  streamedAt: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Every child boards once: the events go out one after the other, evenly spaced over warm-up plus measured time,
 * taking the buses in turn; each is matched to its parent's push message (by the device's endpoint) and stream
 * receipt (by the event's id on that parent's stream).
 */
async function run(server: RunningServer, buses: Bus[]) {
  const boardings: Boarding[] = [];
  const byEventId = new Map<string, Boarding>();
  const tokens = buses.flatMap((bus) => bus.families.map((family) => family.token));
  const clientOf = new Map(tokens.map((token, client) => [token, client]));
  let misdelivered = 0;
  const streams = await openStreams(server.url, tokens, ['ridership'], (frame) => {
    const boarding = byEventId.get((JSON.parse(frame.data) as { eventId: string }).eventId);
    if (!boarding) return;
    // A child's event on another family's stream would be a leak, not a delivery.
    if (clientOf.get(boarding.family.token) !== frame.client) misdelivered += 1;
    else boarding.streamedAt ??= frame.receivedAt;
  });

  const order = Array.from({ length: perBus }, (_, k) =>
    buses.flatMap((bus) => (bus.families[k] ? [{ bus, family: bus.families[k] }] : [])),
  ).flat();
  const stepMs = ((values.warmup + values.seconds) * 1000) / order.length;
  const failures: string[] = [];
  const load = loadNow();
  const serverCpuBefore = cpuSeconds(server.pid) ?? 0;
  const selfBefore = process.cpuUsage();
  const start = performance.now();
  const warmupEnd = start + values.warmup * 1000;
  const posts: Array<Promise<void>> = [];
  for (const [index, { bus, family }] of order.entries()) {
    await sleep(start + index * stepMs - performance.now());
    const boarding: Boarding = {
      family,
      eventId: randomUUID(),
      measured: performance.now() >= warmupEnd,
      sentAt: performance.now(),
      answeredAt: null,
      pushedAt: null,
      streamedAt: null,
    };
    boardings.push(boarding);
    byEventId.set(boarding.eventId, boarding);
    // Called as the message arrives, after the push service has checked and decrypted it.
    push
      .waitFor((message) => message.endpoint === family.endpoint, values.wait * 1000)
      .then(
        () => void (boarding.pushedAt = performance.now()),
        () => undefined,
      );
    posts.push(
      fetch(`${server.url}/api/driver/events`, {
        method: 'POST',
        headers: { authorization: bus.token, 'content-type': 'application/json' },
        body: JSON.stringify({
          events: [
            {
              eventId: boarding.eventId,
              tripId: bus.tripId,
              kind: 'BOARD',
              method: 'TAP',
              studentId: family.studentId,
              occurredAt: new Date().toISOString(),
            },
          ],
        }),
      })
        .then(async (answer) => {
          const text = await answer.text();
          boarding.answeredAt = performance.now();
          if (!answer.ok) failures.push(`${answer.status} ${text.slice(0, 200)}`);
        })
        .catch((error: Error) => void failures.push(String(error.cause ?? error))),
    );
  }
  await Promise.all(posts);
  const lastSent = boardings.at(-1)!.sentAt;
  // Until every parent has both, or --wait has passed since the last POST was sent (each push waiter gives up
  // --wait after its own POST, and a stream receipt later than that is not counted either).
  while (
    boardings.some((b) => b.pushedAt === null || b.streamedAt === null) &&
    performance.now() - lastSent < values.wait * 1000
  )
    await sleep(200);
  for (const b of boardings)
    if (b.streamedAt !== null && b.streamedAt - b.sentAt > values.wait * 1000) b.streamedAt = null;
  const seconds = (performance.now() - start) / 1000;
  const self = process.cpuUsage(selfBefore);
  const serverCpu = (((cpuSeconds(server.pid) ?? 0) - serverCpuBefore) / seconds) * 100;
  const serverMb = residentMb(server.pid)?.toFixed(0) ?? '?';
  const open = streams.open;
  const dropped = streams.dropped;
  streams.close();
  if (failures.length) console.error(`${failures.length} posts failed, first: ${failures[0]}`);
  return {
    boardings: boardings.filter((b) => b.measured),
    warmups: boardings.length - boardings.filter((b) => b.measured).length,
    eventsPerSecond: (order.length / (values.warmup + values.seconds)).toFixed(0),
    failures: failures.length,
    misdelivered,
    open,
    dropped,
    serverCpu: `${Math.round(serverCpu)} %`,
    clientCpu: `${Math.round(((self.user + self.system) / 1e6 / seconds) * 100)} %`,
    serverMb,
    load: `${load} → ${loadNow()}`,
    pushRejected: push.rejected.length,
  };
}

console.log(
  `Preparing ${values.parents} parents (one child each, a subscribed device and a session) on ${values.buses} buses on ${engineName(values)}…`,
);
const buses = await prepare();
let server: RunningServer | undefined;
try {
  server = await serverProcess();
  const result = await run(server, buses);
  const { boardings } = result;
  const fromSend = (at: (b: Boarding) => number | null) =>
    boardings.flatMap((b) => (at(b) === null ? [] : [at(b)! - b.sentAt]));
  // An arrival before the POST's answer counts 0: it left the server no later than the answer did.
  const afterAnswer = (at: (b: Boarding) => number | null) =>
    boardings.flatMap((b) =>
      at(b) === null ? [] : [b.answeredAt === null ? 0 : Math.max(0, at(b)! - b.answeredAt)],
    );
  const arrived = (at: (b: Boarding) => number | null) =>
    `${boardings.filter((b) => at(b) !== null).length} of ${boardings.length}`;
  const answers = boardings.flatMap((b) => (b.answeredAt === null ? [] : [b.answeredAt - b.sentAt]));

  const cores = os.cpus().length;
  console.log(
    `\nParent notifications on ${engineName(values)}, ${new Date().toISOString()}, ${cores} cores (${os.cpus()[0]?.model.trim()}); ` +
      'the server as its own process with NODE_ENV=test (it pushes to loopback endpoints only then; the periodic alert ' +
      'and late checks are off), the push service, the parent streams and the drivers in one process beside it' +
      (cores <= 2 ? ' (on this 2-core machine they compete with the server for the processor)' : '') +
      `.\n${values.parents} parents subscribed with one device and one open stream each; ${values.buses} buses post one ` +
      `BOARD event per child, ${result.eventsPerSecond} events/s in all over ${values.warmup + values.seconds} s; ` +
      `the first ${values.warmup} s (${result.warmups} events) not counted. Times from just before the POST is sent.`,
  );
  console.log(
    `| parent told by | arrived within ${values.wait} s | from send p50 / p95 / p99 ms | after the answer p50 / p95 / p99 ms | POST answer p50 / p95 / p99 ms | server CPU | client CPU | server RSS MB | load average 1/5/15 min (before → after) |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const [name, at] of [
    ['Web Push (push service received)', (b: Boarding) => b.pushedAt],
    ['live stream (`ridership` event)', (b: Boarding) => b.streamedAt],
  ] as const)
    console.log(
      `| ${name} | ${arrived(at)} | ${spread(fromSend(at))} | ${spread(afterAnswer(at))} | ${spread(answers)} | ${result.serverCpu} | ${result.clientCpu} | ${result.serverMb} | ${result.load} |`,
    );
  console.log(
    `\nPOSTs failed: ${result.failures}; pushes the push service refused: ${result.pushRejected}; ` +
      `events on another family's stream: ${result.misdelivered}; streams open: ${result.open}, cut: ${result.dropped}.`,
  );
} finally {
  await server?.stop();
  await push.close();
  if (!values['data-dir']) await fs.rm(dataDir, { recursive: true, force: true });
}
