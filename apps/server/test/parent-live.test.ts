import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStream, type StreamEvent } from '@school-transport/testing';
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

/** Waits until a `trip` event of `tripId` with `status` arrived. */
const tripStatus = (tripId: string, status: string) => (events: StreamEvent[]) =>
  dataOf(events, 'trip').some((trip) => trip.tripId === tripId && trip.status === status);

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
    await parent.waitFor(tripStatus(ours.pickup, 'COMPLETED'));
    // Everything happened: the office saw the other family's events and every position.
    await office.waitFor(tripStatus(ours.pickup, 'COMPLETED'));
    expect(dataOf(office.events, 'position')).toHaveLength(5);
    expect(dataOf(office.events, 'ridership').map((event) => event.studentId)).toEqual([otherKid, kid, kid]);

    const events = parent.events.filter((event) => event.event !== 'ready');
    expect([...new Set(events.map((event) => event.event))].sort()).toEqual(['bus', 'ridership', 'trip']);
    expect(dataOf(events, 'ridership').map((event) => [event.studentId, event.kind])).toEqual([
      [kid, 'BOARD'],
      [kid, 'ALIGHT'],
    ]);
    expect(dataOf(events, 'trip').map((event) => [event.tripId, event.status])).toEqual([
      [ours.pickup, 'STARTED'],
      [ours.pickup, 'COMPLETED'],
    ]);
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
    await parent.waitFor(tripStatus(ours.drop, 'STARTED'));
    // A status event after the position: once it is here, the position would have been too.
    expect((await ours.driverApi('POST', `/api/driver/trips/${ours.drop}/finish`, {})).status).toBe(200);
    await parent.waitFor(tripStatus(ours.drop, 'COMPLETED'));
    expect(dataOf(parent.events, 'bus')).toEqual([]);
  });

  it('learns a trip made after it opened, and the other family never sees it', async () => {
    const parent = await open(ours.parentToken);
    const other = await open(theirs.parentToken);
    expect((await admin('POST', '/api/trips/generate', { date: DAY_AFTER_TOMORROW })).status).toBe(200);
    const later = await ours.tripOf('PICKUP', DAY_AFTER_TOMORROW);
    const otherLater = await theirs.tripOf('PICKUP', DAY_AFTER_TOMORROW);
    expect((await admin('POST', `/api/trips/cancel/${later}`, {})).status).toBe(200);
    expect((await admin('POST', `/api/trips/cancel/${otherLater}`, {})).status).toBe(200);
    await parent.waitFor(tripStatus(later, 'CANCELLED'));
    await other.waitFor(tripStatus(otherLater, 'CANCELLED'));
    expect(parent.text()).not.toContain(otherLater);
    expect(other.text()).not.toContain(later);
  });
});
