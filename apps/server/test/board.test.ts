import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BoardTrip,
  LiveTripDetails,
  PositionInput,
  RidershipEventInput,
} from '@school-transport/shared';
import {
  alerts,
  notificationOutbox,
  notificationPreferences,
  parents,
  students,
  trips,
  tripStops,
} from '../src/db/schema/index.js';
import { createBoardService } from '../src/modules/operations/board/board-service.js';
import { createRoadDurations } from '../src/modules/operations/board/road-durations.js';
import { tokenFor } from './support/accounts.js';
import { lateCheckFor } from './support/late-check.js';
import { busWithTrips, type Bus } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * The dispatcher's board on a day with a trip running, trips to come and a trip done, everything the buses did
 * posted through the driver app: the board's figures, its order, a trip's timeline and the LATE alert.
 */
const time = manualClock(new Date('2026-03-02T06:40:00Z'));
let t: TestApp;
let admin: Api;
const at = (clock: string) => `2026-03-02T${clock}:00.000Z`;

// Stops due north of each other, 0.01° of latitude (1.1 km) apart.
const STOPS = [
  { lat: 12.9, lng: 77.6 },
  { lat: 12.91, lng: 77.6 },
  { lat: 12.92, lng: 77.6 },
];
const HALFWAY = { lat: 12.905, lng: 77.6 };

/** The trip's schedule as generation writes it: a planned start and its stops, each some minutes after it. */
async function plan(tripId: string, start: string, minutes: number[]) {
  const { db } = t.app.database;
  const startAt = new Date(at(start));
  await db.update(trips).set({ plannedStartAt: startAt }).where(eq(trips.id, tripId));
  await db.insert(tripStops).values(
    minutes.map((m, i) => ({
      tripId,
      position: i + 1,
      name: `Stop ${i + 1}`,
      ...STOPS[i]!,
      plannedAt: new Date(startAt.getTime() + m * 60_000),
    })),
  );
}

const fix = (
  bus: Bus,
  clock: string,
  place: { lat: number; lng: number },
  speed?: number,
): PositionInput => ({
  positionId: randomUUID(),
  tripId: bus.pickup,
  accuracy: 8,
  recordedAt: at(clock),
  ...place,
  ...(speed === undefined ? {} : { speed }),
});

const scan = (
  bus: Bus,
  kind: RidershipEventInput['kind'],
  clock: string,
  who: { studentId: string } | { tagId: string },
): RidershipEventInput => ({
  eventId: randomUUID(),
  tripId: bus.pickup,
  kind,
  method: 'TAP',
  occurredAt: at(clock),
  ...STOPS[0]!,
  ...who,
});

async function send(bus: Bus, url: '/api/driver/positions' | '/api/driver/events', body: object) {
  const answer = await bus.driverApi('POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

let early: Bus; // its morning run planned at 06:40, done
let running: Bus; // its morning run planned at 07:00, running
let later: Bus; // its morning run planned at 07:45
let tomorrow: Bus;

beforeAll(async () => {
  t = await createTestApp({
    clock: time.clock,
    env: { LOG_LEVEL: 'silent', TIME_ZONE: 'UTC', ALERT_LATE_MINUTES: '1' },
  });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));

  // 06:40: the early bus sets out, serves its two stops (three minutes late at the last) and finishes.
  early = await busWithTrips(t.app, admin, time.clock);
  await plan(early.pickup, '06:40', [5, 10]);
  // Sent at 07:00, as the run ends: fixes are taken only with times up to now (decision 051).
  time.advance(20 * 60_000);
  await send(early, '/api/driver/positions', {
    positions: [
      fix(early, '06:44', STOPS[0]!, 0),
      fix(early, '06:53', STOPS[1]!, 0),
      fix(early, '06:55', STOPS[2]!, 12),
    ],
  });
  expect((await early.driverApi('POST', `/api/driver/trips/${early.pickup}/finish`, {})).status).toBe(200);

  // 07:00: the running bus starts on time, takes 6 minutes for the 5 planned to stop 1 (a pace of 1.2).
  running = await busWithTrips(t.app, admin, time.clock);
  later = await busWithTrips(t.app, admin, time.clock, { start: [] });
  tomorrow = await busWithTrips(t.app, admin, time.clock, { date: '2026-03-03', start: [] });
  await plan(running.pickup, '07:00', [5, 10, 15]);
  await plan(later.pickup, '07:45', [5, 10]);
  time.advance(9 * 60_000);
  await send(running, '/api/driver/positions', {
    // Newest first, as an outbox catching up may send them; the fast fix at 07:05 is the bus driving up.
    positions: [
      fix(running, '07:09', HALFWAY, 8),
      fix(running, '07:07', STOPS[0]!),
      fix(running, '07:06', STOPS[0]!, 0.5),
      fix(running, '07:05', { lat: 12.8998, lng: 77.6 }, 9),
    ],
  });
  // On board: the first child, and a child of the early bus who got on the wrong bus. The second child left
  // again, the third did not show up, and an unknown card names nobody.
  await send(running, '/api/driver/events', {
    events: [
      scan(running, 'BOARD', '07:06', { studentId: running.kids[0]!.id }),
      scan(running, 'BOARD', '07:06', { studentId: running.kids[1]!.id }),
      scan(running, 'ALIGHT', '07:07', { studentId: running.kids[1]!.id }),
      scan(running, 'NO_SHOW', '07:06', { studentId: running.kids[2]!.id }),
      scan(running, 'BOARD', '07:06', { studentId: early.kids[0]!.id }),
      scan(running, 'BOARD', '07:06', { tagId: 'NO-SUCH-CARD' }),
    ],
  });
  return () => t.close();
});

