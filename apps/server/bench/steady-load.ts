/**
 * Steady load: starts the real server (its own process) on an already generated database and sends it a fixed
 * rate of mixed reads and writes for a while, then checks that nothing failed and that the server's memory stayed
 * flat.
 *
 *   npm run load -- --data-dir /tmp/gen1k                     (embedded PGlite)
 *   npm run load -- --database-url postgres://…/load_10k      (PostgreSQL)
 * Options: --seconds 60, --rate 100 (requests per second, all kinds together), --port 3998. The default rate
 * leaves room on a two-core machine: PGlite runs inside the server's one thread and used about half a core at 100.
 *
 * Open model: request i is started at start + i / rate whether or not earlier ones have answered, and its latency
 * is measured from that scheduled moment, so a server that falls behind shows it in the percentiles instead of
 * silently lowering the rate. Kinds are dealt from a shuffled deck holding each kind `weight` times, so the mix is
 * exact over every 100 requests.
 *
 * Writes create what they change and remove it again, so the database ends as it began (apart from the audit log):
 * before the run, eight assignments of the load's own (driver, vehicle, route; no children) and a pool of families;
 * during it, families are created (a parent with one or two children, one transaction) and deleted, their children
 * are seated on and taken off those assignments (assign-students with the full new set), and the load's drivers
 * and routes are edited; afterwards everything the load created is deleted. Records are built by the shared
 * factories (packages/testing), every value that must be unique carrying a tag of its own. Any answer other than 2xx, and any request that fails or takes over 10 s,
 * is an error and is printed with its body.
 *
 * Memory: resident memory (VmRSS, read every second) is printed, but it is no verdict: the garbage collector lets
 * it climb by 30-100 MB and drops it again on a rhythm that can be longer than a minute, so one run may show only a
 * rising edge. The verdict is on the heap that survives a full collection: every 5 s the load forces one through
 * the server's inspector (the server runs with `--inspect` on 127.0.0.1) and reads the heap in use. Memory is flat
 * when the least-squares slope of those readings after the first 10 s (warm-up) is under 2 MB/min: at 100 req/s a
 * leak of about 350 bytes per request would cross it. The forced collections add a pause of a few milliseconds every
 * 5 s to the latencies.
 * The exit code is non-zero unless there were no errors and memory was flat.
 */
import {
  busRoutePayload,
  driverPayload,
  familyPayload,
  uniqueTag,
  vehiclePayload,
} from '@school-transport/testing';
import * as hdr from 'hdr-histogram-js';
import {
  benchArguments,
  cpuSeconds,
  engineName,
  sampleRss,
  startBenchServer,
  type RssSample,
} from './bench-server.js';
import { connectHeapProbe } from './heap-probe.js';

const values = benchArguments({ port: 3998, seconds: 60, rate: 100 });
const { seconds, rate } = values;

const WARM_UP_S = 10;
const HEAP_PROBE_MS = 5_000;
const FLAT_SLOPE_MB_PER_MIN = 2;
const REQUEST_TIMEOUT_MS = 10_000;
const LOAD_ASSIGNMENTS = 8;
const LOAD_CAPACITY = 40;
const INITIAL_FAMILIES = 24;
const INITIAL_SEATED = 8;
const SEARCH_TERMS = ['aar', 'sha', 'kha', 'mee', 'ver', 'iye', 'red', 'pat', 'sin', 'ana', 'riy', 'dev'];
const LISTED = ['drivers', 'vehicles', 'routes', 'parents', 'students', 'route-assignments', 'trips'];

const server = await startBenchServer(values, { inspect: true });
const rss = sampleRss(server.pid, 1000);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Answer {
  data?: unknown;
  pagination?: { total: number; totalPages: number };
}

let token = '';

/** One call to the API; resolves to the parsed answer, or throws with the status and body on anything but 2xx. */
async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(method, path, response.status, text);
  return text ? (JSON.parse(text) as Answer) : {};
}

