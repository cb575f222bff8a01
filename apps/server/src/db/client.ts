import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { copyCsvOut, type CopyCsvOut } from './copy-out.js';
import { openPgliteThread } from './pglite-thread.js';
import { ReleasingPool } from './releasing-pool.js';
import type { ProgressListener } from './progress-listener.js';
import * as schema from './schema/index.js';

/** The one Drizzle type the rest of the server sees, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig['kind'];
  /** Applies the committed drizzle-kit migrations that have not run yet; `progress` hears which, if any. */
  migrate(progress?: ProgressListener): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite on a folder: a tarball of that folder as it is between two statements (after a checkpoint, so little
   * WAL to replay), the consistent copy a backup needs. Undefined on PostgreSQL and in memory.
   */
  snapshot?: () => Promise<Blob>;
  /**
   * Follows NOTIFYs on `channel` (or several, on one connection: their notifications arrive in the order their
   * transactions committed), from this process or any other on the same database: `onNotify` for each one,
   * `onResync` once listening starts and again each time a lost listening connection is back (what was notified in
   * between is lost, so the caller reads the database again). Answers a function that stops listening.
   */
  listen(channel: string | readonly string[], handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** A NOTIFY on `channel` (with `payload`, '' when none) in a statement of its own, outside any transaction. */
  notify(channel: string, payload?: string): Promise<void>;
  /** PostgreSQL only: a statement's rows as CSV written by the database itself (`COPY … TO STDOUT`, copy-out.ts). */
  copyCsv?: CopyCsvOut;
}

export interface ListenHandlers {
  onNotify: (payload: string, channel: string) => void;
  onResync: () => void;
  /** The listening connection is lost (PostgreSQL only); it is opened again with a growing pause. */
  onLost?: (error: Error | undefined) => void;
}

/** The listening connection's name in pg_stat_activity: what an operator (or a test) looks for. */
export const LISTENER_APPLICATION_NAME = 'schoolride-live-listener';

export const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

/**
 * Drizzle applies every pending migration in one transaction, so there is no step to count within: `progress` hears
 * which are to run (and nothing when none are), as a single part of the work.
 */
async function migrateTelling(
  db: Database,
  migrate: () => Promise<void>,
  progress: ProgressListener | undefined,
): Promise<void> {
  const label = progress && migrationsLabel(await pendingMigrations(db));
  if (label) progress.phase(label);
  await migrate();
}

/** "applying 3 migrations: 0028_x → 0031_y", or null when there are none to apply. */
export function migrationsLabel({ current, pending }: PendingMigrations): string | null {
  if (pending.length === 0) return null;
  const count = pending.length === 1 ? '1 migration' : `${pending.length} migrations`;
  return current
    ? `applying ${count}: ${current} → ${pending.at(-1)}`
    : `applying ${count} (up to ${pending.at(-1)})`;
}