const board = async (query = '') => {
  const answer = await admin('GET', `/api/live/board${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as BoardTrip[];
};

const openAlertsOf = async (tripId: string) =>
  (
    await t.app.database.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.tripId, tripId), isNull(alerts.acknowledgedAt)))
  ).length;

describe('the today board', () => {
  it("shows every trip of the operator's today, running first, then to come by planned start, then done", async () => {
    const trips = await board();
    const order = trips.map((trip) => `${trip.tripId}`);
    expect(trips).toHaveLength(6);
    expect(order[0]).toBe(running.pickup);
    expect(order[1]).toBe(later.pickup);
    // Trips without a schedule come after those with one, in any order among themselves.
    expect(new Set(order.slice(2, 5))).toEqual(new Set([running.drop, later.drop, early.drop]));
    expect(order[5]).toBe(early.pickup);
    expect(order).not.toContain(tomorrow.pickup);
    expect((await board('?date=2026-03-03')).map((trip) => trip.tripId).sort()).toEqual(
      [tomorrow.pickup, tomorrow.drop].sort(),
    );
  });

  it("counts a running trip's stops, riders, lateness, next stop with its estimate and last fix", async () => {
    const trip = (await board()).find((row) => row.tripId === running.pickup)!;
    expect(trip).toMatchObject({
      type: 'PICKUP',
      status: 'STARTED',
      date: '2026-03-02',
      vehicleId: running.vehicle.id,
      plannedStartAt: at('07:00'),
      startedAt: at('07:00'),
      completedAt: null,
      stopsDone: 1,
      stopsTotal: 3,
      onBoard: 2,
      // Halfway along a 5-minute leg at a pace of 1.2: 3 minutes from 07:09, 2 minutes after the plan.
      lateMinutes: 2,
      nextStop: {
        position: 2,
        name: 'Stop 2',
        plannedAt: at('07:10'),
        arrivedAt: null,
        departedAt: null,
        eta: at('07:12'),
      },
      lastFix: { ...HALFWAY, accuracy: 8, recordedAt: at('07:09') },
    });
    expect(trip.openAlerts).toBe(await openAlertsOf(running.pickup));
  });

  it('shows a trip to come at its first stop and a finished one by how late it ended', async () => {
    const trips = await board();
    expect(trips.find((row) => row.tripId === later.pickup)).toMatchObject({
      status: 'PENDING',
      plannedStartAt: at('07:45'),
      stopsDone: 0,
      stopsTotal: 2,
      onBoard: 0,
      lateMinutes: null,
      nextStop: { position: 1, plannedAt: at('07:50'), eta: null },
      lastFix: null,
      openAlerts: 0,
    });
    expect(trips.find((row) => row.tripId === early.pickup)).toMatchObject({
      status: 'COMPLETED',
      completedAt: at('07:00'),
      stopsDone: 2,
      stopsTotal: 2,
      lateMinutes: 3,
      nextStop: null,
      lastFix: { ...STOPS[2], recordedAt: at('06:55') },
    });
  });

  it("answers a trip's whole timeline with an estimate for every stop to come", async () => {
    const answer = await admin('GET', `/api/live/trips/${running.pickup}`);
    expect(answer.status).toBe(200);
    const { trip, stops } = answer.body.data as LiveTripDetails;
    expect(trip.tripId).toBe(running.pickup);
    expect(stops).toEqual([
      {
        position: 1,
        name: 'Stop 1',
        ...STOPS[0],
        plannedAt: at('07:05'),
        // The fix at 07:05 drove past at 9 m/s: the bus was there from 07:06 and left after 07:07.
        arrivedAt: at('07:06'),
        departedAt: at('07:07'),
        eta: null,
      },
      {
        position: 2,
        name: 'Stop 2',
        ...STOPS[1],
        plannedAt: at('07:10'),
        arrivedAt: null,
        departedAt: null,
        eta: at('07:12'),
      },
      // One more planned leg of 5 minutes at 1.2.
      {
        position: 3,
        name: 'Stop 3',
        ...STOPS[2],
        plannedAt: at('07:15'),
        arrivedAt: null,
        departedAt: null,
        eta: at('07:18'),
      },
    ]);
    const unknown = await admin('GET', `/api/live/trips/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, message: 'Trip not found.' });
  });

  it('refuses a date that is not one, and anyone but the office', async () => {
    expect((await admin('GET', '/api/live/board?date=2026-02-30')).status).toBe(400);
    const get = (url: string, authorization?: string) =>
      t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
    const parent = await tokenFor(t.app, 'parent');
    for (const url of ['/api/live/board', `/api/live/trips/${running.pickup}`]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await running.driverApi('GET', url)).status).toBe(403);
      expect((await get(url, parent)).statusCode).toBe(403);
    }
  });
});

