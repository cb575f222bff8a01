/**
 * The live operations' proof (issue 15): how many open streams one API process feeds, how fast a position reaches
 * them, and how many position fixes a second the server takes in.
 *
 * The database is prepared in this process (buses with drivers, vehicles, routes, children and a started trip
 * each; driver sessions written directly, as drivers sign in with a password set from a mailed link), then the
 * real server runs as its own process in production mode (one process on PGlite; two, A and B, on PostgreSQL), so
 * the stream clients parsing here do not take the server's event loop. Phases:
 *
 * 1. Fan-out, one process: --streams admin streams (all events) on A while drivers post one fix each every
 *    --fanout-interval-ms to A; each request writes one 'position' event that every stream receives. Latency runs
 *    from just before the POST is sent (so it includes the request and its commit) to the stream's receipt, matched
 *    by trip and recorded time; the POST's own answer time is printed beside it.
 * 2. Fan-out across processes (PostgreSQL): the same with the streams on B and the fixes posted to A, so every
 *    event crosses LISTEN/NOTIFY.
 * 3. Ingest: --ingest-buses drivers posting one fix a request every --ingest-interval-ms (PGlite: 10 × 100 ms =
 *    100 fixes/s); on PostgreSQL --pg-ingest-buses × --pg-ingest-interval-ms (50 × 50 ms = 1,000 fixes/s) split
 *    over A and B. Requests are sent on a timetable whether or not the previous one was answered (open loop), so a
 *    slow answer shows in the figures instead of slowing the load.
 *
 *   npx tsx bench/live-fanout.ts --data-dir /tmp/live-bench                 (PGlite, a new folder)
 *   npx tsx bench/live-fanout.ts --database-url postgres://…/bench_live      (PostgreSQL, an empty database)
 * Options: --streams 2000, --seconds 20 (each phase, after --warmup 3), --fanout-buses 10, --fanout-interval-ms
 * 1000, --ingest-buses 10, --ingest-interval-ms 100, --pg-ingest-buses 50, --pg-ingest-interval-ms 50,
 * --children 10 (per bus, so each trip has stops to check fixes against), --port 3995 (B uses the next one).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  familyPayload,
  fromSource,
  startServer,
  uniqueTag,
  type RunningServer,
} from '@school-transport/testing';
import * as hdr from 'hdr-histogram-js';
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
  residentMb,
  startPickup,
} from './bench-server.js';
import { openStreamClients, type PositionReceipt } from './live-stream-clients.js';

const values = benchArguments({
  port: 3995,
  streams: 2000,
  seconds: 20,
  warmup: 3,
  'fanout-buses': 10,
  'fanout-interval-ms': 1000,
  'ingest-buses': 10,
  'ingest-interval-ms': 100,
  'pg-ingest-buses': 50,
  'pg-ingest-interval-ms': 50,
  children: 10,
});
const onPostgres = Boolean(values['database-url']);
const TRIP_DATE = new Date().toISOString().slice(0, 10);
const ADMIN = { email: 'bench-admin@example.com', name: 'Bench', password: 'bench admin password 1' };
// Uploaded photos go here; on PGlite the database too (the folder given).
const dataDir = values['data-dir'] ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'live-fanout-')));
const databaseEnv = onPostgres
  ? { DATA_DIR: dataDir, DATABASE_URL: values['database-url']! }
  : { DATA_DIR: dataDir, DATABASE_URL: '' };

interface Bus {
  token: string;
  tripId: string;
}

/**
 * The buses, made through the office's API on an app built in this process, which then closes: the server
 * processes open the same database afterwards (on PGlite only one process may hold the folder).
 */
