import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushPayload, RidershipKind } from '@school-transport/shared';
import { startPushService, type PushMessage, type PushService } from '@school-transport/testing';
import { notificationOutbox, parents, students, trips } from '../src/db/schema/index.js';
import { createSession } from '../src/modules/platform/auth/sessions.js';
import { tokenFor } from './support/accounts.js';
import { lateCheckFor } from './support/late-check.js';
import { busWithTrips, type Bus } from './support/buses.js';
import { familyOnBus } from './support/parent-families.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * What parents are told, end to end: a driver's scan or the office's cancellation writes the outbox in its own
 * transaction, and the notification reaches the parent's device (a push service on 127.0.0.1 that decrypts it).
 */
// 08:10, after the morning runs' scans (07:42 to 08:05) of trips started at 07:30: a driver's events are taken
// only with times from the trip's start to now (decision 051).
const time = manualClock(new Date('2026-03-02T08:10:00Z'));
const STARTED_AT = new Date('2026-03-02T07:30:00Z');
let t: TestApp;
let admin: Api;
let push: PushService;

beforeAll(async () => {
  push = await startPushService();
  // The loopback push service is taken because it is configured, as an operator would add one.
  t = await createTestApp({
    clock: time.clock,
    env: { LOG_LEVEL: 'silent', TIME_ZONE: 'UTC', PUSH_EXTRA_ORIGINS: push.origin },
  });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  return async () => {
    await t.close();
    await push.close();
  };
});

/** A bus of two children of two families; the first child's parent has a session and a subscribed device. */
async function busWithParentDevice(): Promise<{
  bus: Bus;
  child: { id: string; name: string };
  endpoint: string;
  parentUserId: string;
}> {
  const bus = await busWithTrips(t.app, admin, time.clock, {
    children: 1,
    otherFamily: 1,
    startedAt: STARTED_AT,
  });
  const child = bus.kids[0]!;
  const [family] = await t.app.database.db
    .select({ userId: parents.userId })
    .from(students)
    .innerJoin(parents, eq(parents.id, students.parentId))
    .where(eq(students.id, child.id));
  const lifetimes = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
  const { token } = await createSession(
    t.app.database.db,
    family!.userId,
    { ip: '127.0.0.1' },
    time.clock(),
    lifetimes,
  );
  const device = push.subscription();
  const subscribed = await apiAs(t.app, token)('POST', '/api/parent/push/subscriptions', device);
  expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
  return {
    bus,
    child: { id: child.id, name: child.name },
    endpoint: device.endpoint,
    parentUserId: family!.userId,
  };
}

const scan = (bus: Bus, studentId: string, kind: RidershipKind, occurredAt = '2026-03-02T07:42:00Z') =>
  bus.driverApi('POST', '/api/driver/events', {
    events: [{ eventId: randomUUID(), tripId: bus.pickup, kind, method: 'TAP', occurredAt, studentId }],
  });

const payloadOf = (message: PushMessage) => message.payload as PushPayload;
const toDevice = (endpoint: string, title: string) => (message: PushMessage) =>
  message.endpoint === endpoint && payloadOf(message).title === title;