describe('the LATE alert', () => {
  it('is raised once for a started trip beyond the setting, naming the route and run and no child', async () => {
    const { db } = t.app.database;
    const check = lateCheckFor(t, time.clock, t.config.alerts.lateMinutes);
    const before = await openAlertsOf(running.pickup);
    const raised = await check.run();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ kind: 'LATE', tripId: running.pickup, studentId: null });
    expect(raised[0]!.message).toMatch(/^The morning run of .+ is running 2 min late\.$/);
    for (const kid of running.kids) expect(raised[0]!.message).not.toContain(kid.name);
    // The next look, here or on another process, raises nothing new.
    expect(await check.run()).toEqual([]);
    const rows = await db
      .select()
      .from(alerts)
      .where(eq(alerts.cause, `LATE:${running.pickup}`));
    expect(rows).toHaveLength(1);
    const trip = (await board()).find((row) => row.tripId === running.pickup)!;
    expect(trip.openAlerts).toBe(before + 1);
  });

  it('leaves a trip within the setting alone', async () => {
    const { db } = t.app.database;
    const check = lateCheckFor(t, time.clock, 5);
    await db.delete(alerts).where(eq(alerts.cause, `LATE:${running.pickup}`));
    expect(await check.run()).toEqual([]);
  });
});

describe('driving times from a routing server', () => {
  it('estimates a trip without a plan from OSRM legs, asking once per pair, and from straight lines when it is down', async () => {
    const asked: string[] = [];
    const osrm = http.createServer((request, response) => {
      asked.push(request.url!);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ code: 'Ok', routes: [{ legs: [{ duration: 120 }, { duration: 90 }] }] }));
    });
    await new Promise<void>((resolve) => osrm.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(osrm.address() as AddressInfo).port}`;
    const unplanned = await busWithTrips(t.app, admin, time.clock);
    const { db } = t.app.database;
    await db.insert(tripStops).values(
      STOPS.map((place, i) => ({
        tripId: unplanned.pickup,
        position: i + 1,
        name: `Stop ${i + 1}`,
        ...place,
      })),
    );
    // The bus stands at the first stop at 07:09.
    await send(unplanned, '/api/driver/positions', { positions: [fix(unplanned, '07:09', STOPS[0]!, 0)] });
    const service = (roads: ReturnType<typeof createRoadDurations> | null) =>
      createBoardService({ db, clock: time.clock, timeZone: 'UTC', routing: t.config.routing, roads });
    const etas = async (board: ReturnType<typeof service>) =>
      (await board.trip(unplanned.pickup)).stops.map((stop) => stop.eta);

    const routed = service(createRoadDurations({ url, log: t.app.log }));
    // 30 s at the stop, then the server's 120 s; 30 s and 90 s more to the last stop.
    expect(await etas(routed)).toEqual([null, '2026-03-02T07:11:30.000Z', '2026-03-02T07:13:30.000Z']);
    expect(await etas(routed)).toEqual([null, '2026-03-02T07:11:30.000Z', '2026-03-02T07:13:30.000Z']);
    expect(asked).toEqual(['/route/v1/driving/77.6,12.9;77.6,12.91;77.6,12.92?overview=false&steps=false']);
    await new Promise((resolve) => osrm.close(resolve));

    // Down: 1,112 m of straight line × 1.3 at 30 km/h is 173 s, plus the 30 s at the stop.
    const unreachable = service(createRoadDurations({ url, log: t.app.log, timeoutMs: 500 }));
    const straight = await etas(service(null));
    expect(straight[1]).toBe('2026-03-02T07:12:23.000Z');
    expect(await etas(unreachable)).toEqual(straight);
  });

  it('reads a routing answer only up to its size limit, declared or streamed, and then falls back', async () => {
    const legs = JSON.stringify({ code: 'Ok', routes: [{ legs: [{ duration: 120 }] }] });
    const padded = `${legs.slice(0, -1)},"padding":"${'x'.repeat(2_000)}"}`;
    const osrm = http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      // One answer says its length; the other streams without one (chunked).
      if (request.url!.includes('12.93')) response.setHeader('content-length', Buffer.byteLength(padded));
      response.write(padded.slice(0, 1_000));
      response.end(padded.slice(1_000));
    });
    await new Promise<void>((resolve) => osrm.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(osrm.address() as AddressInfo).port}`;
    const warnings: unknown[] = [];
    const log = { warn: (fields: { err: Error }) => warnings.push(fields.err.message) } as never;
    const stops = (lat: number) => [
      { lat: 12.9, lng: 77.6 },
      { lat, lng: 77.6 },
    ];
    expect(await createRoadDurations({ url, log, maxAnswerBytes: 4_096 }).legsOf(stops(12.91))).toEqual([
      null,
      120_000,
    ]);
    expect(await createRoadDurations({ url, log, maxAnswerBytes: 1_024 }).legsOf(stops(12.92))).toBeNull();
    expect(await createRoadDurations({ url, log, maxAnswerBytes: 1_024 }).legsOf(stops(12.93))).toBeNull();
    expect(warnings).toEqual([
      "the routing server's answer is larger than 1024 bytes",
      "the routing server's answer is larger than 1024 bytes",
    ]);
    await new Promise((resolve) => osrm.close(resolve));
  });
});