async function prepare(count: number): Promise<{ admin: string; buses: Bus[] }> {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error', ...databaseEnv });
  const app = await buildApp({ ...config, webDistDir: null }, { logStream: process.stderr });
  try {
    const call = injectingCall(app);
    await createAdmin(app.database.db, ADMIN, 'bench');
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const admin = (login.json() as { token: string }).token;

    const assigned: Array<{ driverUserId: string; assignmentId: string; routeName: string }> = [];
    for (let i = 0; i < count; i++) {
      const tag = uniqueTag();
      const { driver, vehicle, route } = await busParts(call, admin, tag, Math.max(values.children, 10));
      // A family of up to ten children at a time, the most one enrolment takes; each child is a stop.
      const studentIds: string[] = [];
      for (let family = 0; studentIds.length < values.children; family++) {
        const size = Math.min(10, values.children - studentIds.length);
        const created = await call<{ students: Array<{ id: string }> }>(
          admin,
          'POST',
          '/api/parents/create',
          familyPayload(`${tag}F${family}`, size),
        );
        studentIds.push(...created.students.map((student) => student.id));
      }
      const assignment = await call<{ id: string }>(admin, 'POST', '/api/route-assignments/create', {
        driverId: driver.id,
        vehicleId: vehicle.id,
        routeId: route.id,
        studentIds,
      });
      assigned.push({ driverUserId: driver.user.id, assignmentId: assignment.id, routeName: route.name });
    }
    await call(admin, 'POST', '/api/trips/generate', { date: TRIP_DATE });
    const buses: Bus[] = [];
    for (const { driverUserId, assignmentId, routeName } of assigned) {
      const tripId = await startPickup(call, admin, TRIP_DATE, { id: assignmentId, routeName });
      const { token } = await createSession(
        app.database.db,
        driverUserId,
        { ip: '127.0.0.1' },
        new Date(),
        config.session,
      );
      buses.push({ token, tripId });
    }
    return { admin, buses };
  } finally {
    await app.close();
  }
}

/** A server process in production mode on the prepared database, with room for every stream. */
function serverProcess(port: number): Promise<RunningServer> {
  return startServer({
    program: fromSource(['start'], process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ') ?? []),
    env: {
      ...databaseEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      MAX_CONNECTIONS: String(values.streams + 2_000),
    },
    echo: true,
    // Its start-up banner says nothing the figures need.
    quiet: /running at|^\s*-+\s*$|Database:|Mail:|web app/,
  });
}

/** Times in microseconds, so sub-millisecond ones keep their precision; read back in milliseconds. */
function histogram() {
  const values = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 600_000_000,
    autoResize: true,
  });
  return {
    record: (ms: number) => values.recordValue(Math.max(1, Math.round(ms * 1000))),
    at: (percentile: number) => (values.getValueAtPercentile(percentile) / 1000).toFixed(1),
    get count() {
      return values.totalCount;
    },
  };
}
type Histogram = ReturnType<typeof histogram>;

interface SentFix {
  sentAt: number;
  /** When the POST's answer (after its commit) reached this process; null until then. */
  answeredAt: number | null;
  /** Sent after the warm-up: counted in the figures. */
  measured: boolean;
  receipts: number;
}

const keyOf = (tripId: string, recordedAt: string) => `${tripId}|${recordedAt}`;

interface Poster extends Bus {
  url: string;
}

/**
 * Each bus posts one fix per request every `intervalMs` for warm-up plus `seconds`, the buses spread evenly over
 * the interval, on a timetable (a late answer does not delay the next request). Answers the answer times of the
 * requests sent after the warm-up, how many fixes were stored, and the failures.
 */
