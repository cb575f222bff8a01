import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addPhoto,
  createDatabase,
  OPS_ADMIN,
  runCommand,
  signedInApi,
  tempDataDir,
  vehicleBody,
  type Api,
} from './support/data-dir-process.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from './support/server-process.js';
import { TEST_DB } from './support/test-app.js';

/**
 * `npm run backup` of a running server under writes, `npm run restore` into a new data folder (and, on
 * PostgreSQL, a new database), a server started on the restored data: every record acknowledged before the
 * backup began is there with its photo, and every photo any restored record names can be fetched. Once per
 * engine (docs/decisions/018).
 */
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function newDataDir(name: string) {
  const dir = await tempDataDir(name);
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** On PostgreSQL, a new empty database (dropped afterwards); on PGlite, nothing: the folder is the database. */
async function newDatabaseUrl(): Promise<string> {
  if (TEST_DB === 'pglite') return '';
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `st_backup_${randomBytes(5).toString('hex')}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`create database ${name}`);
  cleanups.push(() => query(`drop database if exists ${name} with (force)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const envFor = (dataDir: string, databaseUrl: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  ADMIN_EMAIL: OPS_ADMIN.email,
  ADMIN_PASSWORD: OPS_ADMIN.password,
});

interface Vehicle {
  id: string;
  licensePlate: string;
  profileImage: string | null;
}

async function allVehicles(api: Api): Promise<Vehicle[]> {
  const rows: Vehicle[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<Vehicle[]>('GET', `/api/vehicles/get-all?limit=100&page=${page}`);
    expect(answer.status).toBe(200);
    rows.push(...answer.body.data);
    if (answer.body.data.length < 100) return rows;
  }
}

async function photoStatus(server: ServerProcess, signedUrl: string): Promise<string> {
  const answer = await fetch(`${server.url}${signedUrl}`);
  await answer.arrayBuffer();
  return `${answer.status} ${answer.headers.get('content-type')}`;
}

describe('backup and restore', () => {
  it('restores a backup taken under writes with every acknowledged record and photo', async () => {
    const source = envFor(await newDataDir('backup-source'), await newDatabaseUrl());
    await createDatabase(source);
    const server = await startServerProcess(source);
    const backupFile = path.join(await newDataDir('backup-file'), 'nested', 'schoolride.tar.gz');
    const before: Array<{ id: string; plate: string }> = [];
    let backup;
    try {
      const api = await signedInApi(server);
      for (let i = 0; i < 4; i++) {
        const created = await api('POST', '/api/vehicles/create', vehicleBody('BEFORE'));
        expect(created.status).toBe(201);
        await addPhoto(api, created.body.data.id, 40 * i);
        before.push({
          id: created.body.data.id,
          plate: (created.body.data as unknown as Vehicle).licensePlate,
        });
      }
      // Writes go on during the backup: new vehicles, and new photos replacing those of the first ones (the old
      // files are deleted as soon as the new ones are in).
      let writing = true;
      let writes = 0;
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          const created = await api('POST', '/api/vehicles/create', vehicleBody('DURING'));
          expect(created.status).toBe(201);
          await addPhoto(api, before[i % before.length]!.id, 200 + (i % 50));
          writes += 1;
        }
      })();
      backup = await runCommand(['backup', '--out', backupFile], source);
      writing = false;
      await writer;
      expect(writes).toBeGreaterThan(0);
    } finally {
      await stopServerProcess(server, 'SIGTERM');
    }
    expect(backup.code, backup.output).toBe(0);
    expect((await fs.stat(backupFile)).mode & 0o077).toBe(0);

    const target = envFor(await newDataDir('backup-target'), await newDatabaseUrl());
    const restored = await runCommand(['restore', backupFile], target);
    expect(restored.code, restored.output).toBe(0);
    const again = await runCommand(['restore', backupFile], target);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/is not empty: restore refuses to overwrite it without --force/);
    const forced = await runCommand(['restore', backupFile, '--force'], target);
    expect(forced.code, forced.output).toBe(0);

    const copy = await startServerProcess(target);
    try {
      const api = await signedInApi(copy);
      const vehicles = await allVehicles(api);
      const byId = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
      for (const { id, plate } of before) {
        expect(byId.get(id)?.licensePlate).toBe(plate);
        expect(byId.get(id)?.profileImage).toBeTruthy();
      }
      const withPhotos = vehicles.filter((vehicle) => vehicle.profileImage);
      const statuses = await Promise.all(
        withPhotos.map((vehicle) => photoStatus(copy, vehicle.profileImage!)),
      );
      expect(statuses).toEqual(withPhotos.map(() => '200 image/webp'));
    } finally {
      await stopServerProcess(copy, 'SIGTERM');
    }
  }, 600_000);

  it('refuses a backup of the other engine', async () => {
    const pgliteBackupOfPostgres = TEST_DB === 'postgres';
    const dataDir = await newDataDir('backup-wrong');
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}.tar.gz`);
    cleanups.push(() => fs.rm(file, { force: true }));
    // A hand-made archive with nothing but the other engine's manifest: refused before anything is touched.
    const folder = await newDataDir('backup-manifest');
    await fs.writeFile(
      path.join(folder, 'manifest.json'),
      JSON.stringify({
        format: 'schoolride-backup',
        version: 1,
        engine: pgliteBackupOfPostgres ? 'pglite' : 'postgres',
        createdAt: new Date().toISOString(),
      }),
    );
    const { execFileSync } = await import('node:child_process');
    execFileSync('tar', ['-czf', file, '-C', folder, '.']);
    const result = await runCommand(['restore', file], envFor(dataDir, await newDatabaseUrl()));
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/is a backup of the .* database, and this configuration uses/);
  }, 120_000);
});
