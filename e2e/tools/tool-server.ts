/**
 * Shared by the measuring tools in this folder (sqlmap.ts, lighthouse.ts): fills a database through the server's
 * own code, starts the real server on it in a process of its own, and signs in through the API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repositoryRoot, signedIn, startServer, type Account } from '@school-transport/testing';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client.js';
import { generateDataset, isEmpty } from '../../apps/server/src/db/generate/generate-dataset.js';
import { createAdmin } from '../../apps/server/src/modules/platform/users/first-admin.js';

export const root = repositoryRoot;

export interface ToolServer {
  base: string;
  /** Admins created for this run, in the order asked. */
  admins: Account[];
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
}

const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

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
  try {
    admins = await seed(database, options);
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
  return { base, admins, stop };
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
