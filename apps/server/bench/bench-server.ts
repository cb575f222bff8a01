/**
 * What the benchmark (run-bench.ts), the create latency (create-latency.ts), the steady load (steady-load.ts) and the
 * live benchmarks share: their command line, the real server started as its own process on a database
 * (packages/testing's startServer), the bench administrator's sign-in, the server's memory and CPU time read from
 * /proc, and the making of buses through the API of an app built in the bench's own process.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import {
  busRoutePayload,
  driverPayload,
  familyPayload,
  fromSource,
  signedIn,
  startServer,
  vehiclePayload,
  type PushService,
  type RunningServer,
} from '@school-transport/testing';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createAdmin } from '../src/modules/platform/users/first-admin.js';

/** Command-line options naming the database, for `parseArgs`. */
const databaseOptions = {
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
} as const;

/**
 * Reads the command line: the database options and the tool's own numeric options, `--port` among them, each
 * with its default. Stops with one line when no database is named or an option is not a positive number.
 */
export function benchArguments<T extends { port: number } & Record<string, number>>(
  defaults: T,
): DatabaseChoice & T {
  const numeric = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [name, { type: 'string', default: String(value) }]),
  ) as Record<string, { type: 'string'; default: string }>;
  const { values } = parseArgs({ options: { ...databaseOptions, ...numeric } });
  const choice = { 'data-dir': values['data-dir'], 'database-url': values['database-url'] };
  assertDatabaseChosen(choice);
  const numbers = Object.fromEntries(
    Object.keys(defaults).map((name) => {
      const value = Number((values as Record<string, string | undefined>)[name]);
      if (!(value > 0)) throw new Error(`--${name} must be a positive number`);
      return [name, value];
    }),
  );
  return { ...choice, ...(numbers as T) };
}

export interface DatabaseChoice {
  'data-dir'?: string;
  'database-url'?: string;
}

/** Created by the server on its first start on a database without an administrator (ADMIN_EMAIL/ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password 1' };

/**
 * The app built in this process on a generated PostgreSQL database (migrations applied on start, no daily jobs),
 * with the bench administrator signed in: for tools that time requests through `inject`, without the network.
 */
export async function benchAppInProcess(databaseUrl: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    DAILY_JOBS: 'off',
    DATABASE_URL: databaseUrl,
  });
  const app = await buildApp({ ...config, webDistDir: null }, { logStream: process.stderr });
  await createAdmin(app.database.db, { ...BENCH_ADMIN, name: 'Bench' }, 'bench').catch(() => undefined);
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: BENCH_ADMIN });
  return { app, token: signIn.json<{ token: string }>().token };
}

/**
 * The app built in this process on the chosen PGlite folder or PostgreSQL database, listening on a local port, with
 * the bench administrator signed in over HTTP: for tools that time requests through the network (the import and
 * roster-sync benches).
 */
export async function listeningBenchApp(choice: DatabaseChoice, port: number) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    PORT: String(port),
    ...(choice['database-url']
      ? { DATABASE_URL: choice['database-url'] }
      : { DATA_DIR: choice['data-dir']!, DATABASE_URL: '' }),
  });
  const app = await buildApp({ ...config, webDistDir: null }, { logStream: process.stderr });
  const url = await app.listen({ host: '127.0.0.1', port });
  await createAdmin(app.database.db, { ...BENCH_ADMIN, name: 'Bench' }, 'bench').catch(() => undefined);
  const signIn = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const token = ((await signIn.json()) as { token: string }).token;
  return { app, url, token };
}

/**
 * The app built in this process, to prepare a database a server process then opens, under NODE_ENV=test so that
 * subscriptions to the loopback push service at `pushOrigin` are taken (PUSH_EXTRA_ORIGINS; see parent-notify.ts).
 */
export async function pushTestApp(pushOrigin: string, databaseEnv: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    PUSH_EXTRA_ORIGINS: pushOrigin,
    ...databaseEnv,
  });
  const app = await buildApp({ ...config, webDistDir: null }, { logStream: process.stderr });
  return { app, config };
}

export const engineName = (choice: DatabaseChoice) => (choice['database-url'] ? 'PostgreSQL' : 'PGlite');

export function assertDatabaseChosen(choice: DatabaseChoice): void {
  if (!choice['data-dir'] && !choice['database-url'])
    throw new Error('give --data-dir (PGlite) or --database-url (PostgreSQL)');
}

let forwarded = 0;
/**
 * A fresh X-Forwarded-For address per call (the server trusts one proxy hop here), so per-address limits such
 * as sign-in's measure nothing but themselves.
 */
export const nextClientAddress = () =>
  `10.${(forwarded >> 16) & 255}.${(forwarded >> 8) & 255}.${forwarded++ & 255}`;

/** VmRSS of a process in MB, or undefined when it is not (or no longer) there. */
export function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** User plus system CPU time of a process in seconds (/proc/PID/stat, clock ticks of 1/100 s), or undefined. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  return pid === undefined ? undefined : ticksIn(`/proc/${pid}/stat`);
}

/** The same for the process's main thread alone (its task whose id is the pid): the one running JavaScript. */
export function mainThreadCpuSeconds(pid: number | undefined): number | undefined {
  return pid === undefined ? undefined : ticksIn(`/proc/${pid}/task/${pid}/stat`);
}

