import type { AssignmentDetails, Parent, ParentDetails } from '@school-transport/shared';
import { familyPayload, recordsThrough, startServer, uniqueTag } from '@school-transport/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir, OPS_ADMIN } from './support/data-dir-process.js';

/**
 * Kills the server with SIGKILL in the middle of a burst of family enrolments and seat changes, restarts it on
 * the same data, and checks that the database opens, every acknowledged write is there, no family is
 * half-written and no bus holds more children than seats. Once per engine.
 */
/** Enrolments acknowledged before the kill: enough that the burst is well under way, whatever the machine's speed. */
const ACKNOWLEDGED_BEFORE_KILL = 8;
let env: Record<string, string>;
let remove: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // A migrated database: this test is about a crash, not a first start.
  const folder = await migratedDataDir('crash');
  remove = folder.remove;
  env = { ...folder.env, TRUST_PROXY: '1' };
});
afterAll(() => remove?.());

/** A family of two children, found by a search for "crash". */
const family = (i: number) => ({ ...familyPayload(uniqueTag(), 2), name: `Crash Parent ${i}` });

describe('crash safety', () => {
  it('keeps every acknowledged write and no half-written family after SIGKILL', async () => {
    const first = await startServer({ env });
    const api = await first.apiAs(OPS_ADMIN);
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
    // Killed in the middle of the burst: once some enrolments are in, with more in flight.
    let killed: number | null | undefined;
    try {
      await expect
        .poll(() => acknowledged.length, { timeout: 60_000, interval: 20 })
        .toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    } finally {
      // Killed whether or not the enrolments came: a failed wait must not leave the server and the burst running.
      killed = await first.stop('SIGKILL');
      stop = true;
      await burst;
    }
    expect(killed).toBeNull();

    const second = await startServer({ env });
    try {
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      const after = await second.apiAs(OPS_ADMIN);
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
