import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CredentialKind, DriverTrip, Manifest, ParentChild, Trip } from '@school-transport/shared';
import { recordsThrough, uniqueTag } from '@school-transport/testing';
import { alerts, notificationOutbox, parents, students, trips } from '../src/db/schema/index.js';
import { overdueTrips } from '../src/modules/operations/alerts/alert-queries.js';
import { createSession } from '../src/modules/platform/auth/sessions.js';
import { tokenFor } from './support/accounts.js';
import { busWithTrips, type Bus } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * The day that does not go to plan, item 3 of issue 34 (decision 056): the office cancels a run with a reason,
 * marks one late, and hands a broken-down bus's children to a rescue vehicle. Parents are told (outbox rows here;
 * parent-notifications.test.ts follows a notice to a device) and read it on their Today. The operator's clock:
 * 07:50 UTC on Monday 2026-03-02, the morning runs started at 07:30.
 */
const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T07:50:00Z`));
const STARTED_AT = new Date(`${TODAY}T07:30:00Z`);
let t: TestApp;
let admin: Api;
let make: ReturnType<typeof recordsThrough>;
let kinds: CredentialKind[];

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { TIME_ZONE: 'UTC', LOG_LEVEL: 'silent' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  make = recordsThrough((method, url, body) => admin(method, url, body));
  kinds = (await admin('GET', '/api/credential-kinds/get-all?limit=100')).body.data;
  return () => t.close();
});

const lifetimes = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
const sessionOf = async (userId: string) =>
  apiAs(
    t.app,
    (await createSession(t.app.database.db, userId, { ip: '127.0.0.1' }, time.clock(), lifetimes)).token,
  );

/** Today's bus: the first `children` of one family, `others` of a second; the morning run started at 07:30. */
const bus = (children = 2, others = 0, date = TODAY) =>
  busWithTrips(t.app, admin, time.clock, { children, otherFamily: others, date, startedAt: STARTED_AT });

/** The signed-in parent of a child. */
async function parentOf(studentId: string) {
  const [row] = await t.app.database.db
    .select({ userId: parents.userId })
    .from(students)
    .innerJoin(parents, eq(parents.id, students.parentId))
    .where(eq(students.id, studentId));
  return { userId: row!.userId, api: await sessionOf(row!.userId) };
}

/** A driver who holds no route, signed in on the driver app, and a vehicle of `capacity` seats. */
async function rescuer(capacity = 30) {
  const [driver, vehicle] = await Promise.all([
    make.driver({ name: `Rescue ${uniqueTag()}` }),
    make.vehicle({ capacity }),
  ]);
  return { driver, vehicle, driverApi: await sessionOf(driver.user.id) };
}

// Boardings at 07:40, leavings at 07:45: the later event decides a child's state.
const board = (b: Bus, studentIds: string[], kind: 'BOARD' | 'ALIGHT' = 'BOARD') =>
  b.driverApi('POST', '/api/driver/events', {
    events: studentIds.map((studentId) => ({
      eventId: randomUUID(),
      tripId: b.pickup,
      kind,
      method: 'TAP',
      occurredAt: `${TODAY}T07:${kind === 'BOARD' ? '40' : '45'}:00Z`,
      studentId,
    })),
  });

const trip = async (id: string) => (await admin('GET', `/api/trips/get-one/${id}`)).body.data as Trip;
const outboxOf = (prefix: string) =>
  t.app.database.db
    .select()
    .from(notificationOutbox)
    .where(like(notificationOutbox.dedupKey, `${prefix}%`));
const runOf = async (parent: Api, studentId: string, run: 'PICKUP' | 'DROP') => {
  const answer = await parent('GET', '/api/parent/children');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const child = (answer.body.data as ParentChild[]).find((row) => row.id === studentId)!;
  return child.runs.find((row) => row.run === run)!;
};

describe('cancelling a run', () => {
  it('requires a reason, keeps it on the trip and tells the parents with it', async () => {
    const b = await bus(1);
    const refused = await admin('POST', `/api/trips/cancel/${b.drop}`, {});
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Reason is required');
    expect((await admin('POST', `/api/trips/cancel/${b.drop}`, { reason: '   ' })).status).toBe(400);
    expect((await trip(b.drop)).status).toBe('PENDING');

    const cancelled = await admin('POST', `/api/trips/cancel/${b.drop}`, { reason: 'Snow on the hill road' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', finishReason: 'Snow on the hill road' });
    expect((await trip(b.drop)).finishReason).toBe('Snow on the hill road');

    const [notice] = await outboxOf(`CANCELLED:${b.drop}:`);
    expect(notice!.body).toContain('Snow on the hill road');
    const parent = await parentOf(b.kids[0]!.id);
    expect(await runOf(parent.api, b.kids[0]!.id, 'DROP')).toMatchObject({
      state: 'CANCELLED',
      cancelReason: 'Snow on the hill road',
    });
  });
});

describe('delaying a run', () => {
  it('tells the parents of the seated children once per change, and their Today shows it', async () => {
    const b = await bus(1, 1);
    const delay = (minutes: number, reason: string) =>
      admin('POST', `/api/trips/delay/${b.drop}`, { minutes, reason });
    const first = await delay(20, 'Snow');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.delay).toEqual({ minutes: 20, reason: 'Snow' });
    expect(await outboxOf(`DELAYED:${b.drop}:`)).toHaveLength(2);
    const [notice] = (await outboxOf(`DELAYED:${b.drop}:`)).filter((row) => row.studentId === b.kids[0]!.id);
    expect(notice!.title).toBe(`${b.kids[0]!.name}’s afternoon run is about 20 minutes late`);
    expect(notice!.body).toContain('about 20 minutes late: Snow');

    // The same again changes nothing and tells nobody; a new figure is a change, told once more.
    expect((await delay(20, 'Snow')).status).toBe(200);
    expect(await outboxOf(`DELAYED:${b.drop}:`)).toHaveLength(2);
    time.advance(60_000);
    expect((await delay(30, 'Snow, and a fallen tree')).status).toBe(200);
    expect(await outboxOf(`DELAYED:${b.drop}:`)).toHaveLength(4);

    const parent = await parentOf(b.kids[0]!.id);
    expect((await runOf(parent.api, b.kids[0]!.id, 'DROP')).delay).toEqual({
      minutes: 30,
      reason: 'Snow, and a fallen tree',
    });
    expect((await trip(b.drop)).delay).toEqual({ minutes: 30, reason: 'Snow, and a fallen tree' });

    // 0 takes it back: told once, and the Today no longer shows it.
    time.advance(60_000);
    expect((await delay(0, 'The road is clear')).body.data.delay).toBeNull();
    expect(await outboxOf(`DELAYED:${b.drop}:`)).toHaveLength(6);
    expect((await runOf(parent.api, b.kids[0]!.id, 'DROP')).delay).toBeNull();
  });

  it('counts the delay in before a run is overdue (the NOT_STARTED alert)', async () => {
    const b = await bus(1);
    const now = time.clock().getTime();
    await t.app.database.db
      .update(trips)
      .set({ plannedStartAt: new Date(now - 20 * 60_000) })
      .where(eq(trips.id, b.drop));
    const overdue = async () =>
      (await overdueTrips(t.app.database.db, TODAY, new Date(now - 10 * 60_000))).some(
        (row) => row.id === b.drop,
      );
    expect(await overdue()).toBe(true);
    expect((await admin('POST', `/api/trips/delay/${b.drop}`, { minutes: 30, reason: 'Snow' })).status).toBe(
      200,
    );
    expect(await overdue()).toBe(false);
  });

  it('refuses a finished or cancelled trip and one of a past day (409), and odd minutes (400)', async () => {
    const b = await bus(1);
    expect((await admin('POST', `/api/trips/complete/${b.pickup}`)).status).toBe(200);
    const finished = await admin('POST', `/api/trips/delay/${b.pickup}`, { minutes: 10, reason: 'Snow' });
    expect(finished.status).toBe(409);
    expect(finished.body.message).toMatch(/only a trip still to run or running can be delayed/);
    const past = await busWithTrips(t.app, admin, time.clock, { children: 1, date: '2026-02-27', start: [] });
    const old = await admin('POST', `/api/trips/delay/${past.drop}`, { minutes: 10, reason: 'Snow' });
    expect(old.status).toBe(409);
    expect(old.body.message).toMatch(/only a trip of today or later can be delayed/);
    for (const minutes of [-5, 1.5, 241])
      expect((await admin('POST', `/api/trips/delay/${b.drop}`, { minutes, reason: 'Snow' })).status).toBe(
        400,
      );
    expect((await admin('POST', `/api/trips/delay/${b.drop}`, { minutes: 10 })).status).toBe(400);
  });
});

describe('handing over to a rescue vehicle', () => {
  it('starts the rescue with the children on board, ends the original without the alarm, and tells their parents', async () => {
    // Three children: two on board, one already dropped at school (left), one more of another family waiting.
    const b = await bus(3, 1);
    const [first, second, third, waiting] = b.kids;
    expect((await board(b, [first!.id, second!.id, third!.id])).status).toBe(200);
    expect((await board(b, [third!.id], 'ALIGHT')).status).toBe(200);
    const r = await rescuer();

    const answer = await admin('POST', `/api/trips/rescue/${b.pickup}`, {
      driverId: r.driver.id,
      vehicleId: r.vehicle.id,
      reason: 'Engine failure on the bypass',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.childrenHandedOver).toBe(2);
    const rescue = answer.body.data.rescueTrip as Trip;
    expect(rescue).toMatchObject({
      status: 'STARTED',
      type: 'PICKUP',
      date: TODAY,
      rescueOf: b.pickup,
      vehicle: { licensePlate: r.vehicle.licensePlate },
      driver: { name: r.driver.user.name },
    });

    const original = await trip(b.pickup);
    expect(original).toMatchObject({
      status: 'COMPLETED',
      handedOverTo: rescue.id,
      finishReason: 'Engine failure on the bypass',
    });
    const alarms = await t.app.database.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.tripId, b.pickup), eq(alerts.kind, 'FINISHED_WITH_CHILD')));
    expect(alarms).toHaveLength(0);
    // Nobody is on board the original any more: the children handed over left it (the office's record).
    const left = (await admin('GET', `/api/trips/${b.pickup}/manifest`)).body.data as Manifest;
    expect(
      [first, second, third].map((kid) => left.riders.find((rider) => rider.studentId === kid!.id)?.state),
    ).toEqual(['LEFT', 'LEFT', 'LEFT']);

    // The rescue driver's Today has the rescue trip, its manifest the two children on board.
    const today = (await r.driverApi('GET', '/api/driver/today')).body.data as DriverTrip[];
    expect(today.map((row) => [row.id, row.status])).toEqual([[rescue.id, 'STARTED']]);
    const manifest = (await r.driverApi('GET', `/api/driver/trips/${rescue.id}`)).body.data as Manifest;
    const stateOf = (id: string) => manifest.riders.find((rider) => rider.studentId === id)?.state;
    expect([first, second].map((kid) => stateOf(kid!.id))).toEqual(['ON_BUS', 'ON_BUS']);
    expect(stateOf(waiting!.id)).toBe('WAITING');
    // The original driver's Today shows the original as ended.
    const theirs = (await b.driverApi('GET', '/api/driver/today')).body.data as DriverTrip[];
    expect(theirs.find((row) => row.id === b.pickup)?.status).toBe('COMPLETED');
    expect(theirs.some((row) => row.id === rescue.id)).toBe(false);

    // Parents of the children on board are told which bus carries them; the others are not.
    const told = await outboxOf(`HANDED_OVER:${rescue.id}:`);
    expect(told.map((row) => row.studentId).sort()).toEqual([first!.id, second!.id].sort());
    expect(told[0]!.title).toMatch(new RegExp(`is now on bus ${r.vehicle.licensePlate}$`));
    expect(told[0]!.body).toContain(r.driver.user.name);
    const parent = await parentOf(first!.id);
    expect(await runOf(parent.api, first!.id, 'PICKUP')).toMatchObject({
      tripId: rescue.id,
      tripStatus: 'STARTED',
      state: 'BOARDED',
      rescue: { vehiclePlate: r.vehicle.licensePlate, reason: 'Engine failure on the bypass' },
    });

    // The rescue finishes as any trip: the children leave at school, nobody is left on board.
    time.advance(5 * 60_000);
    const events = [first, second].map((kid) => ({
      eventId: randomUUID(),
      tripId: rescue.id,
      kind: 'ALIGHT',
      method: 'TAP',
      occurredAt: time.clock().toISOString(),
      studentId: kid!.id,
    }));
    expect((await r.driverApi('POST', '/api/driver/events', { events })).status).toBe(200);
    const finished = await r.driverApi('POST', `/api/driver/trips/${rescue.id}/finish`, {});
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
  });

  it('refuses a vehicle too small for the children on board, in words (409)', async () => {
    const b = await bus(3);
    expect(
      (
        await board(
          b,
          b.kids.map((kid) => kid.id),
        )
      ).status,
    ).toBe(200);
    const r = await rescuer(2);
    const refused = await admin('POST', `/api/trips/rescue/${b.pickup}`, {
      driverId: r.driver.id,
      vehicleId: r.vehicle.id,
      reason: 'Flat tyre',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${r.vehicle.licensePlate} has 2 seats; 3 children are on board: choose a bigger vehicle.`,
    );
    expect((await trip(b.pickup)).status).toBe('STARTED');
  });

  it('refuses a rescue driver with an expired blocking credential (409), and one on a started trip', async () => {
    const b = await bus(1);
    const r = await rescuer();
    const licence = kinds.find((kind) => kind.name === 'Driving licence')!;
    const saved = await admin('POST', '/api/credentials/save', {
      driverId: r.driver.id,
      kindId: licence.id,
      number: `N-${randomUUID().slice(0, 8)}`,
      expiresOn: '2026-03-01',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const blocked = await admin('POST', `/api/trips/rescue/${b.pickup}`, {
      driverId: r.driver.id,
      vehicleId: r.vehicle.id,
      reason: 'Flat tyre',
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toMatch(/^The rescue cannot run: .*driving licence expired/);

    const busy = await bus(1);
    const free = await rescuer();
    const refused = await admin('POST', `/api/trips/rescue/${b.pickup}`, {
      driverId: busy.driver.id,
      vehicleId: free.vehicle.id,
      reason: 'Flat tyre',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/is driving .*’s morning run now: choose a driver who is free\.$/);
    expect((await trip(b.pickup)).status).toBe('STARTED');
  });

  it('hands over only a running trip (409), and refuses the broken bus as its own rescue', async () => {
    const b = await bus(1);
    const r = await rescuer();
    const pending = await admin('POST', `/api/trips/rescue/${b.drop}`, {
      driverId: r.driver.id,
      vehicleId: r.vehicle.id,
      reason: 'Flat tyre',
    });
    expect(pending.status).toBe(409);
    expect(pending.body.message).toMatch(/^This trip is PENDING: only a running trip can be handed over/);
    const same = await admin('POST', `/api/trips/rescue/${b.pickup}`, {
      driverId: r.driver.id,
      vehicleId: b.vehicle.id,
      reason: 'Flat tyre',
    });
    expect(same.status).toBe(409);
    expect((await admin('POST', `/api/trips/rescue/${b.pickup}`, { driverId: r.driver.id })).status).toBe(
      400,
    );
  });
});

describe('who may change a run', () => {
  it('refuses drivers, parents and anonymous callers on cancel, delay and rescue', async () => {
    const b = await bus(1);
    const r = await rescuer();
    const parent = await parentOf(b.kids[0]!.id);
    const anonymous = apiAs(t.app, '');
    const calls: [string, object][] = [
      [`/api/trips/cancel/${b.drop}`, { reason: 'Snow' }],
      [`/api/trips/delay/${b.drop}`, { minutes: 10, reason: 'Snow' }],
      [
        `/api/trips/rescue/${b.pickup}`,
        { driverId: r.driver.id, vehicleId: r.vehicle.id, reason: 'Flat tyre' },
      ],
    ];
    for (const [url, body] of calls) {
      expect((await anonymous('POST', url, body)).status).toBe(401);
      expect((await b.driverApi('POST', url, body)).status).toBe(403);
      expect((await parent.api('POST', url, body)).status).toBe(403);
    }
    expect((await trip(b.drop)).status).toBe('PENDING');
    expect((await trip(b.pickup)).status).toBe('STARTED');
  });
});