export async function openDatabase(
  config: DatabaseConfig,
  onIdleConnectionError: (error: Error) => void = (error) =>
    console.error('database connection lost:', error.message),
  progress?: ProgressListener,
): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const pool = new ReleasingPool({ connectionString: config.url, max: 16 });
    // An idle pooled connection can be cut (server restart, admin command). Unhandled, that error would crash the
    // process; the pool drops the connection and opens a new one for the next query.
    pool.on('error', onIdleConnectionError);
    // The pool listens for errors only while a connection is idle. One cut while checked out between two statements
    // (a transaction awaiting its next step) would emit an error nobody hears and crash the process. Its holder
    // still learns of it (the next statement fails, the transaction rolls back) and the pool drops the connection on
    // release; this listener only keeps the process alive.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: (listener) =>
        migrateTelling(db as unknown as Database, () => migratePg(db, { migrationsFolder }), listener),
      close: () => pool.end(),
      listen: (channel, handlers) => listenOnPostgres(config.url, channel, handlers),
      notify: async (channel, payload = '') => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      copyCsv: (query) => copyCsvOut(pool, query),
    };
  }
  // 'memory://' keeps the database in memory (tests); anything else is a folder on disk. Either way PGlite runs in
  // a thread of its own (docs/decisions/042); drizzle gets the part of PGlite's interface it calls.
  const inMemory = config.dataDir.startsWith('memory://');
  // A new folder takes PostgreSQL's initdb, the slowest part of a first start (half a minute on a busy machine).
  if (!inMemory && !config.loadDataDir && !fs.existsSync(path.join(config.dataDir, 'PG_VERSION')))
    progress?.phase(`creating the embedded database in ${config.dataDir}`);
  const client = await openPgliteThread({
    dataDir: config.dataDir,
    durable: config.durable !== false,
    loadDataDir: config.loadDataDir,
  });
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: (listener) =>
      migrateTelling(db as unknown as Database, () => migratePglite(db, { migrationsFolder }), listener),
    close: () => client.close(),
    // PGlite delivers NOTIFY to its own listeners, in its process: the same code path as on PostgreSQL.
    listen: async (channels, handlers) => {
      const unlistens = await Promise.all(
        [channels]
          .flat()
          .map((channel) => client.listen(channel, (payload) => handlers.onNotify(payload, channel))),
      );
      handlers.onResync();
      return async () => {
        await Promise.all(unlistens.map((unlisten) => unlisten()));
      };
    },
    notify: async (channel, payload = '') => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    ...(inMemory ? {} : { snapshot: () => client.snapshot() }),
  };
}

const FIRST_RECONNECT_MS = 250;
const LAST_RECONNECT_MS = 5_000;

/**
 * One connection of its own that LISTENs (a pooled one would be handed to other queries). When it drops (a
 * restart, a network cut, an administrator's pg_terminate_backend) it is opened again, 250 ms doubling to 5 s,
 * and `onResync` tells the caller to read what it may have missed.
 */
async function listenOnPostgres(url: string, channel: string | readonly string[], handlers: ListenHandlers) {
  const channels = [channel].flat();
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let delay = FIRST_RECONNECT_MS;

  const connect = async (first = false): Promise<void> => {
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
    let lostError: Error | undefined;
    client.on('error', (error) => {
      lostError = error;
    });
    client.on('notification', (message) => {
      if (channels.includes(message.channel)) handlers.onNotify(message.payload ?? '', message.channel);
    });
    try {
      await client.connect();
      for (const name of channels) await client.query(`LISTEN ${pg.escapeIdentifier(name)}`);
    } catch (error) {
      void client.end().catch(() => undefined);
      // At start a database that cannot be reached fails the start; later the connection is tried again.
      if (first) throw error;
      schedule(error as Error);
      return;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    delay = FIRST_RECONNECT_MS;
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      if (!stopped) schedule(lostError);
    });
    handlers.onResync();
  };

  const schedule = (error: Error | undefined) => {
    handlers.onLost?.(error);
    if (stopped) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, LAST_RECONNECT_MS);
  };

  await connect(true);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end();
  };
}

/** A transaction handle; functions that may run inside or outside a transaction take an Executor. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/** Rows of a raw SQL query; pg and PGlite both answer `{ rows }`, which Drizzle's shared type does not show. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface JournalEntry {
  when: number;
  tag: string;
}

export interface PendingMigrations {
  /** The newest migration the database has, null for a database that has none. */
  current: string | null;
  /** Those it has not, oldest first. */
  pending: string[];
}

/**
 * Which of the committed migrations a database has not applied yet, by drizzle's own rule: drizzle-kit's journal
 * dates each migration, and its migrator applies every one dated after the newest it recorded.
 */
export async function pendingMigrations(db: Executor, folder = migrationsFolder): Promise<PendingMigrations> {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  // A table that does not exist fails the statement that names it, even in a branch never taken: two statements.
  const [table] = await queryRows<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  const [recorded] = table!.found
    ? await queryRows<{ newest: string | null }>(
        db,
        sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
      )
    : [];
  const newest = recorded?.newest == null ? null : Number(recorded.newest);
  return {
    current:
      newest === null ? null : (journal.entries.findLast((entry) => entry.when <= newest)?.tag ?? null),
    pending: journal.entries
      .filter((entry) => newest === null || entry.when > newest)
      .map((entry) => entry.tag),
  };
}
