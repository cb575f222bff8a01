import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, startServer, vehiclePayload } from '@school-transport/testing';
import {
  addPhoto,
  createDatabase,
  migratedDataDir,
  OPS_ADMIN,
  openToOthers,
  opsEnv,
  tempDataDir,
} from './support/data-dir-process.js';
import { newPostgresDatabase, TEST_DB } from './support/test-app.js';

/**
 * DATA_DIR on the embedded database (docs/decisions/017): one process at a time, and the owner's alone. Process
 * tests of the real command line; about the folder, not the engine, so they run in the PGlite project, except
 * the folder several servers share on PostgreSQL.
 */
const removals: Array<() => Promise<void>> = [];
afterAll(() => Promise.all(removals.map((remove) => remove())));

/** An empty data folder: its first command runs initdb and every migration. */
async function newDataDir(name: string) {
  const dir = await tempDataDir(name);
  removals.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A data folder with a migrated database, for the tests that are not about creating one. */
async function migrated(name: string) {
  const folder = await migratedDataDir(name, 'pglite');
  removals.push(folder.remove);
  return folder;
}

const LOCK = 'schoolride.lock';

// In each of the two groups below the two tests run side by side, on folders of their own: two processes at a time,
// one per core of a 2-core machine.
describe.skipIf(TEST_DB !== 'pglite')('one process per data folder', () => {
  it.concurrent(
    'refuses a second server and every command on a folder in use, naming the folder and the holder',
    async ({ expect }) => {
      const { dataDir, env } = await migrated('lock');
      const server = await startServer({ env });
      try {
        const holder = `${dataDir} is in use by process ${server.child.pid}`;
        const attempts = [
          ['start'],
          ['migrate'],
          ['create-admin', '--email', 'second@example.com', '--password-stdin'],
          ['generate', '--students', '10'],
          ['restore', '/nonexistent-backup.tar.gz'],
        ];
        // Side by side: each is refused by the lock alone, whatever the others do.
        const results = await Promise.all(
          attempts.map((args) =>
            runCommand(args, { ...env, PORT: '0' }, { input: 'a password for the second admin' }),
          ),
        );
        for (const [i, result] of results.entries()) {
          expect(result.code, `${attempts[i]![0]}: ${result.output}`).toBe(1);
          expect(result.output.trim().split('\n')).toHaveLength(1);
          expect(result.output).toContain(holder);
        }
        // The refused create-admin left nothing behind: the server's database knows one administrator.
        const api = await server.apiAs(OPS_ADMIN);
        const staff = await api<Array<{ email: string }>>('GET', '/api/users/get-all?limit=100');
        expect(staff.status).toBe(200);
        expect(staff.body.data.map((user) => user.email)).not.toContain('second@example.com');
      } finally {
        await server.stop('SIGTERM');
      }
      // A clean stop gives the folder back.
      await expect(fs.access(path.join(dataDir, LOCK))).rejects.toThrow();
    },
    180_000,
  );

  it.concurrent(
    'is not blocked by the lock of a killed server, nor by a lock whose pid now belongs to another process',
    async ({ expect }) => {
      const { dataDir, env } = await migrated('stale-lock');
      const first = await startServer({ env });
      expect(await first.stop('SIGKILL')).toBeNull();
      const left = JSON.parse(await fs.readFile(path.join(dataDir, LOCK), 'utf8')) as { pid: number };
      expect(left.pid).toBe(first.child.pid);

      const second = await startServer({ env });
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      expect(await second.stop('SIGKILL')).toBeNull();

      // The dead server's pid, reused: this test's own process is alive but started at another time.
      await fs.writeFile(
        path.join(dataDir, LOCK),
        JSON.stringify({ pid: process.pid, startTicks: 1, command: 'start' }),
      );
      const third = await startServer({ env });
      try {
        expect((await fetch(`${third.url}/api/health`)).status).toBe(200);
      } finally {
        await third.stop('SIGTERM');
      }
    },
    180_000,
  );
});

describe.skipIf(TEST_DB !== 'pglite')('an owner-only data folder', () => {
  it.concurrent(
    'creates the folder, the database files and uploaded photos for the owner alone',
    async ({ expect }) => {
      // From nothing: the folder, and PGlite's files as its initdb writes them.
      const dataDir = path.join(await newDataDir('perm-new'), 'data');
      await createDatabase(opsEnv(dataDir));
      const server = await startServer({ env: opsEnv(dataDir) });
      try {
        const api = await server.apiAs(OPS_ADMIN);
        const vehicle = await api('POST', '/api/vehicles/create', vehiclePayload());
        await addPhoto(api, vehicle.body.data.id, 120);
        const photos = await fs.readdir(path.join(dataDir, 'uploads', 'profile', 'vehicle'));
        expect(photos).toHaveLength(1);
        expect(await openToOthers(dataDir)).toEqual([]);
      } finally {
        await server.stop('SIGTERM');
      }
      // PGlite's own files written at shutdown (the final checkpoint) too.
      expect(await openToOthers(dataDir)).toEqual([]);
    },
    180_000,
  );

  it.concurrent(
    'makes an existing folder readable by others owner-only at start, with a warning',
    async ({ expect }) => {
      const { dataDir, env } = await migrated('perm-old');
      // As an older version left it: PGlite's files 0666, folders 0755.
      const open = async (target: string) => {
        const stat = await fs.stat(target);
        await fs.chmod(target, stat.isDirectory() ? 0o755 : 0o666);
        if (stat.isDirectory())
          for (const name of await fs.readdir(target)) await open(path.join(target, name));
      };
      await open(dataDir);
      expect((await openToOthers(dataDir)).length).toBeGreaterThan(100);

      const server = await startServer({ env: { ...env, LOG_LEVEL: 'info' } });
      try {
        expect(server.output()).toMatch(
          /could be read or changed by other users; \d+ of its files and folders are now owner-only/,
        );
        expect(await openToOthers(dataDir)).toEqual([]);
      } finally {
        await server.stop('SIGTERM');
      }
    },
    180_000,
  );
});

describe.skipIf(TEST_DB !== 'postgres')('a data folder shared by servers on PostgreSQL', () => {
  it('is not locked, and a photo uploaded through one server is served by the other', async () => {
    // An empty database: the first server's start migrates it and creates the first administrator (the first start
    // from nothing on PostgreSQL), and the second finds both.
    const dataDir = await newDataDir('shared');
    const database = await newPostgresDatabase('st_shared');
    removals.push(database.drop);
    const env = opsEnv(dataDir, database.url);
    const first = await startServer({ env });
    try {
      const second = await startServer({ env });
      try {
        // The database is PostgreSQL's to guard: the folder only holds the photos, and neither server locks it.
        await expect(fs.access(path.join(dataDir, LOCK))).rejects.toThrow();
        const api = await first.apiAs(OPS_ADMIN);
        const vehicle = await api('POST', '/api/vehicles/create', vehiclePayload());
        const photo = await addPhoto(api, vehicle.body.data.id, 90);
        const served = await fetch(`${second.url}${photo}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/webp');
      } finally {
        await second.stop('SIGTERM');
      }
      // The first one still serves: the second stopping took nothing away from it.
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    } finally {
      await first.stop('SIGTERM');
    }
  }, 300_000);
});
