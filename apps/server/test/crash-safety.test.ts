import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AssignmentDetails, Parent, ParentDetails } from '@school-transport/shared';
import { familyPayload, recordsThrough, startServer, uniqueTag } from '@school-transport/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPostgresDatabase, TEST_DB } from './support/test-app.js';

/**
 * Kills the server with SIGKILL in the middle of a burst of family enrolments and seat changes, restarts it on
 * the same data, and checks that the database opens, every acknowledged write is there, no family is
 * half-written and no bus holds more children than seats. Once per engine.
 */
const ADMIN = { email: 'crash-admin@example.com', password: 'crash test admin password' };
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'st-crash-'));
  const database = TEST_DB === 'postgres' ? await newPostgresDatabase('st_crash') : null;
  env = {
    DATABASE_URL: database?.url ?? '',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '1',
  };
  cleanup = async () => {
    await database?.drop();
  };
});
afterAll(async () => {
  await cleanup();
  await fs.rm(env.DATA_DIR!, { recursive: true, force: true });
});

/** A family of two children, found by a search for "crash". */
const family = (i: number) => ({ ...familyPayload(uniqueTag(), 2), name: `Crash Parent ${i}` });

describe('crash safety', () => {
  it('keeps every acknowledged write and no half-written family after SIGKILL', async () => {
    const first = await startServer({ env });
    const api = await first.apiAs(ADMIN);
    const make = recordsThrough(api);
    const [driver, vehicle, route] = await Promise.all([
      make.driver(),
      make.vehicle({ capacity: 5 }),
      make.busRoute(),
    ]);
    const assignment = await make.assignment({
      driverId: driver.id,
      vehicleId: vehicle.id,
      routeId: route.id,
    });

    const acknowledged: Array<{ id: string; children: number }> = [];
    const childIds: string[] = [];
    let stop = false;
    const enrol = async (start: number) => {
      for (let i = start; !stop; i += 4) {
        const answer = await api<ParentDetails>('POST', '/api/parents/create', family(i)).catch(() => null);
        if (answer?.status === 201) {
          acknowledged.push({ id: answer.body.data.id, children: answer.body.data.students.length });
          childIds.push(...answer.body.data.students.map((s: { id: string }) => s.id));
        }
      }
    };
    const reseat = async () => {
      while (!stop) {
        const pick = childIds.slice(-7).filter(() => Math.random() < 0.8);
        await api('POST', '/api/route-assignments/assign-students', {
          id: assignment.id,
          studentIds: pick,
        }).catch(() => null);
      }
    };
    const burst = Promise.all([enrol(0), enrol(1), enrol(2), enrol(3), reseat(), reseat()]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await first.stop('SIGKILL')).toBeNull();
    stop = true;
    await burst;
    expect(acknowledged.length).toBeGreaterThan(3);

    const second = await startServer({ env });
    try {
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      const after = await second.apiAs(ADMIN);
      for (const { id, children } of acknowledged) {
        const parent = await after<ParentDetails>('GET', `/api/parents/get-one/${id}`);
        expect(parent.status).toBe(200);
        expect(parent.body.data.students).toHaveLength(children);
      }
      // No family half-written: every parent in the database has both children its enrolment carried.
      const all = await after<Parent[]>('GET', '/api/parents/get-all?limit=100&search=crash');
      const counts: number[] = [];
      for (let page = 1; page <= all.body.pagination!.totalPages; page++) {
        const rows = await after<Parent[]>('GET', `/api/parents/get-all?limit=100&search=crash&page=${page}`);
        counts.push(...rows.body.data.map((row) => row.childrenCount));
      }
      expect(counts.every((n) => n === 2)).toBe(true);
      const seated = await after<AssignmentDetails>('GET', `/api/route-assignments/get-one/${assignment.id}`);
      expect(seated.body.data.students.length).toBeLessThanOrEqual(5);
    } finally {
      await second.stop('SIGTERM');
    }
  }, 120_000);
});
