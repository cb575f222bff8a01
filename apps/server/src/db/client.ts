import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { openPgliteFolder } from './durable-node-fs.js';
import * as schema from './schema/index.js';

/** The one Drizzle type the rest of the server sees, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig['kind'];
  /** Applies the committed drizzle-kit migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite on a folder: a tarball of that folder as it is between two statements (after a checkpoint, so little
   * WAL to replay), the consistent copy a backup needs. Undefined on PostgreSQL and in memory.
   */
  snapshot?: () => Promise<Blob>;
}

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

export async function openDatabase(
  config: DatabaseConfig,
  onIdleConnectionError: (error: Error) => void = (error) =>
    console.error('database connection lost:', error.message),
): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 16 });
    // An idle pooled connection can be cut (server restart, admin command). Unhandled, that error would crash the
    // process; the pool drops the connection and opens a new one for the next query.
    pool.on('error', onIdleConnectionError);
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  // 'memory://' keeps the database in memory (tests); anything else is a folder on disk.
  const inMemory = config.dataDir.startsWith('memory://');
  const client = inMemory
    ? await PGlite.create(config.dataDir, { extensions: pgliteExtensions })
    : await openPgliteFolder(config.dataDir, {
        extensions: pgliteExtensions,
        durable: config.durable !== false,
      });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    ...(inMemory ? {} : { snapshot: () => snapshotPglite(client) }),
  };
}

/** pg_trgm backs the contains-search indexes (migration 0006); PostgreSQL ships it as a trusted extension. */
export const pgliteExtensions = { pg_trgm };

async function snapshotPglite(client: PGlite): Promise<Blob> {
  await client.exec('checkpoint');
  // Inside the transaction lock as well as the query lock dumpDataDir takes: no transaction is half done in it.
  return client._runExclusiveTransaction(() => client.dumpDataDir('none'));
}

/** A transaction handle; functions that may run inside or outside a transaction take an Executor. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/** Rows of a raw SQL query; pg and PGlite both answer `{ rows }`, which Drizzle's shared type does not show. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
