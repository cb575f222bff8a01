import { Writable } from 'node:stream';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { recordsThrough, uniqueTag } from '@school-transport/testing';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { dailyJobRuns, routeRuns, routeStops, stops, tripStops, trips } from '../src/db/schema/index.js';
import { addDays, zonedClockTime, zonedDate, zonedInstant } from '../src/lib/zoned-time.js';
import { tripsAheadJob } from '../src/modules/operations/calendar/trips-ahead-job.js';
import { createTripService } from '../src/modules/operations/trips/trip-service.js';
import { createComplianceService } from '../src/modules/operations/compliance/compliance-service.js';
import { createLiveLog } from '../src/modules/operations/live/live-log.js';
import { runDailyJob } from '../src/modules/platform/jobs/job-claims.js';
import { tokenFor } from './support/accounts.js';
import { adminTestApp, apiAs, type Api } from './support/requests.js';
import { manualClock, newPostgresDatabase, TEST_DB } from './support/test-app.js';

const ZONE = 'Europe/London';
// Wednesday 25 March 2026, 08:00 in London; the clocks go forward on Sunday the 29th at 01:00 UTC.
const time = manualClock(new Date('2026-03-25T08:00:00Z'));
const TODAY = '2026-03-25';
const { t, api } = adminTestApp({ clock: time.clock, env: { TIME_ZONE: ZONE, DAILY_JOBS: 'on' } });
const db = () => t.app.database.db;

