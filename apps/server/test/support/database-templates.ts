import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.js';
import { openPgliteFolder, pgliteExtensions } from '../../src/db/durable-node-fs.js';
import { openPgliteThread } from '../../src/db/pglite-thread.js';

/**
 * A migrated database made once per run and copied for each test file (docs/decisions/050). Building one from
 * nothing costs an initdb and every migration (seconds on PGlite); a copy costs a file read on PGlite and a
 * `CREATE DATABASE … TEMPLATE` on PostgreSQL, and is the same database a fresh migration would make. The
 * templates are kept between runs, named by a hash of the migrations and of PGlite's version: a changed
 * migration makes new ones, and the old ones are removed.
 *
 * The Vitest global set-up (test/global-setup.ts) calls `prepareDatabaseTemplates`; test files reach the result
 * through Vitest's `inject`.
 */

const serverDir = path.resolve(import.meta.dirname, '../..');
const migrationsDir = path.join(serverDir, 'src/db/migrations');
const cacheDir = path.resolve(serverDir, '../../node_modules/.cache/schoolride-test-databases');

export interface DatabaseTemplates {
  /** A tarball of a migrated PGlite data folder, for `memory://` databases (DatabaseConfig's loadDataDir). */
  pgliteTarball: string;
  /** The same database as a PGlite folder on disk, for tests that run the server as a process on DATA_DIR. */
  pgliteFolder: string;
  /** A migrated database on TEST_DATABASE_URL's server to copy with CREATE DATABASE … TEMPLATE; null without one. */
  postgresTemplate: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** What the templates are made of: every migration file (and its journal), and the PGlite that wrote the folder. */
export function templateKey(migrations = migrationsDir): string {
  const hash = createHash('sha256');
  // The package exports no package.json; its entry sits in dist/, one folder below it.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglitePackage = path.join(path.dirname(pgliteEntry), '../package.json');
  hash.update(fs.readFileSync(pglitePackage));
  const files = fs.readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrations, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(`${file}\n`).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Puts `build`'s output at `target` by a rename, so two runs at once never see half a template. */
export async function buildOnce(target: string, build: (temporary: string) => Promise<void>): Promise<void> {
  if (fs.existsSync(target)) return;
  const temporary = `${target}.building-${randomBytes(4).toString('hex')}`;
  try {
    await build(temporary);
    fs.renameSync(temporary, target);
  } catch (error) {
    // Another run finished the same template first: theirs is as good as ours.
    if (!fs.existsSync(target)) throw error;
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
}

/** A build in progress is younger than this; an older half-built template was left by a stopped run. */
const BUILD_AT_MOST_MS = 60 * 60 * 1000;

/** Removes the templates of other keys (earlier migrations) and old half-built ones from a cache folder. */
export function removeStaleFiles(folder: string, key: string, now = Date.now()): void {
  for (const entry of fs.readdirSync(folder)) {
    const full = path.join(folder, entry);
    const abandoned = entry.includes('.building-') && now - fs.statSync(full).mtimeMs > BUILD_AT_MOST_MS;
    if (!entry.includes(key) || abandoned) fs.rmSync(full, { recursive: true, force: true });
  }
}

async function preparePglite(
  key: string,
): Promise<Pick<DatabaseTemplates, 'pgliteTarball' | 'pgliteFolder'>> {
  fs.mkdirSync(cacheDir, { recursive: true });
  removeStaleFiles(cacheDir, key);
  const pgliteTarball = path.join(cacheDir, `pglite-${key}.tar`);
  const pgliteFolder = path.join(cacheDir, `pglite-${key}`);
  await buildOnce(pgliteTarball, async (temporary) => {
    // The server's own PGlite thread and migrations, in memory, then PGlite's dump of its folder.
    const thread = await openPgliteThread({ dataDir: 'memory://', durable: false });
    try {
      await migrate(drizzle(thread as unknown as PGlite), { migrationsFolder: migrationsDir });
      await fs.promises.writeFile(temporary, Buffer.from(await (await thread.snapshot()).arrayBuffer()));
    } finally {
      await thread.close();
    }
  });
  await buildOnce(pgliteFolder, async (temporary) => {
    const tarball = new Blob([await fs.promises.readFile(pgliteTarball)]);
    const folder = await openPgliteFolder(temporary, {
      extensions: pgliteExtensions,
      loadDataDir: tarball,
      durable: false,
    });
    await folder.close();
  });
  return { pgliteTarball, pgliteFolder };
}

async function onServer<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const TEMPLATE_PREFIX = 'st_template_';
/** A finished template (`st_template_<key>`) and one a run is building (`…_<key>_<random>`). */
const TEMPLATE_NAME = /^st_template_[0-9a-f]{16}$/;
const BUILDING_NAME = /^st_template_[0-9a-f]{16}_[0-9a-f]{8}$/;

/**
 * How long a template of other migrations is kept after a run last used it, and a half-built one after it was
 * started: several checkouts (a branch, a worktree, CI) may share one PostgreSQL, each with its own migrations, and
 * a template that is only copied has nobody connected between copies, so "nobody is on it" alone is not "unused".
 */
const OTHER_TEMPLATE_KEPT_MS = 6 * 60 * 60 * 1000;
const HALF_BUILT_KEPT_MS = 60 * 60 * 1000;

/** Each template's comment holds when a run last used it (ms since the epoch); a half-built one's, its start. */
const markUsed = (client: pg.Client, name: string) =>
  client.query(`comment on database ${pg.escapeIdentifier(name)} is '${Date.now()}'`);

async function preparePostgres(key: string, adminUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${key}`;
  const existing = await onServer(adminUrl, async (client) => {
    // With the number of sessions on each (a template being built has its builder's) and when it was last used.
    const { rows } = await client.query<{ datname: string; sessions: number; used: string | null }>(
      `select d.datname, shobj_description(d.oid, 'pg_database') as used,
              (select count(*) from pg_stat_activity a where a.datname = d.datname)::int as sessions
       from pg_database d where d.datname like $1`,
      [`${TEMPLATE_PREFIX}%`],
    );
    const now = Date.now();
    for (const { datname, sessions, used } of rows) {
      // A template of other migrations nobody has used for hours, or one a stopped run left half built. One without
      // a time (made before this rule) counts as long unused.
      const idleMs = now - (Number(used) || 0);
      const stale =
        (TEMPLATE_NAME.test(datname) && datname !== name && idleMs > OTHER_TEMPLATE_KEPT_MS) ||
        (BUILDING_NAME.test(datname) && idleMs > HALF_BUILT_KEPT_MS);
      if (stale && sessions === 0)
        await client.query(`drop database if exists ${pg.escapeIdentifier(datname)}`).catch(() => undefined);
    }
    const found = rows.some((row) => row.datname === name);
    if (found) await markUsed(client, name);
    return found;
  });
  if (existing) return name;
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await onServer(adminUrl, async (client) => {
    await client.query(`create database ${building}`);
    await markUsed(client, building);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${building}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  await onServer(adminUrl, async (client) => {
    try {
      await client.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      // Another run named its template first (42P04: the name exists); ours goes.
      if ((error as { code?: string }).code !== '42P04') throw error;
      await client.query(`drop database if exists ${building} with (force)`);
    }
  });
  return name;
}

/** Makes (or finds from an earlier run) the migrated templates of this run's engines. */
export async function prepareDatabaseTemplates(postgresUrl: string | undefined): Promise<DatabaseTemplates> {
  const key = templateKey();
  const pglite = await preparePglite(key);
  return { ...pglite, postgresTemplate: postgresUrl ? await preparePostgres(key, postgresUrl) : null };
}

/** The templates the global set-up made, from inside a test file. */
export const databaseTemplates = (): DatabaseTemplates => inject('databaseTemplates');

/**
 * Fills `pgliteDir` (which must not exist yet; the server's is DATA_DIR/pglite) with a migrated PGlite folder, for
 * a test that runs the server as a process and does not test the first start from nothing itself.
 */
export async function copyMigratedPgliteFolder(pgliteDir: string): Promise<void> {
  if (fs.existsSync(pgliteDir)) throw new Error(`${pgliteDir} exists already`);
  await fs.promises.cp(databaseTemplates().pgliteFolder, pgliteDir, { recursive: true });
}
