import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver, Manifest, RidershipEventInput, TripType } from '@school-transport/shared';
import { recordsThrough } from '@school-transport/testing';
import {
  absences,
  stops,
  studentStops,
  tripEvents,
  trips,
  tripStops,
  users,
} from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/platform/users/passwords.js';
import { login, PASSWORD, tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * The driver app's trips: today's list, the manifest, start and finish, each only for the signed-in driver's own
 * trips. Trips and their stops are written straight into the tables (what trip generation makes is its own test's
 * business); events go through the driver app's own events call.
 */
const TODAY = '2026-03-02';
// 08:00 in London (GMT until the end of March): the operator's day and wall clock.
const time = manualClock(new Date(`${TODAY}T08:00:00Z`));
let t: TestApp;
let admin: Api;

interface Crew {
  driver: Driver;
  api: Api;
  assignmentId: string;
  vehicleId: string;
  routeId: string;
  children: { id: string; name: string; nfcTagId: string | null }[];
}
let alice: Crew;
let bob: Crew;

/** A driver with a password, signed in, with a vehicle, a route and an assignment seating `seats` children. */
async function crew(records: ReturnType<typeof recordsThrough>, seats: number): Promise<Crew> {
  const driver = await records.driver();
  await t.app.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, driver.user.id));
  const token = (await login(t.app, driver.user.email)).json().token as string;
  const [vehicle, route, children] = await Promise.all([
    records.vehicle(),
    records.busRoute(),
    seats ? records.children(seats) : Promise.resolve([]),
  ]);
  const assignment = await records.assignment(
    { driverId: driver.id, vehicleId: vehicle.id, routeId: route.id },
    children.map((child) => child.id),
  );
  return {
    driver,
    api: apiAs(t.app, token),
    assignmentId: assignment.id,
    vehicleId: vehicle.id,
    routeId: route.id,
    children: children.map(({ id, name, nfcTagId }) => ({ id, name, nfcTagId })),
  };
}

/** A trip of `who`'s assignment, as trip generation would make it. */
async function tripOf(who: Crew, type: TripType, fields: Partial<typeof trips.$inferInsert> = {}) {
  const [row] = await t.app.database.db
    .insert(trips)
    .values({
      assignmentId: who.assignmentId,
      type,
      tripDate: TODAY,
      routeName: `Route of ${who.driver.user.name}`,
      driverName: who.driver.user.name,
      driverLicenseNo: who.driver.licenseNo,
      driverPhone: who.driver.phone,
      vehiclePlate: `PLATE-${who.driver.licenseNo}`,
      driverId: who.driver.id,
      vehicleId: who.vehicleId,
      routeId: who.routeId,
      ...fields,
    })
    .returning();
  return row!;
}

const at = (clock: string) => new Date(`${TODAY}T${clock}:00Z`);
/**
 * A trip started through the app as if at `startedAt`, with the operator's clock then set to `now`: events are
 * taken only with times inside a trip's span (decision 051), and these tests send the times of a whole run at once.
 */
async function runningSince(tripId: string, startedAt: string, now: string) {
  await t.app.database.db
    .update(trips)
    .set({ startedAt: at(startedAt) })
    .where(eq(trips.id, tripId));
  time.advance(at(now).getTime() - time.clock().getTime());
}
/** HH:MM of an instant in London, which is UTC until the end of March. */
const londonTime = (iso: string) => iso.slice(11, 16);
type Child = Crew['children'][number];
type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N ? R : Tuple<T, N, [...R, T]>;
/** The first `n` children of a crew's assignment. */
function childrenOf<N extends number>(who: Crew, n: N): Tuple<Child, N> {
  expect(who.children.length).toBeGreaterThanOrEqual(n);
  return who.children.slice(0, n) as Tuple<Child, N>;
}

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { TIME_ZONE: 'Europe/London' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  const records = recordsThrough((method, url, body) => admin(method, url, body));
  alice = await crew(records, 3);
  bob = await crew(records, 1);
});
afterAll(() => t.close());

