import fs from 'node:fs/promises';
import path from 'node:path';
import {
  runCommand,
  startServer,
  vehiclePayload,
  type HttpApi,
  type RunningServer,
} from '@school-transport/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { addPhoto, migratedDataDir, OPS_ADMIN, opsEnv, tempDataDir } from './support/data-dir-process.js';
import { newPostgresDatabase, TEST_DB } from './support/test-app.js';

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
  const database = await newPostgresDatabase('st_backup');
  cleanups.push(database.drop);
  return database.url;
}

interface Vehicle {
  id: string;
  licensePlate: string;
  profileImage: string | null;
}

async function allVehicles(api: HttpApi): Promise<Vehicle[]> {
  const rows: Vehicle[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<Vehicle[]>('GET', `/api/vehicles/get-all?limit=100&page=${page}`);
    expect(answer.status).toBe(200);
    rows.push(...answer.body.data);
    if (answer.body.data.length < 100) return rows;
  }
}

async function photoStatus(server: RunningServer, signedUrl: string): Promise<string> {
  const answer = await fetch(`${server.url}${signedUrl}`);
  await answer.arrayBuffer();
  return `${answer.status} ${answer.headers.get('content-type')}`;
}

describe('backup and restore', () => {
  it('restores a backup taken under writes with every acknowledged record and photo', async () => {
    // The source is a migrated copy; the target below is empty, as a restore onto a new machine finds it.
    const migrated = await migratedDataDir('backup-source');
    cleanups.push(migrated.remove);
    const source = migrated.env;
    const server = await startServer({ env: source });
    const backupFile = path.join(await newDataDir('backup-file'), 'nested', 'schoolride.tar.gz');
    const before: Array<{ id: string; plate: string }> = [];
    let backup;
    try {
      const api = await server.apiAs(OPS_ADMIN);
      for (let i = 0; i < 4; i++) {
        const created = await api('POST', '/api/vehicles/create', vehiclePayload());
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
          const created = await api('POST', '/api/vehicles/create', vehiclePayload());
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
      await server.stop('SIGTERM');
    }
    expect(backup.code, backup.output).toBe(0);
    expect((await fs.stat(backupFile)).mode & 0o077).toBe(0);

    const target = opsEnv(await newDataDir('backup-target'), await newDatabaseUrl());
    const restored = await runCommand(['restore', backupFile], target);
    expect(restored.code, restored.output).toBe(0);
    const again = await runCommand(['restore', backupFile], target);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/is not empty: restore refuses to overwrite it without --force/);
    const forced = await runCommand(['restore', backupFile, '--force'], target);
    expect(forced.code, forced.output).toBe(0);

    const copy = await startServer({ env: target });
    try {
      const api = await copy.apiAs(OPS_ADMIN);
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
      await copy.stop('SIGTERM');
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
    const result = await runCommand(['restore', file], opsEnv(dataDir, await newDatabaseUrl()));
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/is a backup of the .* database, and this configuration uses/);
  }, 120_000);
});