describe('wall-clock times in the operator’s zone', () => {
  it('reads a time of day with the offset of that day, across daylight-saving changes', () => {
    const at = (date: string, clock: string, zone = ZONE) => zonedInstant(date, clock, zone).toISOString();
    expect(at('2026-03-28', '07:30')).toBe('2026-03-28T07:30:00.000Z'); // GMT
    expect(at('2026-03-29', '07:30')).toBe('2026-03-29T06:30:00.000Z'); // the change day, BST
    expect(at('2026-10-25', '07:30')).toBe('2026-10-25T07:30:00.000Z'); // back to GMT
    // 01:30 does not exist on 29 March in London: read with the offset from before, i.e. 02:30 BST.
    expect(at('2026-03-29', '01:30')).toBe('2026-03-29T01:30:00.000Z');
    // 01:30 happens twice on 25 October: the first one (BST).
    expect(at('2026-10-25', '01:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-03-08', '07:30', 'America/New_York')).toBe('2026-03-08T11:30:00.000Z');
    expect(at('2026-03-07', '07:30', 'America/New_York')).toBe('2026-03-07T12:30:00.000Z');
    expect(at('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-07-01', '07:30', 'Asia/Kolkata')).toBe('2026-07-01T02:00:00.000Z');
  });

  it('says which day it is in the zone, which may not be the UTC day', () => {
    expect(zonedDate(new Date('2026-03-25T23:30:00Z'), ZONE)).toBe('2026-03-25');
    expect(zonedDate(new Date('2026-06-25T23:30:00Z'), ZONE)).toBe('2026-06-26');
    expect(zonedDate(new Date('2026-06-25T23:30:00Z'), 'America/New_York')).toBe('2026-06-25');
    expect(zonedClockTime(new Date('2026-03-29T06:30:00Z'), ZONE)).toBe('07:30');
    expect(zonedClockTime(new Date('2026-06-25T23:05:00Z'), 'America/New_York')).toBe('19:05');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('refuses a TIME_ZONE that is not one, naming the variable', () => {
    expect(() => loadConfig({ TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'Invalid configuration: TIME_ZONE must be an IANA time zone name such as Europe/London.',
    );
    expect(loadConfig({ TIME_ZONE: 'America/New_York' }).timeZone).toBe('America/New_York');
    expect(loadConfig({}).timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

/** An assignment whose route has a morning run (07:30: Mill Lane +0, Oak Road +12) and an afternoon one. */
async function scheduledAssignment(name = `Scheduled ${uniqueTag()}`) {
  const make = recordsThrough(api);
  const [driver, vehicle, route, kids] = await Promise.all([
    make.driver(),
    make.vehicle({ capacity: 30 }),
    make.busRoute({ name }),
    make.children(2),
  ]);
  const assignment = await make.assignment(
    { driverId: driver.id, vehicleId: vehicle.id, routeId: route.id },
    kids.map((kid) => kid.id),
  );
  const [mill, oak] = await db()
    .insert(stops)
    .values([
      { name: `Mill Lane ${uniqueTag()}`, lat: 51.5, lng: -0.12 },
      { name: `Oak Road ${uniqueTag()}`, lat: 51.51, lng: -0.13 },
    ])
    .returning();
  await db()
    .insert(routeRuns)
    .values([
      { routeId: route.id, run: 'PICKUP', startTime: '07:30' },
      { routeId: route.id, run: 'DROP', startTime: '15:15' },
    ]);
  await db()
    .insert(routeStops)
    .values([
      { routeId: route.id, run: 'PICKUP', position: 0, stopId: mill!.id, minutesAfterStart: 0 },
      { routeId: route.id, run: 'PICKUP', position: 1, stopId: oak!.id, minutesAfterStart: 12 },
      { routeId: route.id, run: 'DROP', position: 0, stopId: oak!.id, minutesAfterStart: 0 },
      { routeId: route.id, run: 'DROP', position: 1, stopId: mill!.id, minutesAfterStart: 20 },
    ]);
  return { assignmentId: assignment.id, route, mill: mill!, oak: oak! };
}

const tripOf = async (assignmentId: string, date: string, type: 'PICKUP' | 'DROP') => {
  const [row] = await db()
    .select()
    .from(trips)
    .where(and(eq(trips.assignmentId, assignmentId), eq(trips.tripDate, date), eq(trips.type, type)));
  return row;
};
const stopsOf = (tripId: string) =>
  db()
    .select({ name: tripStops.name, lat: tripStops.lat, plannedAt: tripStops.plannedAt })
    .from(tripStops)
    .where(eq(tripStops.tripId, tripId))
    .orderBy(asc(tripStops.position));
const iso = (value: string) => new Date(value);

describe('generating a chosen day', () => {
  it('gives each trip its run’s start on that day and a copy of its stops, on both sides of the clock change', async () => {
    const { assignmentId, mill, oak } = await scheduledAssignment();
    for (const date of ['2026-03-28', '2026-03-29'])
      expect((await api('POST', '/api/trips/generate', { date })).status).toBe(200);

    const saturday = (await tripOf(assignmentId, '2026-03-28', 'PICKUP'))!;
    expect(saturday.plannedStartAt).toEqual(iso('2026-03-28T07:30:00Z'));
    expect(await stopsOf(saturday.id)).toEqual([
      { name: mill.name, lat: 51.5, plannedAt: iso('2026-03-28T07:30:00Z') },
      { name: oak.name, lat: 51.51, plannedAt: iso('2026-03-28T07:42:00Z') },
    ]);
    const changeDay = (await tripOf(assignmentId, '2026-03-29', 'PICKUP'))!;
    expect(changeDay.plannedStartAt).toEqual(iso('2026-03-29T06:30:00Z'));
    expect(await stopsOf(changeDay.id)).toEqual([
      { name: mill.name, lat: 51.5, plannedAt: iso('2026-03-29T06:30:00Z') },
      { name: oak.name, lat: 51.51, plannedAt: iso('2026-03-29T06:42:00Z') },
    ]);
    const afternoon = (await tripOf(assignmentId, '2026-03-29', 'DROP'))!;
    expect((await stopsOf(afternoon.id)).map((stop) => [stop.name, stop.plannedAt])).toEqual([
      [oak.name, iso('2026-03-29T14:15:00Z')],
      [mill.name, iso('2026-03-29T14:35:00Z')],
    ]);

    const listed = await api('GET', `/api/trips/get-one/${changeDay.id}`);
    expect(listed.body.data.plannedStartAt).toBe('2026-03-29T06:30:00.000Z');
  });

  it('is idempotent: a second run makes no trip and no stop', async () => {
    const { assignmentId } = await scheduledAssignment();
    await api('POST', '/api/trips/generate', { date: '2026-04-02' });
    const countOf = async () => {
      const ids = (
        await db().select({ id: trips.id }).from(trips).where(eq(trips.assignmentId, assignmentId))
      ).map((row) => row.id);
      const [stopCount] = await db()
        .select({ n: count() })
        .from(tripStops)
        .where(inArray(tripStops.tripId, ids));
      return { trips: ids.length, stops: stopCount!.n };
    };
    const before = await countOf();
    expect(before).toEqual({ trips: 2, stops: 4 });
    const again = await api('POST', '/api/trips/generate', { date: '2026-04-02' });
    expect(again.body.data.created).toBe(0);
    expect(await countOf()).toEqual(before);
  });

  it('never rewrites existing trips when the route’s schedule or stops change afterwards', async () => {
    const { assignmentId, route, mill, oak } = await scheduledAssignment();
    await api('POST', '/api/trips/generate', { date: '2026-04-07' });
    const trip = (await tripOf(assignmentId, '2026-04-07', 'PICKUP'))!;
    const copied = await stopsOf(trip.id);

    await db().update(stops).set({ name: 'Renamed Stop', lat: 52 }).where(eq(stops.id, mill.id));
    await db()
      .update(routeRuns)
      .set({ startTime: '08:00' })
      .where(and(eq(routeRuns.routeId, route.id), eq(routeRuns.run, 'PICKUP')));
    await db()
      .delete(routeStops)
      .where(
        and(eq(routeStops.routeId, route.id), eq(routeStops.stopId, oak.id), eq(routeStops.run, 'PICKUP')),
      );

    expect(await stopsOf(trip.id)).toEqual(copied);
    expect((await tripOf(assignmentId, '2026-04-07', 'PICKUP'))!.plannedStartAt).toEqual(trip.plannedStartAt);
    // A day generated afterwards follows the edited route.
    await api('POST', '/api/trips/generate', { date: '2026-04-08' });
    const later = (await tripOf(assignmentId, '2026-04-08', 'PICKUP'))!;
    expect(later.plannedStartAt).toEqual(iso('2026-04-08T07:00:00Z'));
    expect(await stopsOf(later.id)).toEqual([
      { name: 'Renamed Stop', lat: 52, plannedAt: iso('2026-04-08T07:00:00Z') },
    ]);
  });

  it('leaves the start empty and copies no stop for a route with no schedule (it works as before)', async () => {
    const make = recordsThrough(api);
    const [driver, vehicle, route] = await Promise.all([make.driver(), make.vehicle(), make.busRoute()]);
    const { id } = await make.assignment({ driverId: driver.id, vehicleId: vehicle.id, routeId: route.id });
    await api('POST', '/api/trips/generate', { date: '2026-04-09' });
    const trip = (await tripOf(id, '2026-04-09', 'PICKUP'))!;
    expect(trip.plannedStartAt).toBeNull();
    expect(await stopsOf(trip.id)).toEqual([]);
  });
});

describe('the trips list', () => {
  it('puts today’s trips first by time of day, then upcoming ones soonest first, then past ones newest first', async () => {
    const name = `Sorted ${uniqueTag()}`;
    await scheduledAssignment(name);
    for (const date of ['2026-03-23', '2026-03-24', TODAY, '2026-03-26', '2026-03-27'])
      await api('POST', '/api/trips/generate', { date });
    const url = (page: number, limit: number) =>
      `/api/trips/get-all?search=${encodeURIComponent(name)}&page=${page}&limit=${limit}`;
    const all = (await api('GET', url(1, 100))).body.data as { date: string; type: string }[];
    expect(all.map((trip) => `${trip.date} ${trip.type}`)).toEqual([
      `${TODAY} PICKUP`,
      `${TODAY} DROP`,
      '2026-03-26 PICKUP',
      '2026-03-26 DROP',
      '2026-03-27 PICKUP',
      '2026-03-27 DROP',
      '2026-03-24 DROP',
      '2026-03-24 PICKUP',
      '2026-03-23 DROP',
      '2026-03-23 PICKUP',
    ]);
    // Pages cut the same order wherever they fall.
    for (const page of [1, 2, 3, 4]) {
      const answer = (await api('GET', url(page, 3))).body;
      expect(answer.data).toEqual(all.slice((page - 1) * 3, page * 3));
      expect(answer.pagination.total).toBe(10);
    }
  });
});

describe('the daily job', () => {
  const timeZone = ZONE;
  const jobFor = (database: Database, aheadDays = 7) => ({
    name: 'trips-ahead',
    ...tripsAheadJob(
      createTripService({
        db: database,
        clock: time.clock,
        timeZone,
        studentsOf: async () => [],
        // No combines in these tests: nobody rides another run.
        ridingOn: async () => new Map(),
        live: createLiveLog(() => {}),
        notifications: { wake: () => {} },
        compliance: createComplianceService({ db: database, clock: time.clock, timeZone }),
      }),
      aheadDays,
    ),
  });

  it('ran once when the server became ready, and logged how many trips it made', async () => {
    await vi.waitFor(async () => {
      const runs = await db().select().from(dailyJobRuns).where(eq(dailyJobRuns.job, 'trips-ahead'));
      expect(runs).toEqual([
        expect.objectContaining({ job: 'trips-ahead', day: TODAY, finishedAt: expect.any(Date) }),
      ]);
    });
    expect(
      t.logs.some((line) => line.includes('daily job trips-ahead: 0 trips made for 6 school days')),
    ).toBe(true);
  });

  it('makes the trips of every school day ahead, with their stops, once per day', async () => {
    const { assignmentId } = await scheduledAssignment();
    // Thursday 2 April a holiday, Sunday 29 March (the clock change) a make-up school day.
    await api('PUT', '/api/calendar/2026-04-02', { kind: 'HOLIDAY' });
    await api('PUT', '/api/calendar/2026-03-29', { kind: 'SCHOOL_DAY' });
    const day = '2026-03-26';
    const report = await runDailyJob(db(), jobFor(db()), day, time.clock);
    expect(report?.figures).toMatchObject({ schoolDays: 6, from: day, to: '2026-04-02' });
    const dates = await db()
      .selectDistinct({ date: trips.tripDate })
      .from(trips)
      .where(and(eq(trips.assignmentId, assignmentId), eq(trips.type, 'PICKUP')))
      .orderBy(asc(trips.tripDate));
    expect(dates.map((row) => row.date)).toEqual([
      '2026-03-26',
      '2026-03-27',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
    ]);
    const sunday = (await tripOf(assignmentId, '2026-03-29', 'PICKUP'))!;
    expect(sunday.plannedStartAt).toEqual(iso('2026-03-29T06:30:00Z'));
    expect(await stopsOf(sunday.id)).toHaveLength(2);

    // The same day again does nothing, even from a job that has not seen it run.
    expect(await runDailyJob(db(), jobFor(db()), day, time.clock)).toBeNull();
    const runs = await db().select().from(dailyJobRuns).where(eq(dailyJobRuns.day, day));
    expect(runs).toHaveLength(1);
  });

  it.skipIf(TEST_DB !== 'postgres')(
    'runs once a day across two API processes on one PostgreSQL database (PostgreSQL only: a PGlite database belongs to one process)',
    { timeout: 180_000 },
    async () => {
      const { url, drop } = await newPostgresDatabase('st_test', { migrated: true });
      const lines: string[] = [];
      const logStream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const configFor = (jobs: 'on' | 'off'): AppConfig => ({
        ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', TIME_ZONE: ZONE, DAILY_JOBS: jobs }),
        database: { kind: 'postgres', url },
        webDistDir: null,
      });
      // A third app, with no job, migrates the database and enters the routes before the two start.
      const office = await buildApp(configFor('off'), { clock: time.clock, logStream });
      try {
        const officeApi: Api = apiAs(office, await tokenFor(office, 'admin'));
        const make = recordsThrough(officeApi);
        for (let i = 0; i < 3; i++) {
          const [driver, vehicle, route] = await Promise.all([
            make.driver(),
            make.vehicle(),
            make.busRoute(),
          ]);
          await make.assignment({ driverId: driver.id, vehicleId: vehicle.id, routeId: route.id });
        }
        const first = await buildApp(configFor('on'), { clock: time.clock, logStream });
        const second = await buildApp(configFor('on'), { clock: time.clock, logStream });
        // Both start their job at once; closing waits for a run under way.
        await Promise.all([first.ready(), second.ready()]);
        await Promise.all([first.close(), second.close()]);

        const runs = await office.database.db
          .select()
          .from(dailyJobRuns)
          .where(eq(dailyJobRuns.job, 'trips-ahead'));
        expect(runs).toEqual([
          expect.objectContaining({ job: 'trips-ahead', day: TODAY, finishedAt: expect.any(Date) }),
        ]);
        // 3 assignments × 2 runs × 6 school days (25 March to 1 April), each once.
        const [made] = await office.database.db.select({ n: count() }).from(trips);
        expect(made!.n).toBe(36);
        const made36 = lines.filter((line) => line.includes('daily job trips-ahead: 36 trips made'));
        expect(made36).toHaveLength(1);
        expect(lines.filter((line) => line.includes('daily job trips-ahead failed'))).toEqual([]);
      } finally {
        await office.close();
        await drop();
      }
    },
  );
});

// Last, since it moves the clock: London's late evening in summer is already tomorrow in UTC.
describe('today in the operator’s zone', () => {
  it('is the zone’s date for the dashboard', async () => {
    time.advance(new Date('2026-06-25T22:30:00Z').getTime() - time.clock().getTime());
    // Three months on, the file's session has expired: sign in again.
    const admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
    const summary = await admin('GET', '/api/dashboard/summary');
    expect(summary.body.data.todaysTrips.date).toBe('2026-06-25');
    time.advance(60 * 60_000);
    const later = await admin('GET', '/api/dashboard/summary');
    expect(later.body.data.todaysTrips.date).toBe('2026-06-26');
  });
});
