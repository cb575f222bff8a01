import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { DatabaseHandle } from '../../../db/client.js';
import { syncFolder } from '../../../db/disk-sync.js';
import { openPgliteFolder, pgliteExtensions } from '../../../db/durable-node-fs.js';
import { BackupError, PGLITE_DUMP, POSTGRES_DUMP } from './backup-archive.js';
import { countUserTables, dropUserSchemas } from './backup-queries.js';

/** Each engine's consistent dump and its way back (docs/decisions/018). */

const run = promisify(execFile);

/** PGlite: its folder as a tarball taken between statements, from the process that has it open. */
export async function dumpPglite(database: DatabaseHandle, folder: string): Promise<void> {
  if (!database.snapshot) throw new Error('this database has no folder to back up');
  const tarball = await database.snapshot();
  await fs.writeFile(path.join(folder, PGLITE_DUMP), Buffer.from(await tarball.arrayBuffer()));
}

/** Loads a PGlite dump into `pgliteFolder` (absent or empty): PostgreSQL replays its WAL, then shuts down clean. */
export async function loadPglite(dumpFolder: string, pgliteFolder: string): Promise<void> {
  const tarball = new Blob([await fs.readFile(path.join(dumpFolder, PGLITE_DUMP))]);
  const client = await openPgliteFolder(pgliteFolder, {
    extensions: pgliteExtensions,
    loadDataDir: tarball,
    durable: true,
  });
  await client.close();
  await syncFolder(pgliteFolder);
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/**
 * pg_dump and pg_restore take the connection from libpq's variables, so the password never shows in the process
 * list (a URL on the command line would).
 */
function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(parsed.hostname) || 'localhost',
    PGPORT: parsed.port || '5432',
    PGDATABASE: databaseName(url),
  };
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  try {
    await run(tool, args, { env: libpqEnvironment(url), maxBuffer: 16 * 1_048_576 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new BackupError(
        `${tool} was not found: install PostgreSQL's client tools (Debian: postgresql-client).`,
      );
    throw new BackupError(`${tool} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

/** PostgreSQL: pg_dump's snapshot is one repeatable-read transaction, consistent while writes go on. */
export async function dumpPostgres(url: string, folder: string): Promise<void> {
  await runTool(
    'pg_dump',
    ['--format=custom', '--no-owner', `--file=${path.join(folder, POSTGRES_DUMP)}`],
    url,
  );
}

/** Restores into an empty database; with `force`, every schema of the database is dropped first. */
export async function loadPostgres(dumpFolder: string, url: string, force: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if ((await countUserTables(client)) > 0) {
      if (!force)
        throw new BackupError('The database is not empty: restore refuses to overwrite it without --force.');
      await dropUserSchemas(client);
    }
  } finally {
    await client.end();
  }
  await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      // pg_restore needs the name here; host, user and password still come from libpq's variables.
      `--dbname=${databaseName(url)}`,
      path.join(dumpFolder, POSTGRES_DUMP),
    ],
    url,
  );
}
