import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  familyPayload,
  recordsThrough,
  repositoryRoot,
  startServer,
  uniqueTag,
  type HttpApi,
} from '@school-transport/testing';
import { copyMigratedDatabase } from './support/data-dir-process.js';
import { plannedThrough } from './support/planner-jobs.js';
import { TEST_DB } from './support/test-app.js';

const BELL = '08:30';

/**
 * The release, as a process of its own (so this file runs in the `-alone` group): `node scripts/run-server.mjs start` (what `npm start` runs, without the web app under NODE_ENV=test)
 * builds the server bundle and runs it; the job's thread is the bundle's own plan-worker.js, plain JavaScript.
 */
describe.skipIf(TEST_DB !== 'pglite')('the built server', () => {
  it("plans in the bundle's worker thread", async () => {
    const admin = { email: 'planner-admin@example.com', password: 'planner test admin password' };
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'st-planner-'));
    // A migrated copy: the built server's first start from nothing is launcher.test.ts's to test.
    await copyMigratedDatabase(dataDir);
    const server = await startServer({
      env: { DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
      program: { command: process.execPath, args: ['scripts/run-server.mjs', 'start'], cwd: repositoryRoot },
    });
    try {
      const http: HttpApi = await server.apiAs(admin);
      const make = recordsThrough((method, url, body) => http(method, url, body));
      const school = await http('POST', '/api/schools/create', {
        name: `Built ${uniqueTag()}`,
        lat: 12.97,
        lng: 77.61,
        bellTime: BELL,
        dismissalTime: '15:10',
      });
      const family = await make.family(familyPayload(uniqueTag(), 5));
      const vehicle = await make.vehicle({ capacity: 10 });
      const done = await plannedThrough(http, {
        schoolId: school.body.data.id,
        studentIds: family.students.map((student) => student.id),
        vehicleIds: [vehicle.id],
        seconds: 1,
      });
      expect(done.status, done.error ?? '').toBe('DONE');
      expect(
        done.result?.morningRuns.flatMap((run) => run.stops.flatMap((stop) => stop.childIds)),
      ).toHaveLength(5);
      expect(await server.stop()).toBe(0);
    } finally {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