describe('a child getting on and off', () => {
  it('tells the parent once per trip, with the child’s name, the run and the time', async () => {
    const { bus, child, endpoint } = await busWithParentDevice();
    expect((await scan(bus, child.id, 'BOARD')).status).toBe(200);
    const boarded = await push.waitFor(toDevice(endpoint, `${child.name} got on the bus`));
    expect(payloadOf(boarded).body).toBe(`At 07:42, on the morning run (${await routeNameOf(bus)}).`);

    // Scanned again (a second tap): no second notification for the same trip.
    expect((await scan(bus, child.id, 'BOARD', '2026-03-02T07:43:00Z')).status).toBe(200);
    expect(
      await t.app.database.db
        .select()
        .from(notificationOutbox)
        .where(like(notificationOutbox.dedupKey, `BOARDED:${bus.pickup}:${child.id}:%`)),
    ).toHaveLength(1);

    expect((await scan(bus, child.id, 'ALIGHT', '2026-03-02T08:05:00Z')).status).toBe(200);
    await push.waitFor(toDevice(endpoint, `${child.name} got off the bus`));
  });

  it('tells nobody of a child of the same bus whose parent has no device, and nothing of other children', async () => {
    const { bus, endpoint, parentUserId } = await busWithParentDevice();
    const other = bus.kids[1]!;
    expect((await scan(bus, other.id, 'BOARD')).status).toBe(200);
    const outbox = () =>
      t.app.database.db
        .select()
        .from(notificationOutbox)
        .where(like(notificationOutbox.dedupKey, `BOARDED:${bus.pickup}:${other.id}:%`));
    // Written for the other child's own parent only, and gone out (by mail: that parent has no device) or given up.
    const [row] = await vi.waitFor(async () => {
      const rows = await outbox();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sentAt ?? rows[0]!.givenUpAt).not.toBeNull();
      return rows;
    });
    expect(row!.userId).not.toBe(parentUserId);
    expect(push.messages.filter((message) => message.endpoint === endpoint)).toHaveLength(0);
  });
});

describe('a cancelled trip', () => {
  it('tells the parents of the children seated on a trip of today that the office cancelled', async () => {
    const { bus, child, endpoint } = await busWithParentDevice();
    const cancelled = await admin('POST', `/api/trips/cancel/${bus.drop}`, { reason: 'Road closed' });
    expect(cancelled.status).toBe(200);
    const told = await push.waitFor(
      toDevice(endpoint, `No bus for ${child.name}: the afternoon run is cancelled`),
    );
    expect(payloadOf(told).body).toContain('of today is cancelled');
  });

  it('does not tell of a trip cancelled days ahead', async () => {
    const bus = await busWithTrips(t.app, admin, time.clock, { children: 1, date: '2026-03-09', start: [] });
    expect((await admin('POST', `/api/trips/cancel/${bus.drop}`, { reason: 'Road closed' })).status).toBe(
      200,
    );
    const rows = await t.app.database.db
      .select()
      .from(notificationOutbox)
      .where(like(notificationOutbox.dedupKey, `CANCELLED:${bus.drop}:%`));
    expect(rows).toHaveLength(0);
  });
});

async function routeNameOf(bus: Bus) {
  const [trip] = await t.app.database.db
    .select({ routeName: trips.routeName })
    .from(trips)
    .where(eq(trips.id, bus.pickup));
  return trip!.routeName;
}

describe('a bus approaching the child’s stop', () => {
  it('tells the parent once, when the estimate reaches the minutes they chose, and not for a child on board', async () => {
    const day = await familyOnBus(t.app, admin, time.clock, { date: '2026-03-02', children: 2 });
    const [waiting, boarded] = day.kids;
    const started = await day.driverApi('POST', `/api/driver/trips/${day.pickup}/start`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // On its way to Mill Lane, about a kilometre off; one child got on earlier, somewhere else.
    const onTheWay = { lat: 51.491, lng: -0.12 };
    await day.ride(day.pickup, boarded!.id, 'BOARD', onTheWay);
    await day.position(day.pickup, onTheWay);
    const { db } = t.app.database;
    const look = lateCheckFor(t, time.clock, 60);
    const approaching = (studentId: string) =>
      db
        .select()
        .from(notificationOutbox)
        .where(like(notificationOutbox.dedupKey, `APPROACHING:${day.pickup}:${studentId}:%`));
    await look.run();
    await look.run();
    const told = await approaching(waiting!.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toMatch(new RegExp(`^${waiting!.name}’s bus is about (a minute|\\d+ min) away$`));
    expect(told[0]!.body).toContain(day.stops.mill.name);
    expect(await approaching(boarded!.id)).toHaveLength(0);
  });
});
