import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCommand, type HttpApi } from '@school-transport/testing';
import sharp from 'sharp';

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
