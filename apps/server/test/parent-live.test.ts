import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARENT_BUS_STOPS_BEFORE } from '@school-transport/shared';
import {
  familyPayload,
  openEventStream,
  recordsThrough,
  uniqueTag,
  type EventStream,
  type StreamEvent,
} from '@school-transport/testing';
import { routeRuns, routeStops, stops, studentStops, trips } from '../src/db/schema/index.js';
import { createSession } from '../src/modules/platform/auth/sessions.js';
import { tokenFor } from './support/accounts.js';
import { familyOnBus, MILL, SCHOOL, type FamilyOnBus } from './support/parent-families.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * A parent's live stream (GET /api/live), filtered on the server: their own children's ridership, the status of
 * trips carrying them, and `bus` events (no speed, heading or vehicle) only while the trip carries their child.
 * Another family's bus runs at the same time, and nothing of it may reach the parent.
 */
const TODAY = '2026-03-02';
const DAY_AFTER_TOMORROW = '2026-03-04';
const time = manualClock(new Date(`${TODAY}T07:20:00Z`));
const tick = () => time.advance(60_000);

let t: TestApp;
let base: string;
let admin: Api;
let adminToken: string;
let ours: FamilyOnBus;
let theirs: FamilyOnBus;
const streams: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { LOG_LEVEL: 'silent', TIME_ZONE: 'Europe/London' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  adminToken = await tokenFor(t.app, 'admin');
  admin = apiAs(t.app, adminToken);
  ours = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
  theirs = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t?.close();
});

async function open(token: string) {
  const stream = await openEventStream(`${base}/api/live`, { authorization: token });
  streams.push(stream);
  expect(stream.status, stream.text()).toBe(200);
  await stream.waitFor((events) => events.some((event) => event.event === 'ready'));
  return stream;
}

const dataOf = (events: StreamEvent[], type: string) =>
  events
    .filter((event) => event.event === type)
    .map((event) => JSON.parse(event.data) as Record<string, unknown>);

/**
 * Waits until the `count`th `trip` event of `tripId` arrived (each status change is one; the event only names the
 * trip, for the screen to read it again).
 */
const tripMoves = (tripId: string, count: number) => (events: StreamEvent[]) =>
  dataOf(events, 'trip').filter((trip) => trip.tripId === tripId).length >= count;