class HttpError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${path} answered ${status}: ${body.slice(0, 500)}`);
  }
}

// --- What the load owns -------------------------------------------------------------------------------------

interface Family {
  id: string;
  studentIds: string[];
  /** The load assignment its children ride with, or null. */
  seatedOn: LoadAssignment | null;
  /** A request about this family is in flight; nothing else may touch it meanwhile. */
  busy: boolean;
  /** A request about it failed: it may or may not still exist. */
  unsure?: boolean;
}

interface LoadAssignment {
  id: string;
  driver: { id: string; body: Record<string, unknown> };
  vehicleId: string;
  routeId: string;
  /** The children seated on it, as the server last answered. */
  studentIds: string[];
  busy: boolean;
}

const families: Family[] = [];
const assignments: LoadAssignment[] = [];

/** A parent with one or two children. */
const familyBody = () => familyPayload(uniqueTag(), 1 + Math.floor(Math.random() * 2));

const routeBody = () => busRoutePayload(uniqueTag());

const driverBody = (email: string, licenseNo: string) => ({
  ...driverPayload(uniqueTag()),
  email,
  licenseNo,
});

async function createFamily(): Promise<Family> {
  const { data } = await call('POST', '/api/parents/create', familyBody());
  const parent = data as { id: string; students: Array<{ id: string }> };
  const family = { id: parent.id, studentIds: parent.students.map((s) => s.id), seatedOn: null, busy: false };
  families.push(family);
  return family;
}

/** assign-students takes the assignment's whole new set of children. */
async function setSeats(assignment: LoadAssignment, studentIds: string[]) {
  const { data } = await call('POST', '/api/route-assignments/assign-students', {
    id: assignment.id,
    studentIds,
  });
  assignment.studentIds = (data as { students: Array<{ id: string }> }).students.map((s) => s.id);
}

async function seat(family: Family, assignment: LoadAssignment) {
  await setSeats(assignment, [...assignment.studentIds, ...family.studentIds]);
  family.seatedOn = assignment;
}

async function unseat(family: Family) {
  const assignment = family.seatedOn!;
  await setSeats(
    assignment,
    assignment.studentIds.filter((id) => !family.studentIds.includes(id)),
  );
  family.seatedOn = null;
}

async function deleteFamily(family: Family) {
  await call('DELETE', `/api/parents/delete/${family.id}`);
  families.splice(families.indexOf(family), 1);
}

async function setUp() {
  for (let i = 0; i < LOAD_ASSIGNMENTS; i++) {
    const driverFields = driverPayload(uniqueTag());
    const driver = (await call('POST', '/api/drivers/create', driverFields)).data as { id: string };
    const vehicle = (
      await call('POST', '/api/vehicles/create', { ...vehiclePayload(uniqueTag()), capacity: LOAD_CAPACITY })
    ).data as { id: string };
    const route = (await call('POST', '/api/routes/create', routeBody())).data as { id: string };
    const assignment = (
      await call('POST', '/api/route-assignments/create', {
        driverId: driver.id,
        vehicleId: vehicle.id,
        routeId: route.id,
      })
    ).data as { id: string };
    assignments.push({
      id: assignment.id,
      driver: { id: driver.id, body: driverFields },
      vehicleId: vehicle.id,
      routeId: route.id,
      studentIds: [],
      busy: false,
    });
  }
  for (let i = 0; i < INITIAL_FAMILIES; i++) await createFamily();
  for (let i = 0; i < INITIAL_SEATED; i++) await seat(families[i]!, assignments[i % LOAD_ASSIGNMENTS]!);
}

/** Deletes everything the load created: assignments first (their seats go with them), then what they tied. */
async function tearDown() {
  for (const assignment of assignments.splice(0)) {
    await call('DELETE', `/api/route-assignments/delete-route-assignment/${assignment.id}`);
    await call('DELETE', `/api/drivers/delete/${assignment.driver.id}`);
    await call('DELETE', `/api/vehicles/delete/${assignment.vehicleId}`);
    await call('DELETE', `/api/routes/delete/${assignment.routeId}`);
  }
  for (const family of families.splice(0)) {
    await call('DELETE', `/api/parents/delete/${family.id}`).catch((error: unknown) => {
      if (!(family.unsure && error instanceof HttpError && error.status === 404)) throw error;
    });
  }
}

// --- The mix --------------------------------------------------------------------------------------------------

interface Sample {
  studentIds: string[];
  parentIds: string[];
  assignmentIds: string[];
  studentPages: number;
}

interface Kind {
  name: string;
  weight: number;
  /** Undefined when there is nothing to act on right now. */
  prepare(sample: Sample): (() => Promise<unknown>) | undefined;
  /** The kind sent in its place then (its inverse, so the mix stays balanced); if that fails too, it is skipped. */
  instead?: string;
}

const free = (family: Family) => !family.busy && !family.seatedOn;
/**
 * Marks the things a write is about as busy until it has answered. After a failed write their state on the server
 * is not known (a request that timed out may still have been carried out): they stay busy, so the load leaves them
 * alone, and are marked `unsure` for the clean-up.
 */
const holding =
  (items: Array<{ busy: boolean; unsure?: boolean }>, work: () => Promise<unknown>) => async () => {
    for (const item of items) item.busy = true;
    try {
      await work();
    } catch (error) {
      for (const item of items) item.unsure = true;
      throw error;
    }
    for (const item of items) item.busy = false;
  };

const read = (name: string, weight: number, path: (sample: Sample) => string): Kind => ({
  name,
  weight,
  prepare: (sample) => () => call('GET', path(sample)),
});

const KINDS: Kind[] = [
  ...LISTED.map((resource) =>
    read(`${resource} list, page 1`, 6, () => `/api/${resource}/get-all?page=1&limit=10`),
  ),
  read('students list, random page', 6, (s) => {
    const page = 1 + Math.floor(Math.random() * s.studentPages);
    return `/api/students/get-all?page=${page}&limit=10`;
  }),
  read('students search', 6, () => `/api/students/get-all?search=${pick(SEARCH_TERMS)}&limit=10`),
  read('student get-one', 6, (s) => `/api/students/get-one/${pick(s.studentIds)}`),
  read('parent get-one', 4, (s) => `/api/parents/get-one/${pick(s.parentIds)}`),
  read('assignment get-one', 4, (s) => `/api/route-assignments/get-one/${pick(s.assignmentIds)}`),
  read('dashboard summary', 4, () => '/api/dashboard/summary'),
  {
    name: 'family create',
    weight: 6,
    prepare: () => () => createFamily(),
  },
  {
    name: 'family delete',
    instead: 'family create',
    weight: 6,
    prepare: () => {
      // The oldest family that is neither seated nor being worked on.
      const family = families.find(free);
      return family && holding([family], () => deleteFamily(family));
    },
  },
  {
    name: 'seat children',
    instead: 'unseat children',
    weight: 4,
    prepare: () => {
      const family = families.find(free);
      const assignment =
        family &&
        assignments.find((a) => !a.busy && a.studentIds.length + family.studentIds.length <= LOAD_CAPACITY);
      return family && assignment && holding([family, assignment], () => seat(family, assignment));
    },
  },
  {
    name: 'unseat children',
    instead: 'seat children',
    weight: 4,
    prepare: () => {
      const family = families.find((f) => !f.busy && f.seatedOn && !f.seatedOn.busy);
      return family && holding([family, family.seatedOn!], () => unseat(family));
    },
  },
  {
    name: 'route update',
    weight: 4,
    prepare: () => {
      const assignment = pick(assignments);
      return () => call('PUT', `/api/routes/update/${assignment.routeId}`, routeBody());
    },
  },
  {
    name: 'driver update',
    weight: 4,
    prepare: () => {
      const { driver } = pick(assignments);
      const fields = driver.body as { email: string; licenseNo: string };
      return () =>
        call('PUT', `/api/drivers/update/${driver.id}`, driverBody(fields.email, fields.licenseNo));
    },
  },
];

function* deck(): Generator<Kind> {
  const cards = KINDS.flatMap((kind) => Array.from({ length: kind.weight }, () => kind));
  for (;;) {
    for (let i = cards.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [cards[i], cards[j]] = [cards[j]!, cards[i]!];
    }
    yield* cards;
  }
}

// --- Measuring ------------------------------------------------------------------------------------------------

/** Microseconds, 1 µs to 60 s. */
const histogram = () =>
  hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
  });

interface Tally {
  requests: number;
  errors: number;
  skipped: number;
  latencies: hdr.Histogram;
}
const tallies = new Map<string, Tally>(
  [...KINDS.map((k) => k.name), 'all'].map((name) => [
    name,
    { requests: 0, errors: 0, skipped: 0, latencies: histogram() },
  ]),
);
/** How often a kind had nothing to act on and its `instead` was sent. */
const substitutions = new Map<string, number>();
const failures: Array<{ kind: string; what: string; message: string; at: number }> = [];

async function getIds(path: string) {
  const answer = await call('GET', path);
  return { ids: (answer.data as Array<{ id: string }>).map((row) => row.id), answer };
}

async function discover(): Promise<Sample> {
  const first = await getIds('/api/students/get-all?page=1&limit=100');
  const studentPages = Math.max(1, Math.ceil(first.answer.pagination!.total / 10));
  const middle = await getIds(
    `/api/students/get-all?page=${Math.ceil(first.answer.pagination!.totalPages / 2)}&limit=100`,
  );
  const parents = await getIds('/api/parents/get-all?page=1&limit=100');
  const generated = await getIds('/api/route-assignments/get-all?page=1&limit=100');
  if (!first.ids.length || !parents.ids.length || !generated.ids.length)
    throw new Error(
      'the database has no students, parents or assignments: generate it first (npm run generate)',
    );
  return {
    studentIds: [...first.ids, ...middle.ids],
    parentIds: parents.ids,
    assignmentIds: generated.ids,
    studentPages,
  };
}

async function counts() {
  const { data } = await call('GET', '/api/dashboard/summary');
  return (data as { counts: Record<string, number> }).counts;
}

async function runLoad(sample: Sample) {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const cards = deck();
  const inFlight = new Set<Promise<void>>();
  let maxDelay = 0;
  let sent = 0;
  const start = performance.now() + 20;
  loadStart = start;

  const dispatch = (scheduled: number) => {
    let kind = cards.next().value as Kind;
    let work = kind.prepare(sample);
    if (!work && kind.instead) {
      const scheduledKind = kind;
      kind = KINDS.find((k) => k.name === scheduledKind.instead)!;
      work = kind.prepare(sample);
      if (work) substitutions.set(scheduledKind.name, (substitutions.get(scheduledKind.name) ?? 0) + 1);
    }
    if (!work) {
      tallies.get(kind.name)!.skipped++;
      tallies.get('all')!.skipped++;
      return;
    }
    maxDelay = Math.max(maxDelay, performance.now() - scheduled);
    sent++;
    const done = work().then(
      () => record(kind.name, scheduled, false),
      (error: unknown) => {
        record(kind.name, scheduled, true);
        failures.push({
          kind: kind.name,
          what:
            error instanceof HttpError
              ? `HTTP ${error.status}`
              : error instanceof Error
                ? error.name
                : 'error',
          message: describe(error),
          at: (scheduled - start) / 1000,
        });
      },
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };

  await new Promise<void>((resolve) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      while (i < total && start + i * interval <= now) dispatch(start + i++ * interval);
      if (i >= total) return resolve();
      setTimeout(tick, Math.min(5, Math.max(0, start + i * interval - now)));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  const scheduleEnd = start + total * interval;
  await Promise.all(inFlight);
  const drained = performance.now();
  return { start, scheduleEnd, drained, sent, maxDelay };
}

/** Per 5 s of the schedule, by the moment each request was due: how many, how many failed, their latencies. */
const windows: Array<{ requests: number; errors: number; latencies: hdr.Histogram }> = [];
let loadStart = 0;

function record(kind: string, scheduled: number, failed: boolean) {
  const micros = Math.max(1, Math.round((performance.now() - scheduled) * 1000));
  const index = Math.floor((scheduled - loadStart) / 5000);
  const window = (windows[index] ??= { requests: 0, errors: 0, latencies: histogram() });
  window.requests++;
  if (failed) window.errors++;
  window.latencies.recordValue(micros);
  for (const name of [kind, 'all']) {
    const tally = tallies.get(name)!;
    tally.requests++;
    if (failed) tally.errors++;
    tally.latencies.recordValue(micros);
  }
}

/** fetch's "fetch failed" says what failed only in its cause (ECONNRESET, UND_ERR_SOCKET, …). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? `${error.message} (${cause.code ?? cause.message})` : error.message;
}

// --- Memory -----------------------------------------------------------------------------------------------------

const average = (samples: RssSample[]) => samples.reduce((sum, s) => sum + s.mb, 0) / samples.length;

/** Least-squares slope in MB per minute. */
function slope(samples: RssSample[]) {
  const n = samples.length;
  const mx = samples.reduce((sum, s) => sum + s.at, 0) / n;
  const my = average(samples);
  let sxy = 0;
  let sxx = 0;
  for (const s of samples) {
    sxy += (s.at - mx) * (s.mb - my);
    sxx += (s.at - mx) ** 2;
  }
  return sxx ? (sxy / sxx) * 60_000 : 0;
}

// --- Report -----------------------------------------------------------------------------------------------------

const ms = (micros: number) => (micros / 1000).toFixed(micros < 10_000 ? 1 : 0);

async function main() {
  token = await server.signIn();
  const before = await counts();
  // Ids to read are taken before the load adds rows of its own, so none of them is deleted under the reads.
  const sample = await discover();
  const setupStart = performance.now();
  await setUp();
  process.stderr.write(
    `  set up in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; loading at ${rate} req/s for ${seconds} s\n`,
  );

  const heap = await connectHeapProbe(await server.inspectorUrl!);
  const heapSamples: RssSample[] = [];
  const probeHeap = async () => heapSamples.push({ at: performance.now(), mb: await heap.postGcHeapMb() });
  await probeHeap();
  const heapTimer = setInterval(() => void probeHeap(), HEAP_PROBE_MS);
  const cpuBefore = cpuSeconds(server.pid);
  const run = await runLoad(sample);
  const cpuAfter = cpuSeconds(server.pid);
  clearInterval(heapTimer);
  await probeHeap();
  heap.close();
  rss.stop();

  let teardownError: unknown;
  await tearDown().catch((error: unknown) => (teardownError = error));
  const after = await counts();

  const all = tallies.get('all')!;
  const elapsed = (run.scheduleEnd - run.start) / 1000;
  const target = values['database-url']
    ? values['database-url'].replace(/\/\/[^@/]*@/, '//…@')
    : values['data-dir'];
  console.log(`\nSteady load: ${engineName(values)} (${target}), ${rate} req/s for ${seconds} s\n`);
  const header = ['kind', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'];
  const rows = [...tallies].map(([name, t]) => [
    name,
    `${t.requests}${t.skipped ? ` (+${t.skipped} skipped)` : ''}`,
    String(t.errors),
    ...[50, 95, 99, 100].map((p) => (t.requests ? ms(t.latencies.getValueAtPercentile(p)) : '-')),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) {
    if (row[0] === 'all') console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    console.log(line(row));
  }
  console.log(
    `\nAchieved rate: ${run.sent} requests started in ${elapsed.toFixed(1)} s = ${(run.sent / elapsed).toFixed(1)} req/s ` +
      `(target ${rate}); latest start ${run.maxDelay.toFixed(1)} ms behind schedule; ` +
      `last answer ${((run.drained - run.scheduleEnd) / 1000).toFixed(2)} s after the schedule ended.`,
  );
  console.log("Latency is measured from each request's scheduled start (open model).");
  if (substitutions.size)
    console.log(
      `Sent in place of a write with nothing to act on: ${[...substitutions]
        .map(([name, n]) => `${n}× ${KINDS.find((k) => k.name === name)!.instead} for ${name}`)
        .join(', ')}.`,
    );
  if (cpuBefore !== undefined && cpuAfter !== undefined)
    console.log(
      `Server CPU (user + system) during the load: ${(((cpuAfter - cpuBefore) / elapsed) * 100).toFixed(0)}% of one core.`,
    );
  console.log(
    `Per 5 s (requests due / failed, p95 ms): ${windows
      .map((w, i) => `${i * 5}s ${w.requests}/${w.errors} ${ms(w.latencies.getValueAtPercentile(95))}`)
      .join(' | ')}`,
  );
  const changed = Object.keys(before).filter((key) => before[key] !== after[key]);
  console.log(
    `Row counts before and after (load's own rows removed): ${Object.entries(after)
      .map(([key, n]) => `${key} ${before[key] === n ? n : `${before[key]} → ${n}`}`)
      .join(', ')}`,
  );

  // Memory, over the load itself.
  const loadSamples = rss.samples
    .filter((s) => s.at >= run.start && s.at <= run.scheduleEnd)
    .map((s) => ({ at: s.at - run.start, mb: s.mb }));
  const series = loadSamples
    .filter((s, i) => i % 5 === 0)
    .map((s) => `${Math.round(s.at / 1000)}s ${s.mb.toFixed(0)}`)
    .join(' | ');
  console.log(`\nServer resident memory (VmRSS, MB; sampled every second, shown every 5 s):\n  ${series}`);
  console.log(
    `  range ${Math.min(...loadSamples.map((s) => s.mb)).toFixed(0)}–${Math.max(...loadSamples.map((s) => s.mb)).toFixed(0)} MB (the collector's saw-tooth; no verdict on it)`,
  );
  const heapSeries = heapSamples.map((s) => ({ at: s.at - run.start, mb: s.mb }));
  const settled = heapSeries.filter((s) => s.at >= WARM_UP_S * 1000);
  const heapSlope = slope(settled.length >= 3 ? settled : heapSeries);
  console.log(
    `Server heap after a forced full collection (MB, every ${HEAP_PROBE_MS / 1000} s):\n  ${heapSeries
      .map((s) => `${Math.max(0, Math.round(s.at / 1000))}s ${s.mb.toFixed(1)}`)
      .join(
        ' | ',
      )}\n  slope after the first ${WARM_UP_S} s ${heapSlope >= 0 ? '+' : ''}${heapSlope.toFixed(2)} MB/min`,
  );

  if (failures.length) {
    const groups = new Map<string, number>();
    for (const f of failures)
      groups.set(`${f.kind}: ${f.what}`, (groups.get(`${f.kind}: ${f.what}`) ?? 0) + 1);
    console.log(`\nErrors by kind: ${[...groups].map(([group, n]) => `${group} ×${n}`).join('; ')}`);
    console.log(`First ${Math.min(20, failures.length)} of ${failures.length}:`);
    for (const f of failures.slice(0, 20)) console.log(`  at ${f.at.toFixed(1)} s, ${f.kind}: ${f.message}`);
  }
  if (teardownError) console.log(`\nClean-up failed: ${String(teardownError)}`);
  if (changed.length) console.log(`\nRow counts changed: ${changed.join(', ')}`);

  const errorsOk = all.errors === 0 && !teardownError;
  const flat = heapSlope < FLAT_SLOPE_MB_PER_MIN;
  console.log(
    `\n${errorsOk ? 'PASS' : 'FAIL'} zero errors: ${all.errors} of ${all.requests} requests failed${teardownError ? '; clean-up failed' : ''}`,
  );
  console.log(
    `${flat ? 'PASS' : 'FAIL'} memory flat: the heap after collection grew ${heapSlope.toFixed(2)} MB/min after warm-up ` +
      `(growing at ${FLAT_SLOPE_MB_PER_MIN} or more)`,
  );
  if (!errorsOk || !flat) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    rss.stop();
    await server.stop();
  });
