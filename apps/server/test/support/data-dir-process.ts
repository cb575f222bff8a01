import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCommand, type HttpApi } from '@school-transport/testing';
import sharp from 'sharp';
import { makeOwnerOnly } from '../../src/db/data-dir.js';
import { copyMigratedPgliteFolder } from './database-templates.js';
import { newPostgresDatabase, TEST_DB } from './test-app.js';

/** What the process tests of DATA_DIR (lock, permissions, durability, backups) share. */

export const OPS_ADMIN = { email: 'ops-admin@example.com', password: 'ops admin password 1' };

export const tempDataDir = (name: string) => fs.mkdtemp(path.join(os.tmpdir(), `st-${name}-`));

/** The settings of a server on `dataDir` (and, on PostgreSQL, `databaseUrl`) whose first admin is OPS_ADMIN. */
export const opsEnv = (dataDir: string, databaseUrl = '') => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  ADMIN_EMAIL: OPS_ADMIN.email,
  ADMIN_PASSWORD: OPS_ADMIN.password,
  LOG_LEVEL: 'warn',
});

/**
 * Puts a database migrated to the latest migration where a server on `dataDir` keeps its own (DATA_DIR/pglite), and
 * owner-only, as the server makes its files: the template's modes are whatever its builder's umask left, and a
 * server that finds files open to others says so on start, a line a test of its output does not expect.
 */
export async function copyMigratedDatabase(dataDir: string): Promise<void> {
  await copyMigratedPgliteFolder(path.join(dataDir, 'pglite'));
  makeOwnerOnly(dataDir);
}

/**
 * A data folder whose database is already migrated to the latest migration, for a process test that does not test
 * the first start from nothing: on PGlite the run's migrated folder copied to DATA_DIR/pglite, where the server
 * keeps its database, and on PostgreSQL a copy of the run's migrated template (support/database-templates.ts).
 * Either costs a fraction of a second, where `migrate` on nothing costs an initdb and every migration. No
 * administrator yet: the first start creates OPS_ADMIN. Answers the server's settings and what removes it all.
 */
export async function migratedDataDir(
  name: string,
  engine: 'pglite' | 'postgres' = TEST_DB,
): Promise<{ dataDir: string; env: Record<string, string>; remove(): Promise<void> }> {
  const dataDir = await tempDataDir(name);
  let database: { url: string; drop(): Promise<void> } | null = null;
  if (engine === 'postgres')
    database = await newPostgresDatabase(`st_${name.replace(/\W/g, '_')}`, { migrated: true });
  else await copyMigratedDatabase(dataDir);
  return {
    dataDir,
    env: opsEnv(dataDir, database?.url),
    async remove() {
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Creates and migrates the database of `env` with `migrate`, which has no start-up time limit: a new PGlite folder
 * takes its initdb, which on a loaded machine can outlast the server helper's wait for a start.
 */
export async function createDatabase(env: Record<string, string>): Promise<void> {
  const result = await runCommand(['migrate'], env);
  if (result.code !== 0) throw new Error(`migrate failed: ${result.output}`);
}

/** Gives a vehicle a generated photo through the upload route; answers the photo's signed URL. */
export async function addPhoto(api: HttpApi, vehicleId: string, shade: number): Promise<string> {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bus.png');
  form.append('id', vehicleId);
  const answer = await api<{ profileImage: string }>(
    'POST',
    '/api/upload/profile/vehicle/add-profile-image',
    form,
  );
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data.profileImage;
}

/** Modes of every item under `root` that group or others may use, as "path mode" lines (empty: all owner-only). */
export async function openToOthers(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (target: string) => {
    const stat = await fs.lstat(target);
    if (!stat.isSymbolicLink() && (stat.mode & 0o077) !== 0)
      found.push(`${path.relative(root, target) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of await fs.readdir(target)) await visit(path.join(target, name));
  };
  await visit(root);
  return found;
}