const manifestOf = async (api: Api, tripId: string) => {
  const answer = await api('GET', `/api/driver/trips/${tripId}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Manifest;
};
const send = (api: Api, events: Omit<RidershipEventInput, 'eventId' | 'method'>[]) =>
  api('POST', '/api/driver/events', {
    events: events.map((event) => ({ eventId: randomUUID(), method: 'TAP', ...event })),
  });

describe("today's trips", () => {
  it("lists the driver's own trips of the operator's day, morning first, with their counts", async () => {
    const fresh = await crew(
      recordsThrough((method, url, body) => admin(method, url, body)),
      2,
    );
    const drop = await tripOf(fresh, 'DROP', { plannedStartAt: at('15:00') });
    const pickup = await tripOf(fresh, 'PICKUP', { plannedStartAt: at('07:30') });
    await tripOf(fresh, 'PICKUP', {
      tripDate: '2026-03-03',
      plannedStartAt: new Date('2026-03-03T07:30:00Z'),
    });
    await t.app.database.db.insert(tripStops).values([
      { tripId: pickup.id, position: 1, name: 'Lake Road', lat: 12.9, lng: 77.6 },
      { tripId: pickup.id, position: 2, name: 'School', lat: 12.91, lng: 77.61 },
    ]);
    const others = await tripOf(bob, 'PICKUP', { assignmentId: null });

    const today = await fresh.api('GET', '/api/driver/today');
    expect(today.status).toBe(200);
    expect(today.body.data).toEqual([
      {
        id: pickup.id,
        type: 'PICKUP',
        status: 'PENDING',
        date: TODAY,
        plannedStartAt: at('07:30').toISOString(),
        startedAt: null,
        completedAt: null,
        routeName: pickup.routeName,
        vehiclePlate: pickup.vehiclePlate,
        stopCount: 2,
        riderCount: 2,
      },
      expect.objectContaining({ id: drop.id, type: 'DROP', stopCount: 0, riderCount: 2 }),
    ]);
    const bobs = (await bob.api('GET', '/api/driver/today')).body.data as { id: string }[];
    expect(bobs.map((trip) => trip.id)).toContain(others.id);
    expect(bobs.map((trip) => trip.id)).not.toContain(pickup.id);
  });

  it('lists an unscheduled trip after the scheduled ones, the morning run before the afternoon one', async () => {
    const fresh = await crew(
      recordsThrough((method, url, body) => admin(method, url, body)),
      0,
    );
    const unscheduledDrop = await tripOf(fresh, 'DROP');
    const unscheduledPickup = await tripOf(fresh, 'PICKUP');
    const today = (await fresh.api('GET', '/api/driver/today')).body.data as { id: string }[];
    expect(today.map((trip) => trip.id)).toEqual([unscheduledPickup.id, unscheduledDrop.id]);
  });
});

describe('the manifest', () => {
  it('has the stops in order, each child at their stop, absences and states from the events', async () => {
    const trip = await tripOf(alice, 'PICKUP', { plannedStartAt: at('07:30') });
    const [first, second] = await t.app.database.db
      .insert(stops)
      .values([
        { name: 'Lake Road', lat: 12.93, lng: 77.62 },
        { name: 'Temple Street', lat: 12.94, lng: 77.63 },
      ])
      .returning();
    // written in the wrong order: the manifest orders them
    await t.app.database.db.insert(tripStops).values([
      { tripId: trip.id, position: 2, stopId: second!.id, name: 'Temple Street', lat: 12.94, lng: 77.63 },
      {
        tripId: trip.id,
        position: 1,
        stopId: first!.id,
        name: 'Lake Road',
        lat: 12.93,
        lng: 77.62,
        plannedAt: at('07:35'),
      },
      { tripId: trip.id, position: 3, name: 'School', lat: 12.95, lng: 77.64 },
    ]);
    const [child1, child2, child3] = childrenOf(alice, 3);
    await t.app.database.db.insert(studentStops).values([
      { studentId: child1.id, run: 'PICKUP', stopId: second!.id },
      { studentId: child3.id, run: 'PICKUP', stopId: first!.id },
      // the afternoon's stop does not place anyone in the morning
      { studentId: child2.id, run: 'DROP', stopId: first!.id },
    ]);
    await t.app.database.db.insert(absences).values([
      { studentId: child2.id, date: TODAY, run: 'PICKUP' },
      // the afternoon's absence does not mark anyone absent in the morning
      { studentId: child1.id, date: TODAY, run: 'DROP' },
    ]);

    const before = await manifestOf(alice.api, trip.id);
    expect(before).toMatchObject({
      tripId: trip.id,
      type: 'PICKUP',
      status: 'PENDING',
      date: TODAY,
      routeName: trip.routeName,
      vehiclePlate: trip.vehiclePlate,
      plannedStartAt: at('07:30').toISOString(),
      events: [],
      finishReason: null,
    });
    expect(before.stops.map((stop) => [stop.position, stop.name, stop.stopId])).toEqual([
      [1, 'Lake Road', first!.id],
      [2, 'Temple Street', second!.id],
      [3, 'School', null],
    ]);
    expect(before.stops[0]!.plannedAt).toBe(at('07:35').toISOString());
    expect(before.riders).toEqual([
      {
        studentId: child3.id,
        name: child3.name,
        class: expect.any(String),
        photoUrl: null,
        nfcTagId: child3.nfcTagId,
        stopPosition: 1,
        state: 'WAITING',
        absent: false,
        // A morning run hands nobody over, and the office wrote no note for today (decisions 065, 067).
        handOver: null,
        handOverMiss: null,
        officeNote: null,
      },
      expect.objectContaining({ studentId: child1.id, stopPosition: 2, state: 'WAITING', absent: false }),
      expect.objectContaining({ studentId: child2.id, stopPosition: null, state: 'ABSENT', absent: true }),
    ]);

    expect((await alice.api('POST', `/api/driver/trips/${trip.id}/start`)).status).toBe(200);
    await runningSince(trip.id, '07:30', '08:25');
    // sent in another order than they happened: the state follows the times
    const sent = await send(alice.api, [
      { tripId: trip.id, kind: 'ALIGHT', studentId: child3.id, occurredAt: '2026-03-02T08:20:00Z' },
      { tripId: trip.id, kind: 'BOARD', studentId: child3.id, occurredAt: '2026-03-02T07:36:00Z' },
      { tripId: trip.id, kind: 'BOARD', studentId: child1.id, occurredAt: '2026-03-02T07:41:00Z' },
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const after = await manifestOf(alice.api, trip.id);
    expect(after.status).toBe('STARTED');
    const stateOf = (id: string) => after.riders.find((rider) => rider.studentId === id)!.state;
    expect([stateOf(child3.id), stateOf(child1.id), stateOf(child2.id)]).toEqual([
      'LEFT',
      'ON_BUS',
      'ABSENT',
    ]);
    expect(after.events.map((event) => [event.kind, event.studentId, event.occurredAt])).toEqual([
      ['BOARD', child3.id, '2026-03-02T07:36:00.000Z'],
      ['BOARD', child1.id, '2026-03-02T07:41:00.000Z'],
      ['ALIGHT', child3.id, '2026-03-02T08:20:00.000Z'],
    ]);
    expect(after.events[0]).toMatchObject({ method: 'TAP', studentName: child3.name, flag: null });

    // the office reads the same manifest
    const office = await admin('GET', `/api/trips/${trip.id}/manifest`);
    expect(office.status).toBe(200);
    expect(office.body.data).toEqual(after);
  });

  it("answers 404 for another driver's trip, as for one that does not exist", async () => {
    const bobsTrip = await tripOf(bob, 'DROP');
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [bobsTrip.id, unknown]) {
      const answers = await Promise.all([
        alice.api('GET', `/api/driver/trips/${id}`),
        alice.api('POST', `/api/driver/trips/${id}/start`),
        alice.api('POST', `/api/driver/trips/${id}/finish`, {}),
      ]);
      for (const answer of answers)
        expect(answer.body).toEqual({
          success: false,
          type: 'error',
          message: 'Trip not found.',
          code: 'refusal.tripNotFound',
        });
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
    }
    expect((await admin('GET', `/api/trips/${unknown}/manifest`)).status).toBe(404);
    const [row] = await t.app.database.db.select().from(trips).where(eq(trips.id, bobsTrip.id));
    expect(row!.status).toBe('PENDING');
  });
});

describe('starting a trip', () => {
  it("is refused for another day's trip, a second time, and for a cancelled or finished one", async () => {
    const tomorrow = await tripOf(alice, 'DROP', { tripDate: '2026-03-03' });
    const refused = await alice.api('POST', `/api/driver/trips/${tomorrow.id}/start`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This trip is for 2026-03-03, not today.');

    const trip = await tripOf(alice, 'DROP', { assignmentId: null });
    const started = await alice.api('POST', `/api/driver/trips/${trip.id}/start`);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      id: trip.id,
      status: 'STARTED',
      startedAt: time.clock().toISOString(),
    });
    const history = await t.app.database.db.select().from(tripEvents).where(eq(tripEvents.tripId, trip.id));
    expect(history).toEqual([
      expect.objectContaining({ status: 'STARTED', actorEmail: alice.driver.user.email }),
    ]);

    time.advance(60_000);
    const twice = await alice.api('POST', `/api/driver/trips/${trip.id}/start`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      `This trip was already started at ${londonTime(started.body.data.startedAt)}, on this or another device.`,
    );

    const cancelled = await tripOf(alice, 'PICKUP', { tripDate: '2026-03-04' });
    expect((await admin('POST', `/api/trips/cancel/${cancelled.id}`, { reason: 'Road closed' })).status).toBe(
      200,
    );
    const afterCancel = await alice.api('POST', `/api/driver/trips/${cancelled.id}/start`);
    expect([afterCancel.status, afterCancel.body.message]).toEqual([
      409,
      'This trip was cancelled by the office.',
    ]);
  });

  it('started from two devices at once, starts once', async () => {
    const trip = await tripOf(alice, 'PICKUP', { assignmentId: null });
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => alice.api('POST', `/api/driver/trips/${trip.id}/start`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const started = await t.app.database.db
      .select()
      .from(tripEvents)
      .where(and(eq(tripEvents.tripId, trip.id), eq(tripEvents.status, 'STARTED')));
    expect(started).toHaveLength(1);
  });
});

describe('finishing a trip', () => {
  it('is refused while a child is on board, unless a reason is given, which is kept for the office', async () => {
    const trip = await tripOf(alice, 'DROP', { assignmentId: null });
    const notStarted = await alice.api('POST', `/api/driver/trips/${trip.id}/finish`, {});
    expect([notStarted.status, notStarted.body.message]).toEqual([
      409,
      'This trip has not been started yet.',
    ]);

    expect((await alice.api('POST', `/api/driver/trips/${trip.id}/start`)).status).toBe(200);
    await runningSince(trip.id, '15:00', '15:25');
    const [child1, child2] = childrenOf(alice, 2);
    await send(alice.api, [
      { tripId: trip.id, kind: 'BOARD', studentId: child1.id, occurredAt: '2026-03-02T15:01:00Z' },
      { tripId: trip.id, kind: 'BOARD', studentId: child2.id, occurredAt: '2026-03-02T15:02:00Z' },
      { tripId: trip.id, kind: 'ALIGHT', studentId: child2.id, occurredAt: '2026-03-02T15:20:00Z' },
    ]);

    const refused = await alice.api('POST', `/api/driver/trips/${trip.id}/finish`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      '1 child is still on the bus. Record them leaving at their stops, or give a reason to finish anyway.',
    );
    const blank = await alice.api('POST', `/api/driver/trips/${trip.id}/finish`, { reason: '   ' });
    expect(blank.status).toBe(409);

    const reason = 'Child taken home by a grandparent at the depot';
    const finished = await alice.api('POST', `/api/driver/trips/${trip.id}/finish`, { reason });
    expect(finished.status).toBe(200);
    expect(finished.body.data).toMatchObject({
      status: 'COMPLETED',
      completedAt: time.clock().toISOString(),
    });
    const [row] = await t.app.database.db.select().from(trips).where(eq(trips.id, trip.id));
    expect(row).toMatchObject({ status: 'COMPLETED', finishReason: reason });
    expect((await admin('GET', `/api/trips/${trip.id}/manifest`)).body.data.finishReason).toBe(reason);
    const history = await admin('GET', `/api/trips/get-one/${trip.id}`);
    expect(
      history.body.data.history.map((event: { status: string; by: string }) => [event.status, event.by]),
    ).toEqual([
      ['STARTED', alice.driver.user.email],
      ['COMPLETED', alice.driver.user.email],
    ]);

    const again = await alice.api('POST', `/api/driver/trips/${trip.id}/finish`, { reason });
    expect([again.status, again.body.message]).toEqual([
      409,
      `This trip was already finished at ${londonTime(finished.body.data.completedAt)}.`,
    ]);
  });

  it('needs no reason once every child who boarded has left; a morning trip says they leave at school', async () => {
    const trip = await tripOf(bob, 'PICKUP', { assignmentId: null });
    expect((await bob.api('POST', `/api/driver/trips/${trip.id}/start`)).status).toBe(200);
    await runningSince(trip.id, '07:30', '08:10');
    const [child] = childrenOf(bob, 1);
    await send(bob.api, [
      { tripId: trip.id, kind: 'BOARD', studentId: child.id, occurredAt: '2026-03-02T07:40:00Z' },
    ]);
    const refused = await bob.api('POST', `/api/driver/trips/${trip.id}/finish`, {});
    expect(refused.body.message).toBe(
      '1 child is still on the bus. Record them leaving at school, or give a reason to finish anyway.',
    );
    await send(bob.api, [
      { tripId: trip.id, kind: 'ALIGHT', studentId: child.id, occurredAt: '2026-03-02T08:05:00Z' },
    ]);
    const finished = await bob.api('POST', `/api/driver/trips/${trip.id}/finish`, {});
    expect(finished.status).toBe(200);
    const [row] = await t.app.database.db.select().from(trips).where(eq(trips.id, trip.id));
    expect(row).toMatchObject({ status: 'COMPLETED', finishReason: null });
  });
});

describe('a route handed to another driver', () => {
  it('moves its coming trips to the new driver at once; the old one keeps only the trips they ran', async () => {
    const records = recordsThrough((method, url, body) => admin(method, url, body));
    const carol = await crew(records, 2);
    const ran = await tripOf(carol, 'PICKUP', { status: 'STARTED', startedAt: at('07:30') });
    const coming = await tripOf(carol, 'DROP');
    const dave = await crew(records, 0);
    // Dave leaves his own assignment (and its bus) to take over Carol's route with his vehicle.
    expect(
      (await admin('DELETE', `/api/route-assignments/delete-route-assignment/${dave.assignmentId}`)).status,
    ).toBe(200);
    const handed = await admin('PUT', `/api/route-assignments/update/${carol.assignmentId}`, {
      routeId: carol.routeId,
      vehicleId: dave.vehicleId,
      driverId: dave.driver.id,
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);

    const [row] = await t.app.database.db.select().from(trips).where(eq(trips.id, coming.id));
    expect(row).toMatchObject({
      driverId: dave.driver.id,
      vehicleId: dave.vehicleId,
      driverName: dave.driver.user.name,
      driverLicenseNo: dave.driver.licenseNo,
    });
    const [kept] = await t.app.database.db.select().from(trips).where(eq(trips.id, ran.id));
    expect(kept).toMatchObject({ driverId: carol.driver.id, vehicleId: carol.vehicleId });

    expect((await carol.api('GET', `/api/driver/trips/${coming.id}`)).status).toBe(404);
    expect((await carol.api('GET', `/api/driver/trips/${ran.id}`)).status).toBe(200);
    const davesManifest = await manifestOf(dave.api, coming.id);
    expect(davesManifest.riders.map((rider) => rider.studentId).sort()).toEqual(
      carol.children.map((child) => child.id).sort(),
    );
    const today = (await carol.api('GET', '/api/driver/today')).body.data;
    expect(JSON.stringify(today)).not.toContain(coming.id);
  });

  it('takes its PENDING trips from the driver when the assignment is deleted', async () => {
    const records = recordsThrough((method, url, body) => admin(method, url, body));
    const erin = await crew(records, 1);
    const coming = await tripOf(erin, 'PICKUP');
    expect(
      (await admin('DELETE', `/api/route-assignments/delete-route-assignment/${erin.assignmentId}`)).status,
    ).toBe(200);
    expect((await erin.api('GET', `/api/driver/trips/${coming.id}`)).status).toBe(404);
    const [row] = await t.app.database.db.select().from(trips).where(eq(trips.id, coming.id));
    expect(row).toMatchObject({ driverId: null, vehicleId: null, driverName: erin.driver.user.name });
  });
});
