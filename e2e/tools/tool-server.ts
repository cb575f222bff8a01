/**
 * Shared by the measuring tools in this folder (sqlmap.ts, lighthouse.ts): fills a database through the server's
 * own code, starts the real server on it in a process of its own, and signs in through the API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { httpApi, repositoryRoot, signedIn, startServer, type Account } from '@school-transport/testing';
import { openDatabase, queryRows, type DatabaseHandle } from '../../apps/server/src/db/client.js';
import { generateDataset, isEmpty } from '../../apps/server/src/db/generate/generate-dataset.js';
import { setUserPassword } from '../../apps/server/src/modules/platform/demo/demo-queries.js';
import { createAdmin } from '../../apps/server/src/modules/platform/users/first-admin.js';
import { hashPassword } from '../../apps/server/src/modules/platform/users/passwords.js';

export const root = repositoryRoot;

export interface ToolServer {
  base: string;
  /** Admins created for this run, in the order asked. */
  admins: Account[];
  /** With `phoneUsers`: a driver and a parent of the data, able to sign in, with trips today (see PhoneUsers). */
  phoneUsers?: PhoneUsers;
  stop: () => Promise<void>;
}

export interface ToolServerOptions {
  port: number;
  /** PostgreSQL instead of a fresh embedded PGlite in a temporary folder. */
  databaseUrl?: string;
  /** Serve the built web app (apps/web/dist) as in production; otherwise the API alone. */
  production?: boolean;
  /** Children of the generated dataset (parents, drivers, vehicles, routes, trips follow); only on an empty database. */
  students: number;
  /** How many admin accounts to create (each with a unique address, so a used PostgreSQL database is fine too). */
  admins: number;
  /** Every request the tool sends comes through a "proxy" it names itself (X-Forwarded-For). */
  trustProxy?: boolean;
  /**
   * Also a driver and a parent for the phone apps (the driver app's and the parent portal's Today screens): a
   * driver of an assignment with seated children and the parent of one of those children, taken from the data and
   * given a password, and the trips of today and tomorrow generated through the office's API, as an office worker
   * would (tomorrow's too, so that a run going past midnight still finds trips "today").
   */
  phoneUsers?: boolean;
}

/** A driver holding trips today and a parent whose children ride them. */
export interface PhoneUsers {
  driver: Account;
  parent: Account;
}

const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/**
 * The first driver (by e-mail) of an assignment with seated children, and the first parent of one of them; both
 * given `password` (and a verified address), as if they had accepted their invitations.
 */
async function preparePhoneUsers(database: DatabaseHandle): Promise<PhoneUsers> {
  const [pair] = await queryRows<{ driver: string; parent: string }>(
    database.db,
    sql`select du.email as driver, pu.email as parent
      from route_assignments a
      join drivers d on d.id = a.driver_id join users du on du.id = d.user_id
      join assignment_students seat on seat.assignment_id = a.id
      join students s on s.id = seat.student_id
      join parents p on p.id = s.parent_id join users pu on pu.id = p.user_id
      order by du.email, pu.email limit 1`,
  );
  if (!pair) throw new Error('the data holds no driver with seated children: no phone users to measure with');
  const password = `tool phone password ${runId}`;
  const passwordHash = await hashPassword(password);
  await setUserPassword(database.db, pair.driver, passwordHash);
  await setUserPassword(database.db, pair.parent, passwordHash);
  return { driver: { email: pair.driver, password }, parent: { email: pair.parent, password } };
}

/** The operator's time zone, given to the server, so that the tool and the server agree on "today". */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const dayIn = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/** Today's and tomorrow's trips, generated through the API by an admin (POST /api/trips/generate). */
async function generateTripsAround(base: string, admin: Account): Promise<void> {
  const api = httpApi(base, (await signIn(base, admin)).token);
  const now = Date.now();
  for (const date of [dayIn(new Date(now)), dayIn(new Date(now + 24 * 3600_000))]) {
    const answer = await api<{ created: number; existing: number }>('POST', '/api/trips/generate', { date });
    if (answer.status !== 200)
      throw new Error(
        `generating the trips of ${date} failed (${answer.status}): ${JSON.stringify(answer.body)}`,
      );
    const { created, existing } = answer.body.data;
    console.log(`Trips of ${date} (${TIME_ZONE}): ${created} generated, ${existing} there already`);
  }
}

async function seed(database: DatabaseHandle, options: ToolServerOptions): Promise<Account[]> {
  await database.migrate();
  if (await isEmpty(database.db)) {
    const summary = await generateDataset(database.db, { students: options.students, schoolDays: 2 });
    console.log(`Generated: ${JSON.stringify(summary)}`);
  } else {
    console.log('The database is not empty: its data is used as it is.');
  }
  const admins: Account[] = [];
  for (let i = 1; i <= options.admins; i++) {
    const account = { email: `tool-${runId}-${i}@example.com`, password: `tool admin password ${runId}` };
    await createAdmin(database.db, { ...account, name: `Tool Admin ${i}` }, 'user.admin_created_from_cli');
    admins.push(account);
  }
  return admins;
}

export async function startToolServer(options: ToolServerOptions): Promise<ToolServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-tool-'));
  const database = await openDatabase(
    options.databaseUrl
      ? { kind: 'postgres', url: options.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
  );
  let admins: Account[];
  let phoneUsers: PhoneUsers | undefined;
  try {
    admins = await seed(database, options);
    if (options.phoneUsers) {
      if (!admins.length) throw new Error('phone users need an admin to generate the trips: ask for one');
      phoneUsers = await preparePhoneUsers(database);
    }
  } catch (error) {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // PGlite is single-process: the server can only open it once this handle is closed.
  await database.close();

  const base = `http://127.0.0.1:${options.port}`;
  const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({
    cwd: root,
    env: {
      NODE_ENV: options.production ? 'production' : 'test',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      TRUST_PROXY: options.trustProxy ? '1' : '0',
      PUBLIC_URL: base,
      TIME_ZONE,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    },
  }).catch((error: unknown) => {
    cleanUp();
    throw error;
  });
  const stop = async () => {
    await server.stop('SIGTERM');
    cleanUp();
  };
  if (phoneUsers)
    await generateTripsAround(base, admins[0]!).catch(async (error: unknown) => {
      await stop();
      throw error;
    });
  return { base, admins, ...(phoneUsers ? { phoneUsers } : {}), stop };
}

/** Signs in through the API; answers the token and the user, as the web app stores them. */
export const signIn = (base: string, account: Account, forwardedFor = '198.51.100.1') =>
  signedIn(base, account, forwardedFor);

/** Stops the server however the tool ends (an error, Ctrl-C), so no process outlives it. */
export function stopOnExit(stop: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void stop().finally(() => process.exit(130));
    });
}
