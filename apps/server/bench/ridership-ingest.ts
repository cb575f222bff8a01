/**
 * How fast the driver app's events are taken in: one server built in this process on a database folder (PGlite,
 * durable commits as in production) or a PostgreSQL URL, listening on a local port, and drivers posting batches
 * to POST /api/driver/events over HTTP. Each driver has a bus of 30 seated children and a started trip; events
 * mix taps by student id and NFC tags. Prints p50/p95/p99 per batch and events stored per second for one driver
 * sending 50-event batches back to back, the same from several drivers at once, and one driver's 500-event
 * batches (what an outbox sends after a long dead zone).
 *
 *   npx tsx bench/ridership-ingest.ts --data-dir /tmp/ingest-bench           (embedded PGlite, a new folder)
 *   npx tsx bench/ridership-ingest.ts --database-url postgres://…/bench      (PostgreSQL, an empty database)
 * Options: --batches 300 (per run), --drivers 4 (the concurrent run).
 */
import { randomUUID } from 'node:crypto';
import { familyPayload, uniqueTag } from '@school-transport/testing';
import type { RidershipEventInput, RidershipKind, ScanMethod } from '@school-transport/shared';
import * as hdr from 'hdr-histogram-js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createSession } from '../src/modules/platform/auth/sessions.js';
import { createAdmin } from '../src/modules/platform/users/first-admin.js';
import { benchArguments, busParts, engineName, startPickup } from './bench-server.js';

const values = benchArguments({ port: 3997, batches: 300, drivers: 4 });
const { batches, drivers } = values;
const CHILDREN = 30;
const TRIP_DATE = new Date().toISOString().slice(0, 10);

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  PORT: String(values.port),
  ...(values['database-url']
    ? { DATABASE_URL: values['database-url'] }
    : { DATA_DIR: values['data-dir']!, DATABASE_URL: '' }),
});
const app = await buildApp({ ...config, webDistDir: null }, { logStream: process.stderr });
const url = await app.listen({ host: '127.0.0.1', port: values.port });

async function call<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed = (await answer.json()) as { data: T };
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(parsed)}`);
  return parsed.data;
}

/** A bus through the office's API: driver, vehicle, route, a family of children, the assignment, a started trip. */
async function bus(admin: string) {
  const tag = uniqueTag();
  const { driver, vehicle, route } = await busParts(call, admin, tag, CHILDREN);
  // Ten children per family, the most one enrolment takes.
  const kids: Array<{ id: string; nfcTagId: string }> = [];
  for (let f = 0; f < CHILDREN / 10; f++) {
    const family = await call<{ students: Array<{ id: string; nfcTagId: string }> }>(
      admin,
      'POST',
      '/api/parents/create',
      familyPayload(`${tag}F${f}`, 10),
    );
    kids.push(...family.students);
  }
  const assignment = await call<{ id: string }>(admin, 'POST', '/api/route-assignments/create', {
    driverId: driver.id,
    vehicleId: vehicle.id,
    routeId: route.id,
    studentIds: kids.map((kid) => kid.id),
  });
  await call(admin, 'POST', '/api/trips/generate', { date: TRIP_DATE });
  const tripId = await startPickup(call, admin, TRIP_DATE, { id: assignment.id, routeName: route.name });
  // Drivers sign in with a password set from an e-mailed link; the bench writes the session directly instead.
  const lifetimes = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
  const { token } = await createSession(
    app.database.db,
    driver.user.id,
    { ip: '127.0.0.1' },
    new Date(),
    lifetimes,
  );
  return { token, tripId, kids };
}
type Bus = Awaited<ReturnType<typeof bus>>;

const KINDS: RidershipKind[] = ['BOARD', 'ALIGHT'];
const METHODS: ScanMethod[] = ['NFC', 'TAP'];
let serial = 0;
function batchOf(b: Bus, size: number): RidershipEventInput[] {
  return Array.from({ length: size }, () => {
    const kid = b.kids[serial % b.kids.length]!;
    const method = METHODS[serial % 2]!;
    serial += 1;
    return {
      eventId: randomUUID(),
      tripId: b.tripId,
      kind: KINDS[Math.floor(serial / b.kids.length) % 2]!,
      method,
      ...(method === 'NFC' ? { tagId: kid.nfcTagId } : { studentId: kid.id }),
      occurredAt: new Date(Date.now() - 60_000 + serial).toISOString(),
      lat: 12.97,
      lng: 77.59,
      accuracy: 10,
    };
  });
}

/** Answer times in microseconds, so sub-millisecond ones keep their precision; read back in milliseconds. */
function timings() {
  const latencies = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    autoResize: true,
  });
  const ms = (percentile: number) => (latencies.getValueAtPercentile(percentile) / 1000).toFixed(1);
  return {
    async time<T>(request: () => Promise<T>): Promise<T> {
      const sent = performance.now();
      const answer = await request();
      latencies.recordValue(Math.round((performance.now() - sent) * 1000));
      return answer;
    },
    summary: () => ({ p50: ms(50), p95: ms(95), p99: ms(99) }),
  };
}

/** `count` batches of `size` from each bus, all buses at once; every batch must be stored in full. */
async function measure(buses: Bus[], count: number, size: number) {
  const { time, summary } = timings();
  const started = performance.now();
  let stored = 0;
  await Promise.all(
    buses.map(async (b) => {
      for (let i = 0; i < count; i++) {
        const events = batchOf(b, size);
        const answer = await time(() =>
          call<{ created: number }>(b.token, 'POST', '/api/driver/events', { events }),
        );
        if (answer.created !== size) throw new Error(`stored ${answer.created} of ${size}`);
        stored += answer.created;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { ...summary(), perSecond: (stored / seconds).toFixed(0) };
}

/** What any signed-in request costs on this machine now: the floor under the batch times. */
async function baseline(token: string, count: number) {
  const { time, summary } = timings();
  for (let i = 0; i < count; i++) await time(() => call(token, 'GET', '/api/auth/me'));
  return { ...summary(), perSecond: '' };
}

try {
  const admin = { email: 'bench-admin@example.com', name: 'Bench', password: 'bench admin password 1' };
  await createAdmin(app.database.db, admin, 'bench').catch(() => undefined);
  const signIn = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const adminToken = ((await signIn.json()) as { token: string }).token;
  const buses: Bus[] = [];
  for (let i = 0; i < drivers; i++) buses.push(await bus(adminToken));

  await measure([buses[0]!], 30, 50); // warm-up: statements prepared, JIT, caches
  const rows = [
    {
      run: 'baseline: GET /api/auth/me (session lookup only)',
      ...(await baseline(buses[0]!.token, batches)),
    },
    { run: '1 driver, 50-event batches', ...(await measure([buses[0]!], batches, 50)) },
    {
      run: `${drivers} drivers, 50-event batches`,
      ...(await measure(buses, Math.ceil(batches / drivers), 50)),
    },
    { run: '1 driver, 500-event batches', ...(await measure([buses[0]!], Math.ceil(batches / 10), 500)) },
  ];
  console.log(`\nPOST /api/driver/events on ${engineName(values)}, ${batches} batches a run, over HTTP`);
  console.log('| run | p50 ms | p95 ms | p99 ms | events/s |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows)
    console.log(`| ${row.run} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.perSecond} |`);
} finally {
  await app.close();
}
