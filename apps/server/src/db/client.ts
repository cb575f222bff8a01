import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import * as schema from './schema/index.js';

/** The one Drizzle type the rest of the server sees, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig['kind'];
  /** Applies the committed drizzle-kit migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
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
  if (!config.dataDir.startsWith('memory://')) await fs.mkdir(config.dataDir, { recursive: true });
  // pg_trgm backs the contains-search indexes (migration 0006); PostgreSQL ships it as a trusted extension.
  const client = await PGlite.create(config.dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** A transaction handle; functions that may run inside or outside a transaction take an Executor. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/** Rows of a raw SQL query; pg and PGlite both answer `{ rows }`, which Drizzle's shared type does not show. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
