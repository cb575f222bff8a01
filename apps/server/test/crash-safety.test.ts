import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AssignmentDetails, Pagination, Parent, ParentDetails } from '@school-transport/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess, type ServerProcess } from './support/server-process.js';
import { TEST_DB } from './support/test-app.js';

/**
 * Kills the server with SIGKILL in the middle of a burst of family enrolments and seat changes, restarts it on
 * the same data, and checks that the database opens, every acknowledged write is there, no family is
 * half-written and no bus holds more children than seats. Once per engine.
 */
const ADMIN = { email: 'crash-admin@example.com', password: 'crash test admin password' };
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (TEST_DB === 'postgres') {
    const name = `st_crash_${randomBytes(5).toString('hex')}`;
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'st-crash-')) };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    env = { DATABASE_URL: '', DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'st-crash-')) };
    cleanup = async () => {};
  }
  Object.assign(env, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' });
});
afterAll(async () => {
  await cleanup();
  await fs.rm(env.DATA_DIR!, { recursive: true, force: true });
});

async function client(server: ServerProcess) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  return async <T = { id: string }>(method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: answer.status, body: (await answer.json()) as { data: T; pagination: Pagination } };
  };
}

const family = (i: number) => ({
  name: `Crash Parent ${i}`,
  email: `crash${i}@example.com`,
  phone: '9845011111',
  alternativePhone: '9845022222',
  address: 'Street',
  state: 'Karnataka',
  pinCode: '560001',
  children: [1, 2].map((k) => ({
    name: `Crash Child ${i}-${k}`,
    class: '3',
    rollNo: String(k),
    pickupAndDropLat: 12.9,
    pickupAndDropLng: 77.6,
  })),
});

describe('crash safety', () => {
  it('keeps every acknowledged write and no half-written family after SIGKILL', async () => {
    const first = await startServerProcess(env);
    const api = await client(first);
    const driver = (
      await api('POST', '/api/drivers/create', {
        name: 'Crash Driver',
        email: 'crash-driver@example.com',
        phone: '9876543210',
        licenseNo: 'CRASH-1',
      })
    ).body.data;
    const vehicle = (
      await api('POST', '/api/vehicles/create', {
        licensePlate: 'CRASH1',
        model: 'M',
        type: 'Bus',
        color: 'Y',
        capacity: 5,
      })
    ).body.data;
    const route = (
      await api('POST', '/api/routes/create', {
        name: 'Crash Route',
        startLocation: 'A',
        endLocation: 'B',
        distanceKm: 4,
        durationMin: 15,
      })
    ).body.data;
    const assignment = (
      await api('POST', '/api/route-assignments/create', {
        driverId: driver.id,
        vehicleId: vehicle.id,
        routeId: route.id,
      })
    ).body.data;

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
    expect(await stopServerProcess(first, 'SIGKILL')).toBeNull();
    stop = true;
    await burst;
    expect(acknowledged.length).toBeGreaterThan(3);

    const second = await startServerProcess(env);
    try {
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      const after = await client(second);
      for (const { id, children } of acknowledged) {
        const parent = await after<ParentDetails>('GET', `/api/parents/get-one/${id}`);
        expect(parent.status).toBe(200);
        expect(parent.body.data.students).toHaveLength(children);
      }
      // No family half-written: every parent in the database has both children its enrolment carried.
      const all = await after<Parent[]>('GET', '/api/parents/get-all?limit=100&search=crash');
      const counts: number[] = [];
      for (let page = 1; page <= all.body.pagination.totalPages; page++) {
        const rows = await after<Parent[]>('GET', `/api/parents/get-all?limit=100&search=crash&page=${page}`);
        counts.push(...rows.body.data.map((row) => row.childrenCount));
      }
      expect(counts.every((n) => n === 2)).toBe(true);
      const seated = await after<AssignmentDetails>('GET', `/api/route-assignments/get-one/${assignment.id}`);
      expect(seated.body.data.students.length).toBeLessThanOrEqual(5);
    } finally {
      await stopServerProcess(second, 'SIGTERM');
    }
  }, 120_000);
});
