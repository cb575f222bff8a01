import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Records, recordsThrough, uniqueTag } from '@school-transport/testing';
import { trips } from '../src/db/schema/index.js';
import { zonedDate } from '../src/lib/zoned-time.js';
import { tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

const time = manualClock(new Date('2026-03-02T07:30:00'));
let t: TestApp;
let api: Api;
let make: Records;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock });
  api = apiAs(t.app, await tokenFor(t.app, 'admin'));
  make = recordsThrough(api);
});
afterAll(() => t.close());
/** The operator's day at the test clock's now (TIME_ZONE defaults to this machine's zone). */
const today = () => zonedDate(time.clock(), t.config.timeZone);

async function assignment(routeName: string) {
  const [driver, vehicle, route, kids] = await Promise.all([
    make.driver({ name: `Ravi ${uniqueTag()}` }),
    make.vehicle({ capacity: 30 }),
    make.busRoute({ name: `${routeName} ${uniqueTag()}` }),
    make.children(2),
  ]);
  const answer = await api('POST', '/api/route-assignments/create', {
    driverId: driver.id,
    vehicleId: vehicle.id,
    routeId: route.id,
    studentIds: kids.map((k: { id: string }) => k.id),
  });
  return { id: answer.body.data.id as string, driver, vehicle, route, kids };
}

describe('generating trips', () => {
  it('creates a pending pickup and drop per assignment, once', async () => {
    const a = await assignment('Generate Route');
    const b = await assignment('Second Route');
    const first = await api('POST', '/api/trips/generate', { date: '2026-03-03' });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ date: '2026-03-03', created: 4, existing: 0 });
    expect(first.body.message).toBe('4 trips generated for 3rd Mar 2026; 0 already existed.');
    const again = await api('POST', '/api/trips/generate', { date: '2026-03-03' });
    expect(again.body.data).toEqual({ date: '2026-03-03', created: 0, existing: 4 });

    const day = await api('GET', '/api/trips/get-all?dateFrom=2026-03-03&dateTo=2026-03-03&limit=100');
    expect(day.body.pagination.total).toBe(4);
    const mine = day.body.data.filter((trip: { assignmentId: string }) => trip.assignmentId === a.id);
    expect(mine.map((trip: { type: string }) => trip.type).sort()).toEqual(['DROP', 'PICKUP']);
    expect(mine[0]).toMatchObject({
      status: 'PENDING',
      date: '2026-03-03',
      route: { name: a.route.name },
      driver: { name: a.driver.user.name, licenseNo: a.driver.licenseNo, phone: a.driver.phone },
      vehicle: { licensePlate: a.vehicle.licensePlate },
      startedAt: null,
    });
    expect(b.id).toBeDefined();
  });

  it('refuses a date that is not a date', async () => {
    for (const date of ['03/03/2026', '2026-02-30', '', 20260303]) {
      expect((await api('POST', '/api/trips/generate', { date })).status).toBe(400);
    }
  });

  it('the database itself refuses a second trip of one assignment, day and type', async () => {
    const a = await assignment('Unique Route');
    await api('POST', '/api/trips/generate', { date: '2026-03-04' });
    const [existing] = await t.app.database.db
      .select()
      .from(trips)
      .where(eq(trips.assignmentId, a.id))
      .limit(1);
    const { id: _id, ...copy } = existing!;
    await expect(t.app.database.db.insert(trips).values(copy)).rejects.toThrow();
  });
});