describe("a parent's stream", () => {
  it('carries their child’s ridership, their trip and their bus while it carries the child, and nothing of another family', async () => {
    const parent = await open(ours.parentToken);
    const office = await open(adminToken);
    const kid = ours.kids[0]!.id;
    const otherKid = theirs.kids[0]!.id;

    // Both buses start; each sends a position with speed and heading.
    expect((await ours.driverApi('POST', `/api/driver/trips/${ours.pickup}/start`)).status).toBe(200);
    expect((await theirs.driverApi('POST', `/api/driver/trips/${theirs.pickup}/start`)).status).toBe(200);
    tick();
    await theirs.position(theirs.pickup, { lat: 51.6, lng: -0.2 });
    await ours.position(ours.pickup, { lat: 51.499, lng: -0.119 });
    await parent.waitFor((events) => events.some((event) => event.event === 'bus'));
    tick();
    await theirs.ride(theirs.pickup, otherKid, 'BOARD', { lat: 51.6, lng: -0.2 });
    await ours.ride(ours.pickup, kid, 'BOARD', MILL);
    await ours.position(ours.pickup, { lat: 51.51, lng: -0.11 });
    tick();
    await ours.ride(ours.pickup, kid, 'ALIGHT', SCHOOL);
    // The child has left at school: this position and the other bus's are the office's only.
    await ours.position(ours.pickup, SCHOOL);
    await theirs.position(theirs.pickup, { lat: 51.61, lng: -0.21 });
    expect((await ours.driverApi('POST', `/api/driver/trips/${ours.pickup}/finish`, {})).status).toBe(200);
    await parent.waitFor(tripMoves(ours.pickup, 2));
    // Everything happened: the office saw the other family's events and every position.
    await office.waitFor(tripMoves(ours.pickup, 2));
    expect(dataOf(office.events, 'position')).toHaveLength(5);
    expect(dataOf(office.events, 'ridership').map((event) => event.tripId)).toEqual([
      theirs.pickup,
      ours.pickup,
      ours.pickup,
    ]);

    const events = parent.events.filter((event) => event.event !== 'ready');
    expect([...new Set(events.map((event) => event.event))].sort()).toEqual(['bus', 'ridership', 'trip']);
    // Their child's boarding and leaving, and their trip's start and finish: each only says which trip changed.
    expect(dataOf(events, 'ridership')).toEqual([{ tripId: ours.pickup }, { tripId: ours.pickup }]);
    expect(dataOf(events, 'trip')).toEqual([{ tripId: ours.pickup }, { tripId: ours.pickup }]);
    // Two positions while the child was carried, where and when only.
    expect(dataOf(events, 'bus')).toEqual([
      {
        tripId: ours.pickup,
        lat: 51.499,
        lng: -0.119,
        accuracy: 8,
        recordedAt: `${TODAY}T07:21:00.000Z`,
      },
      expect.objectContaining({ tripId: ours.pickup, lat: 51.51, lng: -0.11 }),
    ]);
    const text = parent.text();
    for (const foreign of [
      theirs.pickup,
      otherKid,
      theirs.kids[0]!.name,
      '"speed"',
      '"heading"',
      '"vehicleId"',
    ])
      expect(text).not.toContain(foreign);
  });

  it('never carries the bus of a trip whose child is marked not riding', async () => {
    expect(
      (await admin('POST', `/api/students/${ours.kids[0]!.id}/absences`, { date: TODAY, run: 'DROP' }))
        .status,
    ).toBe(201);
    const parent = await open(ours.parentToken);
    const office = await open(adminToken);
    expect((await ours.driverApi('POST', `/api/driver/trips/${ours.drop}/start`)).status).toBe(200);
    tick();
    await ours.position(ours.drop, SCHOOL);
    await office.waitFor((events) => dataOf(events, 'position').some((bus) => bus.tripId === ours.drop));
    await parent.waitFor(tripMoves(ours.drop, 1));
    // A status event after the position: once it is here, the position would have been too.
    expect((await ours.driverApi('POST', `/api/driver/trips/${ours.drop}/finish`, {})).status).toBe(200);
    await parent.waitFor(tripMoves(ours.drop, 2));
    expect(dataOf(parent.events, 'bus')).toEqual([]);
  });

  it('learns a trip made after it opened, and the other family never sees it', async () => {
    const parent = await open(ours.parentToken);
    const other = await open(theirs.parentToken);
    expect((await admin('POST', '/api/trips/generate', { date: DAY_AFTER_TOMORROW })).status).toBe(200);
    const later = await ours.tripOf('PICKUP', DAY_AFTER_TOMORROW);
    const otherLater = await theirs.tripOf('PICKUP', DAY_AFTER_TOMORROW);
    expect((await admin('POST', `/api/trips/cancel/${later}`, { reason: 'Road closed' })).status).toBe(200);
    expect((await admin('POST', `/api/trips/cancel/${otherLater}`, { reason: 'Road closed' })).status).toBe(
      200,
    );
    await parent.waitFor(tripMoves(later, 1));
    await other.waitFor(tripMoves(otherLater, 1));
    expect(parent.text()).not.toContain(otherLater);
    expect(other.text()).not.toContain(later);
  });

  it(`shows a waiting child's bus only from ${PARENT_BUS_STOPS_BEFORE} stops before their stop: the last family never sees the earlier doors`, async () => {
    const run = await oneRunTwoFamilies();
    const first = await open(run.first.token);
    const last = await open(run.last.token);
    const office = await open(adminToken);
    expect((await run.driver('POST', `/api/driver/trips/${run.tripId}/start`)).status).toBe(200);
    const bus = (token: string) =>
      t.app
        .inject({
          method: 'GET',
          url: `/api/parent/trips/${run.tripId}/bus`,
          headers: { authorization: token },
        })
        .then((answer) => answer.json().data as { bus: unknown; reason: string | null });

    // The bus stands at each stop in turn; the first family's child gets on at the first.
    const officeSaw = (count: number) => (events: StreamEvent[]) =>
      dataOf(events, 'position').filter((position) => position.tripId === run.tripId).length >= count;
    for (const [index, where] of run.stopPoints.entries()) {
      tick();
      await run.standAt(where);
      if (index === 0) await run.board(run.first.kid, where);
      await office.waitFor(officeSaw(index + 1));
      if (index === run.lastIndex - PARENT_BUS_STOPS_BEFORE)
        // The stop that opens the window: its position comes at once, written late once the stop is read.
        await last.waitFor((events) => dataOf(events, 'bus').some((position) => position.lat === where.lat));
      if (index < run.lastIndex - PARENT_BUS_STOPS_BEFORE) {
        // Before the window: the last family is told why, and gets no position.
        expect(await bus(run.last.token)).toEqual({
          bus: null,
          reason: `The bus is shown from ${PARENT_BUS_STOPS_BEFORE} stops before your child's stop.`,
        });
      }
      if (index === run.lastIndex) break;
    }
    expect((await bus(run.last.token)).bus).not.toBeNull();
    // Frames are written in id order: once the last stop's position is here, every earlier one would have been.
    const atLastStop = (events: StreamEvent[]) =>
      dataOf(events, 'bus').some((position) => position.lat === run.stopPoints[run.lastIndex]!.lat);
    await first.waitFor(atLastStop);
    await last.waitFor(atLastStop);

    // The first family's child is on from the first stop: they saw the bus throughout.
    expect(dataOf(first.events, 'bus')).toHaveLength(run.lastIndex + 1);
    // The last family: nothing at the stops more than the window before theirs (the earlier families' doors).
    const seenByLast = dataOf(last.events, 'bus').map((position) => `${position.lat},${position.lng}`);
    const hidden = run.stopPoints.slice(0, run.lastIndex - PARENT_BUS_STOPS_BEFORE);
    for (const door of hidden) expect(seenByLast).not.toContain(`${door.lat},${door.lng}`);
    // From the window on, the bus comes.
    const window = run.stopPoints.slice(run.lastIndex - PARENT_BUS_STOPS_BEFORE, run.lastIndex + 1);
    for (const near of window) expect(seenByLast).toContain(`${near.lat},${near.lng}`);
  });
});

