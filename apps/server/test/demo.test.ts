import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHOOLS, type CalendarDate, type Manifest, type Trip } from '@school-transport/shared';
import {
  DEMO_ACCOUNTS,
  fillDemoOperator,
  type DemoSummary,
} from '../src/modules/platform/demo/demo-operator.js';
import { hasDemoOperator } from '../src/modules/platform/demo/demo-queries.js';
import { createAdmin } from '../src/modules/platform/users/first-admin.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * `npm run demo` fills its folder through the product's own API: this runs the same filler against a fresh database,
 * so a change to any route it uses that breaks the demo fails here rather than on someone's first try.
 */
describe('the demo operator', () => {
  // Monday 2 March 2026, 08:30 in Bengaluru: a school morning.
  const { clock } = manualClock(new Date('2026-03-02T03:00:00Z'));
  let t: TestApp;
  let summary: DemoSummary;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { TIME_ZONE: 'Asia/Kolkata' } });
    const { db } = t.app.database;
    // What the demo server's start does first (scripts/run-server.mjs sets ADMIN_* to the demo's administrator).
    await createAdmin(db, { ...DEMO_ACCOUNTS.admin }, 'user.first_admin_created');
    expect(await hasDemoOperator(db, 'driver1@demo.example.com')).toBe(false);
    summary = await fillDemoOperator(t.app, db, clock, t.config.timeZone);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
    });
    token = (login.json() as { token: string }).token;
  }, 300_000);
  afterAll(() => t?.close());

  const get = async <T>(url: string) => {
    const answer = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { data: T }).data;
  };

  it('holds three routes of timed stops, families at them and a week of trips', async () => {
    expect(summary).toEqual({
      driverEmail: 'driver1@demo.example.com',
      sharedChild: expect.any(String),
      routes: 3,
      stops: 15,
      children: 45,
      // Monday to Friday, a pickup and a drop for each of the three routes.
      trips: 30,
      events: 5,
    });
    expect(await hasDemoOperator(t.app.database.db, 'driver1@demo.example.com')).toBe(true);
    // The schools the routes end at are on the Schools screen too.
    const schools = await get<{ name: string }[]>('/api/schools/get-all?limit=10');
    expect(schools.map((school) => school.name).sort()).toEqual(SCHOOLS.slice(0, 3).sort());
    const week = await get<CalendarDate[]>('/api/calendar?from=2026-03-02&to=2026-03-09');
    expect(week.filter((day) => day.schoolDay).map((day) => day.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    expect(week.at(-1)?.entry?.kind).toBe('HOLIDAY');
  });

  it('shows families too: two guardians of one child (one in Spanish), an adult, a message, an open question', async () => {
    const [first, second] = DEMO_ACCOUNTS.guardians;
    for (const email of [first, second]) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_ACCOUNTS.guardianPassword },
      });
      expect(login.statusCode, login.body).toBe(200);
      if (email === second) expect(login.json()).toMatchObject({ user: { language: 'es' } });
    }
    const children = await get<{ id: string; name: string }[]>(
      '/api/students/get-all?search=' + encodeURIComponent(summary.sharedChild),
    );
    const child = children.find((row) => row.name === summary.sharedChild)!;
    const guardians = await get<{ email: string }[]>(`/api/students/${child.id}/guardians`);
    expect(guardians.map((guardian) => guardian.email).sort()).toEqual([second, first].sort());
    expect(await get<{ adults: unknown[] }>(`/api/students/${child.id}/authorized-adults`)).toMatchObject({
      adults: [{ name: 'Meena Iyer' }],
    });
    expect(await get<unknown[]>('/api/family-messages/get-all')).toHaveLength(1);
    expect(await get<unknown[]>('/api/family-inbox?filter=open')).toHaveLength(1);
  });

  it("shows this morning's first run under way: five children on the bus, one marked not riding", async () => {
    const trips = await get<Trip[]>('/api/trips/get-all?status=STARTED&limit=50');
    expect(trips).toHaveLength(1);
    const [trip] = trips;
    expect(trip).toMatchObject({ type: 'PICKUP', date: '2026-03-02' });
    const manifest = await get<Manifest>(`/api/trips/${trip!.id}/manifest`);
    expect(manifest.stops).toHaveLength(5);
    expect(manifest.stops[0]!.plannedAt).toBe('2026-03-02T01:40:00.000Z'); // 07:10 in Bengaluru
    // The first stop served and left, the second reached: the timeline comes from the scans and positions.
    expect(manifest.stops[0]).toMatchObject({
      arrivedAt: expect.any(String),
      departedAt: expect.any(String),
    });
    expect(manifest.stops[1]).toMatchObject({
      arrivedAt: expect.any(String),
      departedAt: expect.any(String),
    });
    expect(manifest.stops[2]).toMatchObject({ arrivedAt: null, departedAt: null });
    expect(manifest.riders.filter((rider) => rider.state === 'ON_BUS')).toHaveLength(5);
    expect(manifest.riders.filter((rider) => rider.absent)).toHaveLength(1);
    expect(manifest.events.map((event) => event.flag)).toEqual([null, null, null, null, null]);
  });
});