async function drive(posters: Poster[], intervalMs: number, sent?: Map<string, SentFix>) {
  const answers = histogram();
  const warmupEnd = performance.now() + values.warmup * 1000;
  const end = warmupEnd + values.seconds * 1000;
  let stored = 0;
  let lastAnswerAt = 0;
  const failures: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  const start = performance.now();

  await Promise.all(
    posters.map(async (poster, index) => {
      let lastMs = 0;
      for (let k = 0; ; k++) {
        const due = start + (index * intervalMs) / posters.length + k * intervalMs;
        if (due >= end) break;
        await sleep(due - performance.now());
        // Recorded times increase per trip, so every fix is its trip's newest and writes a live event.
        lastMs = Math.max(Date.now(), lastMs + 1);
        const recordedAt = new Date(lastMs).toISOString();
        const measured = performance.now() >= warmupEnd;
        const sentAt = performance.now();
        const fix: SentFix = { sentAt, answeredAt: null, measured, receipts: 0 };
        sent?.set(keyOf(poster.tripId, recordedAt), fix);
        const request = fetch(`${poster.url}/api/driver/positions`, {
          method: 'POST',
          headers: { authorization: poster.token, 'content-type': 'application/json' },
          body: JSON.stringify({
            positions: [
              {
                positionId: randomUUID(),
                tripId: poster.tripId,
                // Moving at 8 m/s, as between stops: about 5 m north per fix.
                lat: 12.9 + k * 0.00005,
                lng: 77.6 + index * 0.001,
                accuracy: 8,
                speed: 8,
                heading: 0,
                recordedAt,
              },
            ],
          }),
        })
          .then(async (answer) => {
            const text = await answer.text();
            fix.answeredAt = performance.now();
            if (!answer.ok) failures.push(`${answer.status} ${text.slice(0, 200)}`);
            else {
              if (measured) {
                answers.record(performance.now() - sentAt);
                lastAnswerAt = performance.now();
              }
              stored += (JSON.parse(text) as { data: { created: number } }).data.created;
            }
          })
          .catch((error: Error) => void failures.push(String(error.cause ?? error)));
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
      }
    }),
  );
  await Promise.all(inFlight);
  // Answers that came after the timetable ended stretch the time they took: a rate over the timetable alone would
  // credit an overloaded server with fixes it answered late.
  const answeringSeconds = Math.max(values.seconds, (lastAnswerAt - warmupEnd) / 1000);
  return { answers, stored, failures, measuredSeconds: values.seconds, answeringSeconds };
}

/** The load on this machine now: other work (tests of other sessions) shares its cores. */
const loadNow = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** CPU use of the server processes and of this one (streams and drivers) over a phase, in % of one core. */
function cpuMeter(servers: RunningServer[]) {
  const started = performance.now();
  const serverBefore = servers.map((server) => cpuSeconds(server.pid) ?? 0);
  const selfBefore = process.cpuUsage();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const self = process.cpuUsage(selfBefore);
    return {
      servers: servers.map(
        (server, i) =>
          `${Math.round((((cpuSeconds(server.pid) ?? 0) - serverBefore[i]!) / seconds) * 100)} %`,
      ),
      clients: `${Math.round(((self.user + self.system) / 1e6 / seconds) * 100)} %`,
    };
  };
}

interface FanoutRow {
  run: string;
  streams: number;
  eventsPerSecond: string;
  deliveredPerSecond: string;
  latency: Histogram;
  afterAnswer: Histogram;
  answers: Histogram;
  complete: string;
  dropped: number;
  cpu: ReturnType<ReturnType<typeof cpuMeter>>;
  clientLagP99: string;
  load: string;
  serverMb: string;
}

