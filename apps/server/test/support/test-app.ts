import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig, type AppConfig, type DatabaseConfig } from '../../src/config.js';
import type { Clock } from '../../src/lib/clock.js';
import { databaseTemplates } from './database-templates.js';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A new PostgreSQL database on TEST_DATABASE_URL's server, and how to drop it: empty, or with `migrated` a copy of
 * the run's migrated template (support/database-templates.ts).
 */
export async function newPostgresDatabase(
  prefix = 'st_test',
  { migrated = false } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const template = migrated ? databaseTemplates().postgresTemplate : null;
  if (migrated && !template) throw new Error('No PostgreSQL template: is TEST_DATABASE_URL set?');
  await query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`drop database if exists ${name} with (force)`) };
}

/** A migrated in-memory PGlite database of its own, copied from the run's template. */
export const migratedPglite = (): DatabaseConfig => ({
  kind: 'pglite',
  dataDir: 'memory://',
  loadDataDir: databaseTemplates().pgliteTarball,
});

/**
 * A migrated database of its own for one test file, as a fresh migration would make it: in-memory PGlite, or a
 * PostgreSQL database dropped afterwards.
 */
export async function freshDatabase(): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  if (TEST_DB === 'pglite') return { config: migratedPglite(), drop: async () => {} };
  const { url, drop } = await newPostgresDatabase('st_test', { migrated: true });
  return { config: { kind: 'postgres', url }, drop };
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-03-02T08:00:00Z')) {
  let now = start.getTime();
  const clock: Clock = () => new Date(now);
  return { clock, advance: (ms: number) => void (now += ms) };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Every log line the app wrote, raw. */
  logs: string[];
  close(): Promise<void>;
}

/**
 * Administrators' sessions as long as everyone else's (the defaults are 60 minutes and 12 hours): many tests move
 * the clock by hours while their admin stays signed in. The tests of the admins' shorter lifetimes set their own.
 */
const ADMIN_SESSIONS_AS_OTHERS = { ADMIN_SESSION_IDLE_MINUTES: '480', ADMIN_SESSION_ABSOLUTE_HOURS: '168' };

export async function createTestApp(
  options: { clock?: Clock; env?: Record<string, string>; webDistDir?: string } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...ADMIN_SESSIONS_AS_OTHERS, ...options.env }),
    database: database.config,
    webDistDir: options.webDistDir ?? null,
  };
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp(config, { clock: options.clock, logStream });
  await app.ready();
  return {
    app,
    config,
    logs,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