describe('parents told of a late trip', () => {
  it('writes LATE for a child’s parent only once the trip is as late as that parent chose', async () => {
    const { db } = t.app.database;
    const check = (lateMinutes: number) => lateCheckFor(t, time.clock, lateMinutes);
    const [kid, other] = running.kids;
    const parentOf = async (studentId: string) =>
      (
        await db
          .select({ userId: parents.userId })
          .from(students)
          .innerJoin(parents, eq(parents.id, students.parentId))
          .where(eq(students.id, studentId))
      )[0]!.userId;
    const lateRows = (studentId: string) =>
      db
        .select()
        .from(notificationOutbox)
        .where(like(notificationOutbox.dedupKey, `LATE:${running.pickup}:${studentId}:%`));

    // The trip runs 2 min late: within the default choice (10 min), so nobody is told yet.
    await check(60).run();
    expect(await lateRows(kid!.id)).toHaveLength(0);
    // Their parent (one family: the bus's children are siblings) chose to hear of 1 minute: told once per child,
    // however often the check runs.
    await db.insert(notificationPreferences).values({ userId: await parentOf(kid!.id), lateMinutes: 1 });
    await check(60).run();
    await check(60).run();
    const told = await lateRows(kid!.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(`${kid!.name}’s bus is running late`);
    expect(told[0]!.body).toMatch(/^The morning run \(.+\) is about 2 min behind its plan\.$/);
    expect(await lateRows(other!.id)).toHaveLength(1);
  });
});