/**
 * One morning run carrying two families: a bus route of seven stops (school last), the first family's child at the
 * first stop, the last family's at the sixth, both seated on one assignment; each parent and the driver with a
 * session; the run's trip of today generated by the product.
 */
async function oneRunTwoFamilies() {
  const make = recordsThrough(admin);
  const tag = uniqueTag();
  const [firstFamily, lastFamily, driver, vehicle, route] = await Promise.all([
    make.family(familyPayload(`${tag}a`, 1)),
    make.family(familyPayload(`${tag}b`, 1)),
    make.driver({ name: `Driver ${tag}` }),
    make.vehicle({ capacity: 30 }),
    make.busRoute(),
  ]);
  const kids = [firstFamily.students[0]!, lastFamily.students[0]!];
  const assignment = await make.assignment(
    { driverId: driver.id, vehicleId: vehicle.id, routeId: route.id },
    kids.map((kid) => kid.id),
  );
  const db = t.app.database.db;
  // About 1.1 km apart, far from the other tests' buses.
  const stopPoints = Array.from({ length: 7 }, (_, i) => ({ lat: 52 + i * 0.01, lng: -1 }));
  const made = await db
    .insert(stops)
    .values(stopPoints.map((point, i) => ({ name: `Stop ${i} ${tag}`, ...point })))
    .returning();
  await db.insert(routeRuns).values({ routeId: route.id, run: 'PICKUP', startTime: '07:30' });
  await db.insert(routeStops).values(
    made.map((stop, position) => ({
      routeId: route.id,
      run: 'PICKUP' as const,
      position,
      stopId: stop.id,
      minutesAfterStart: position * 3,
    })),
  );
  const lastIndex = 5;
  await db.insert(studentStops).values([
    { studentId: kids[0]!.id, run: 'PICKUP', stopId: made[0]!.id },
    { studentId: kids[1]!.id, run: 'PICKUP', stopId: made[lastIndex]!.id },
  ]);
  expect((await admin('POST', '/api/trips/generate', { date: TODAY })).status).toBe(200);
  const [trip] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.assignmentId, assignment.id), eq(trips.tripDate, TODAY), eq(trips.type, 'PICKUP')));
  const lifetimes = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
  const session = (userId: string) => createSession(db, userId, { ip: '127.0.0.1' }, time.clock(), lifetimes);
  const [firstSession, lastSession, driverSession] = await Promise.all([
    session(firstFamily.user.id),
    session(lastFamily.user.id),
    session(driver.user.id),
  ]);
  const driverApi = apiAs(t.app, driverSession.token);
  const tripId = trip!.id;
  return {
    tripId,
    stopPoints,
    lastIndex,
    driver: driverApi,
    first: { token: firstSession.token, kid: kids[0]!.id },
    last: { token: lastSession.token, kid: kids[1]!.id },
    /** A fix at the stop, standing (speed 0): the bus has reached it. */
    async standAt(where: { lat: number; lng: number }) {
      const answer = await driverApi('POST', '/api/driver/positions', {
        positions: [
          {
            positionId: randomUUID(),
            tripId,
            ...where,
            accuracy: 5,
            speed: 0,
            heading: 0,
            recordedAt: time.clock().toISOString(),
          },
        ],
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    },
    async board(studentId: string, where: { lat: number; lng: number }) {
      const answer = await driverApi('POST', '/api/driver/events', {
        events: [
          {
            eventId: randomUUID(),
            tripId,
            kind: 'BOARD',
            studentId,
            method: 'TAP',
            occurredAt: time.clock().toISOString(),
            ...where,
          },
        ],
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    },
  };
}