describe('status moves', () => {
  async function pendingTrip() {
    const a = await assignment('Moves Route');
    await api('POST', '/api/trips/generate', { date: today() });
    const list = await api(
      'GET',
      `/api/trips/get-all?search=${encodeURIComponent(a.route.name)}&type=PICKUP`,
    );
    return list.body.data[0].id as string;
  }

  it('goes PENDING → STARTED → COMPLETED with server times and a history', async () => {
    const id = await pendingTrip();
    const started = await api('POST', `/api/trips/start/${id}`);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'STARTED', startedAt: time.clock().toISOString() });
    time.advance(40 * 60_000);
    const completed = await api('POST', `/api/trips/complete/${id}`);
    expect(completed.body.data).toMatchObject({
      status: 'COMPLETED',
      completedAt: time.clock().toISOString(),
    });
    const details = await api('GET', `/api/trips/get-one/${id}`);
    expect(details.body.data.history.map((e: { status: string }) => e.status)).toEqual([
      'PENDING',
      'STARTED',
      'COMPLETED',
    ]);
    expect(details.body.data.history[1].by).toMatch(/^admin-/);
    expect(details.body.data.students).toHaveLength(2);
  });

  it('cancels from PENDING or STARTED only', async () => {
    const pending = await pendingTrip();
    expect(
      (await api('POST', `/api/trips/cancel/${pending}`, { reason: 'Road closed' })).body.data.status,
    ).toBe('CANCELLED');
    const started = await pendingTrip();
    await api('POST', `/api/trips/start/${started}`);
    expect(
      (await api('POST', `/api/trips/cancel/${started}`, { reason: 'Road closed' })).body.data.status,
    ).toBe('CANCELLED');
  });

  it.each([
    [[], 'complete'],
    [['start'], 'start'],
    [['start', 'complete'], 'start'],
    [['start', 'complete'], 'complete'],
    [['start', 'complete'], 'cancel'],
    [['cancel'], 'start'],
    [['cancel'], 'complete'],
    [['cancel'], 'cancel'],
  ] as const)('after %o, %s answers 409', async (before, move) => {
    const id = await pendingTrip();
    const body = (step: string) => (step === 'cancel' ? { reason: 'Road closed' } : undefined);
    for (const step of before)
      expect((await api('POST', `/api/trips/${step}/${id}`, body(step))).status).toBe(200);
    const refused = await api('POST', `/api/trips/${move}/${id}`, body(move));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^This trip is [A-Z]+; it cannot be /);
  });

  it('answers 404 for an unknown trip and 400 for an unknown move', async () => {
    expect((await api('POST', '/api/trips/start/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api('POST', '/api/trips/fly/00000000-0000-4000-8000-000000000000')).status).toBe(400);
  });
});

describe('history survives edits and deletes', () => {
  it('keeps the snapshot after the assignment, driver and vehicle are gone', async () => {
    const a = await assignment('Snapshot Route');
    await api('POST', '/api/trips/generate', { date: '2026-03-05' });
    const before = await api('GET', `/api/trips/get-all?search=${encodeURIComponent(a.route.name)}`);
    const tripId = before.body.data[0].id;
    await api('DELETE', `/api/route-assignments/delete-route-assignment/${a.id}`);
    await api('DELETE', `/api/drivers/delete/${a.driver.id}`);
    await api('DELETE', `/api/vehicles/delete/${a.vehicle.id}`);
    await api('PUT', `/api/routes/update/${a.route.id}`, { ...a.route, name: 'Renamed Route' });
    const after = await api('GET', `/api/trips/get-one/${tripId}`);
    expect(after.body.data).toMatchObject({
      assignmentId: null,
      route: { name: a.route.name },
      driver: { licenseNo: a.driver.licenseNo },
      vehicle: { licensePlate: a.vehicle.licensePlate },
      students: [],
    });
  });
});

describe('trip list', () => {
  it('searches by route, driver licence and plate, and filters by status, type and dates', async () => {
    const a = await assignment('Filter Route');
    await api('POST', '/api/trips/generate', { date: '2026-04-01' });
    await api('POST', '/api/trips/generate', { date: '2026-04-02' });
    for (const search of [a.route.name, a.driver.licenseNo, a.vehicle.licensePlate.toLowerCase()]) {
      const found = await api(
        'GET',
        `/api/trips/get-all?search=${encodeURIComponent(search)}&dateFrom=2026-04-01&dateTo=2026-04-02`,
      );
      expect(found.body.pagination.total).toBe(4);
    }
    const drops = await api(
      'GET',
      `/api/trips/get-all?search=${encodeURIComponent(a.route.name)}&type=DROP&dateFrom=2026-04-02`,
    );
    expect(drops.body.data.map((trip: { type: string; date: string }) => [trip.type, trip.date])).toEqual([
      ['DROP', '2026-04-02'],
    ]);
    const pendingOnly = await api(
      'GET',
      `/api/trips/get-all?search=${encodeURIComponent(a.route.name)}&status=COMPLETED`,
    );
    expect(pendingOnly.body.data).toEqual([]);
    expect((await api('GET', '/api/trips/get-all?status=DONE')).status).toBe(400);
  });

  it('lists today’s trips first, then the coming ones nearest first, then past ones most recent first', async () => {
    const a = await assignment('Order Route');
    await api('PUT', `/api/routes/${a.route.id}/runs/PICKUP`, { startTime: '07:15', stops: [] });
    await api('PUT', `/api/routes/${a.route.id}/runs/DROP`, { startTime: '15:10', stops: [] });
    const day = (offset: number) => {
      const date = new Date(`${today()}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() + offset);
      return date.toISOString().slice(0, 10);
    };
    const [yesterday, tomorrow, nextWeek] = [day(-1), day(1), day(7)];
    // Generated in an order that is none of the expected ones, so neither creation time nor id can pass for it.
    for (const date of [tomorrow, yesterday, nextWeek, today()]) {
      expect((await api('POST', '/api/trips/generate', { date })).status).toBe(200);
    }
    const search = `search=${encodeURIComponent(a.route.name)}`;
    const listed = await api('GET', `/api/trips/get-all?${search}&limit=100`);
    const rows = listed.body.data as { id: string; date: string; type: string }[];
    // Within a day by the planned start: the morning pickup, then the afternoon drop; a past day reads backwards
    // like the past as a whole, the latest trip first.
    expect(rows.map((trip) => [trip.date, trip.type])).toEqual([
      [today(), 'PICKUP'],
      [today(), 'DROP'],
      [tomorrow, 'PICKUP'],
      [tomorrow, 'DROP'],
      [nextWeek, 'PICKUP'],
      [nextWeek, 'DROP'],
      [yesterday, 'DROP'],
      [yesterday, 'PICKUP'],
    ]);

    // Page by page the order is the same, with no trip twice or left out (each branch is cut at the page's end).
    const paged = [];
    for (let page = 1; page <= 3; page += 1) {
      const answer = await api('GET', `/api/trips/get-all?${search}&limit=3&page=${page}`);
      paged.push(...answer.body.data.map((trip: { id: string }) => trip.id));
    }
    expect(paged).toEqual(rows.map((trip) => trip.id));
  });

  it("lists one assignment's trips (a vehicle's or route's page), found by the vehicle's or the route's id", async () => {
    const [a, b] = [await assignment('Own Trips'), await assignment('Other Trips')];
    await api('POST', '/api/trips/generate', { date: '2026-04-10' });
    await api('POST', '/api/trips/generate', { date: '2026-02-20' });
    const own = await api('GET', `/api/trips/get-all?assignmentId=${a.id}`);
    expect(own.body.pagination).toMatchObject({ total: 4, moreThanTotal: false });
    // The coming day first, then the past one; each trip is the assignment's.
    expect(
      own.body.data.map((trip: { assignmentId: string; date: string; route: { name: string } }) => [
        trip.assignmentId,
        trip.date,
        trip.route.name,
      ]),
    ).toEqual([
      [a.id, '2026-04-10', a.route.name],
      [a.id, '2026-04-10', a.route.name],
      [a.id, '2026-02-20', a.route.name],
      [a.id, '2026-02-20', a.route.name],
    ]);
    expect((await api('GET', '/api/trips/get-all?assignmentId=nope')).status).toBe(400);

    for (const filter of [`vehicleId=${a.vehicle.id}`, `routeId=${a.route.id}`]) {
      const found = await api('GET', `/api/route-assignments/get-all?${filter}`);
      expect(found.body.data.map((row: { id: string }) => row.id)).toEqual([a.id]);
      expect(found.body.data[0]).toMatchObject({
        driver: { id: a.driver.id },
        vehicle: { id: a.vehicle.id },
        route: { id: a.route.id },
        totalStudents: 2,
      });
    }
    const crossed = await api(
      'GET',
      `/api/route-assignments/get-all?vehicleId=${a.vehicle.id}&routeId=${b.route.id}`,
    );
    expect(crossed.body.data).toEqual([]);
    expect((await api('GET', '/api/route-assignments/get-all?routeId=7')).status).toBe(400);
  });

  it.each(['driver', 'parent'] as const)('is refused to a %s', async (role) => {
    const as = apiAs(t.app, await tokenFor(t.app, role));
    expect((await as('GET', '/api/trips/get-all')).status).toBe(403);
    expect((await as('POST', '/api/trips/generate', { date: '2026-03-03' })).status).toBe(403);
  });
});

describe('dashboard', () => {
  it('sums up the counts, seats and today’s trips in one call', async () => {
    const fresh = await createTestApp({ clock: time.clock });
    try {
      const freshApi = apiAs(fresh.app, await tokenFor(fresh.app, 'admin'));
      const build = recordsThrough(freshApi);
      const [driver, vehicle, route, kids] = await Promise.all([
        build.driver(),
        build.vehicle({ capacity: 30 }),
        build.busRoute(),
        build.children(3),
      ]);
      await build.vehicle({ capacity: 20 });
      await freshApi('POST', '/api/route-assignments/create', {
        driverId: driver.id,
        vehicleId: vehicle.id,
        routeId: route.id,
        studentIds: [kids[0]!.id, kids[1]!.id],
      });
      await freshApi('POST', '/api/trips/generate', { date: today() });
      const pickup = (await freshApi('GET', '/api/trips/get-all?type=PICKUP')).body.data[0].id;
      await freshApi('POST', `/api/trips/start/${pickup}`);

      const answer = await freshApi('GET', '/api/dashboard/summary');
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        counts: { drivers: 1, parents: 1, students: 3, vehicles: 2, routes: 1, assignments: 1 },
        unassignedStudents: 1,
        seats: { used: 2, inAssignedVehicles: 30, fleet: 50 },
        todaysTrips: { date: today(), PENDING: 1, STARTED: 1, COMPLETED: 0, CANCELLED: 0 },
      });
      const unassigned = await freshApi('GET', '/api/students/get-all?unassigned=true');
      expect(unassigned.body.data.map((s: { id: string }) => s.id)).toEqual([kids[2]!.id]);
      expect(
        (await apiAs(fresh.app, await tokenFor(fresh.app, 'driver'))('GET', '/api/dashboard/summary')).status,
      ).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});