function ticksIn(statFile: string): number | undefined {
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis start at field 3.
    const stat = fs.readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export interface RssSample {
  /** performance.now() when read. */
  at: number;
  mb: number;
}

/** Reads the process's VmRSS every `intervalMs` until stopped. */
export function sampleRss(pid: number | undefined, intervalMs: number) {
  const samples: RssSample[] = [];
  const take = () => {
    const mb = residentMb(pid);
    if (mb !== undefined) samples.push({ at: performance.now(), mb });
  };
  take();
  const timer = setInterval(take, intervalMs);
  return { samples, stop: () => clearInterval(timer) };
}

export interface BenchServer extends RunningServer {
  /** Signs the bench administrator in and resolves to the session token (the Authorization header's value). */
  signIn(): Promise<string>;
  /** With `inspect`: the server's inspector address (ws://127.0.0.1:…), as it prints it on start. */
  inspectorUrl?: Promise<string>;
}

/** Starts the server on the chosen database and resolves once it answers; its banner and errors are shown. */
export async function startBenchServer(
  choice: DatabaseChoice & { port: number },
  options: { inspect?: boolean } = {},
): Promise<BenchServer> {
  assertDatabaseChosen(choice);
  const server = await startServer({
    program: fromSource(['start'], options.inspect ? ['--inspect=127.0.0.1:0'] : []),
    env: {
      PORT: String(choice.port),
      LOG_LEVEL: 'error',
      TRUST_PROXY: '1',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...(choice['database-url']
        ? { DATABASE_URL: choice['database-url'] }
        : { DATA_DIR: choice['data-dir']!, DATABASE_URL: '' }),
    },
    echo: true,
    // The inspector's own notices are for people attaching a debugger, not for this output.
    quiet: /Debugger listening|For help, see|Debugger attached/,
  });
  return {
    ...server,
    inspectorUrl: options.inspect
      ? server.waitForOutput(/Debugger listening on (ws:\/\/\S+)/).then((match) => match[1]!)
      : undefined,
    async signIn() {
      try {
        return (await signedIn(server.url, BENCH_ADMIN, nextClientAddress())).token;
      } catch (error) {
        throw new Error(`${String(error)} (was the database generated by another bench admin?)`);
      }
    },
  };
}

/** A call to the API of an app built in the bench's own process; an answer of 300 or more throws with its body. */
export type BenchCall = <T>(token: string, method: 'GET' | 'POST', url: string, body?: unknown) => Promise<T>;

/** Calls through `app.inject`, answering the envelope's `data`. */
export function injectingCall(app: Pick<FastifyInstance, 'inject'>): BenchCall {
  return async <T>(token: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const answer = await app.inject({
      method,
      url,
      headers: { authorization: token },
      payload: body as object,
    });
    if (answer.statusCode >= 300)
      throw new Error(`${method} ${url} answered ${answer.statusCode}: ${answer.body}`);
    return (answer.json() as { data: T }).data;
  };
}

/** What a bus is made of, all tagged `tag`, through the office's API: a driver, a vehicle of `seats`, a route. */
export async function busParts(call: BenchCall, admin: string, tag: string, seats: number) {
  const driver = await call<{ id: string; user: { id: string } }>(
    admin,
    'POST',
    '/api/drivers/create',
    driverPayload(tag),
  );
  const vehicle = await call<{ id: string }>(admin, 'POST', '/api/vehicles/create', {
    ...vehiclePayload(tag),
    capacity: seats,
  });
  const route = await call<{ id: string; name: string }>(
    admin,
    'POST',
    '/api/routes/create',
    busRoutePayload(tag),
  );
  return { driver, vehicle, route };
}

/** Starts the assignment's pickup trip of `date` (the trips of that day generated) and answers its id. */
export async function startPickup(
  call: BenchCall,
  admin: string,
  date: string,
  assignment: { id: string; routeName: string },
): Promise<string> {
  const trips = await call<Array<{ id: string; assignmentId: string; type: string }>>(
    admin,
    'GET',
    `/api/trips/get-all?dateFrom=${date}&dateTo=${date}&limit=100&search=${encodeURIComponent(assignment.routeName)}`,
  );
  const trip = trips.find((row) => row.assignmentId === assignment.id && row.type === 'PICKUP')!;
  await call(admin, 'POST', `/api/trips/start/${trip.id}`);
  return trip.id;
}

/** The nearest-rank percentile of times in ms, with one decimal; a dash when there are none. */
export function percentile(times: number[], p: number): string {
  if (!times.length) return '–';
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1);
}

/** p50 / p95 / p99 of times in ms, as the benchmarks' tables print them. */
export const spread = (times: number[]) => [50, 95, 99].map((p) => percentile(times, p)).join(' / ');

/** The load on this machine now: other work (tests of other sessions) shares its cores. */
export const loadNow = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/**
 * A family of one child, made through the office's API, whose parent is signed in (`sessionOf` writes the session,
 * as parents sign in with a password set from a mailed link) and has one device subscribed at `push` as the
 * parent's phone does it: the server's VAPID key first, then the browser's subscription.
 */
export async function subscribedFamily(
  call: BenchCall,
  admin: string,
  tag: string,
  push: Pick<PushService, 'subscription'>,
  sessionOf: (userId: string) => Promise<string>,
): Promise<{ studentId: string; token: string; endpoint: string }> {
  const parent = await call<{ user: { id: string }; students: Array<{ id: string }> }>(
    admin,
    'POST',
    '/api/parents/create',
    familyPayload(tag, 1),
  );
  const token = await sessionOf(parent.user.id);
  await call(token, 'GET', '/api/parent/push/key');
  const device = push.subscription();
  await call(token, 'POST', '/api/parent/push/subscriptions', device);
  return { studentId: parent.students[0]!.id, token, endpoint: device.endpoint };
}