/** Streams on `streamsOn`, fixes posted to `postTo`: what each stream received, how late, how many a second. */
async function fanout(
  run: string,
  streamsOn: RunningServer,
  postTo: RunningServer,
  admin: string,
  buses: Bus[],
) {
  const sent = new Map<string, SentFix>();
  const latency = histogram();
  const afterAnswer = histogram();
  let measuredDeliveries = 0;
  let lastReceipt = performance.now();
  const receive = (receipt: PositionReceipt) => {
    lastReceipt = receipt.receivedAt;
    const fix = sent.get(keyOf(receipt.tripId, receipt.recordedAt));
    if (!fix) return;
    fix.receipts += 1;
    if (!fix.measured) return;
    measuredDeliveries += 1;
    latency.record(receipt.receivedAt - fix.sentAt);
    // An event that arrived before its POST's answer counts 0: it left the server no later than the answer did.
    afterAnswer.record(fix.answeredAt === null ? 0 : Math.max(0, receipt.receivedAt - fix.answeredAt));
  };
  const clients = await openStreamClients(streamsOn.url, admin, values.streams, receive);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const load = loadNow();
  const cpu = cpuMeter([streamsOn, ...(postTo === streamsOn ? [] : [postTo])]);
  lag.enable();
  const driven = await drive(
    buses.map((bus) => ({ ...bus, url: postTo.url })),
    values['fanout-interval-ms'],
    sent,
  );
  // Until the streams have gone quiet: the last events are still on their way when the last answer comes.
  while (performance.now() - lastReceipt < 2_000) await new Promise((resolve) => setTimeout(resolve, 200));
  lag.disable();
  const used = cpu();
  const serverMb = residentMb(streamsOn.pid)?.toFixed(0) ?? '?';
  const open = clients.open;
  clients.close();
  if (driven.failures.length)
    console.error(`${driven.failures.length} posts failed, first: ${driven.failures[0]}`);

  // Every event some stream received should have reached every stream.
  const measured = [...sent.values()].filter((fix) => fix.measured);
  const received = measured.filter((fix) => fix.receipts > 0);
  const deliveries = received.reduce((sum, fix) => sum + fix.receipts, 0);
  return {
    run,
    streams: open,
    eventsPerSecond: (received.length / driven.measuredSeconds).toFixed(1),
    deliveredPerSecond: (measuredDeliveries / driven.measuredSeconds).toFixed(0),
    latency,
    afterAnswer,
    answers: driven.answers,
    complete: `${((deliveries / Math.max(1, received.length * values.streams)) * 100).toFixed(2)} % (${received.length} of ${measured.length} fixes seen)`,
    dropped: clients.dropped,
    cpu: used,
    clientLagP99: (lag.percentile(99) / 1e6).toFixed(0),
    load: `${load} → ${loadNow()}`,
    serverMb,
  } satisfies FanoutRow;
}

async function ingest(run: string, buses: Bus[], servers: RunningServer[], intervalMs: number) {
  const load = loadNow();
  const cpu = cpuMeter(servers);
  const driven = await drive(
    buses.map((bus, i) => ({ ...bus, url: servers[i % servers.length]!.url })),
    intervalMs,
  );
  const used = cpu();
  if (driven.failures.length)
    console.error(`${driven.failures.length} posts failed, first: ${driven.failures[0]}`);
  return {
    run,
    target: ((buses.length * 1000) / intervalMs).toFixed(0),
    achieved: (driven.answers.count / driven.answeringSeconds).toFixed(0),
    stored: driven.stored,
    failed: driven.failures.length,
    answers: driven.answers,
    cpu: used,
    load: `${load} → ${loadNow()}`,
  };
}

/**
 * What one request costs when nothing waits: one driver posting back to back for 5 s (closed loop). Its rate is
 * about the most one process takes from one client; the timetabled runs show what happens near and past it.
 */
async function capacity(run: string, bus: Bus, server: RunningServer) {
  const load = loadNow();
  const cpu = cpuMeter([server]);
  const answers = histogram();
  const started = performance.now();
  let stored = 0;
  let lastMs = 0;
  for (let k = 0; performance.now() - started < 5_000; k++) {
    lastMs = Math.max(Date.now(), lastMs + 1);
    const sentAt = performance.now();
    const answer = await fetch(`${server.url}/api/driver/positions`, {
      method: 'POST',
      headers: { authorization: bus.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        positions: [
          {
            positionId: randomUUID(),
            tripId: bus.tripId,
            lat: 13.0 + k * 0.00005,
            lng: 77.7,
            accuracy: 8,
            speed: 8,
            recordedAt: new Date(lastMs).toISOString(),
          },
        ],
      }),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`POST /api/driver/positions answered ${answer.status}: ${text}`);
    answers.record(performance.now() - sentAt);
    stored += (JSON.parse(text) as { data: { created: number } }).data.created;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    run,
    target: '(as fast as answered)',
    achieved: (answers.count / seconds).toFixed(0),
    stored,
    failed: 0,
    answers,
    cpu: cpu(),
    load: `${load} → ${loadNow()}`,
  };
}

const needed = Math.max(
  values['fanout-buses'],
  onPostgres ? values['pg-ingest-buses'] : values['ingest-buses'],
);
console.log(`Preparing ${needed} buses with ${values.children} children each on ${engineName(values)}…`);
const { admin, buses } = await prepare(needed);
const servers: RunningServer[] = [];
try {
  servers.push(await serverProcess(values.port));
  if (onPostgres) servers.push(await serverProcess(values.port + 1));
  const [a, b] = servers as [RunningServer, RunningServer | undefined];

  const fanouts: FanoutRow[] = [];
  const fanoutBuses = buses.slice(0, values['fanout-buses']);
  fanouts.push(await fanout('same process (streams and fixes on A)', a, a, admin, fanoutBuses));
  if (b) fanouts.push(await fanout('across processes (streams on B, fixes to A)', b, a, admin, fanoutBuses));

  const ingests = [await capacity('capacity: 1 driver back to back on A (closed loop, 5 s)', buses[0]!, a)];
  ingests.push(
    ...(onPostgres
      ? [
          await ingest(
            'two processes, requests split over A and B',
            buses.slice(0, values['pg-ingest-buses']),
            servers,
            values['pg-ingest-interval-ms'],
          ),
        ]
      : [
          await ingest(
            'one process',
            buses.slice(0, values['ingest-buses']),
            servers,
            values['ingest-interval-ms'],
          ),
        ]),
  );

  const cores = os.cpus().length;
  console.log(
    `\nLive operations on ${engineName(values)}, ${new Date().toISOString()}, ${cores} cores (${os.cpus()[0]?.model.trim()}), ` +
      `servers in production mode as their own processes; the stream clients and drivers run in one process beside them` +
      (cores <= 2 ? ' (on this 2-core machine they compete with the servers for the processor)' : '') +
      `; ${values.seconds} s measured per phase after ${values.warmup} s of warm-up.`,
  );
  console.log(
    `\nFan-out: ${values.streams} admin streams, ${fanoutBuses.length} buses each posting one fix every ${values['fanout-interval-ms']} ms; ` +
      'latency from just before the POST is sent to a stream receiving its event (includes the request and commit)',
  );
  console.log(
    '| run | streams open | position events/s | delivered events/s | p50 ms | p95 ms | p99 ms | after the answer p50 / p95 / p99 ms | POST answer p50 / p95 ms | delivered | streams cut | server CPU | client CPU | client event-loop lag p99 ms | server RSS MB | load average 1/5/15 min (before → after) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---:|---:|---:|---|');
  for (const row of fanouts)
    console.log(
      `| ${row.run} | ${row.streams} | ${row.eventsPerSecond} | ${row.deliveredPerSecond} | ${row.latency.at(50)} | ${row.latency.at(95)} | ${row.latency.at(99)} | ${row.afterAnswer.at(50)} / ${row.afterAnswer.at(95)} / ${row.afterAnswer.at(99)} | ${row.answers.at(50)} / ${row.answers.at(95)} | ${row.complete} | ${row.dropped} | ${row.cpu.servers.join(' + ')} | ${row.cpu.clients} | ${row.clientLagP99} | ${row.serverMb} | ${row.load} |`,
    );
  console.log('\nIngest: POST /api/driver/positions, one fix per request, sent on a timetable (open loop)');
  console.log(
    '| run | target fixes/s | answered fixes/s | stored | failed | p50 ms | p95 ms | p99 ms | server CPU | client CPU | load average 1/5/15 min (before → after) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|');
  for (const row of ingests)
    console.log(
      `| ${row.run} | ${row.target} | ${row.achieved} | ${row.stored} | ${row.failed} | ${row.answers.at(50)} | ${row.answers.at(95)} | ${row.answers.at(99)} | ${row.cpu.servers.join(' + ')} | ${row.cpu.clients} | ${row.load} |`,
    );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  if (!values['data-dir']) await fs.rm(dataDir, { recursive: true, force: true });
}
