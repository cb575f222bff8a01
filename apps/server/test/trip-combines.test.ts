import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BoardTrip,
  DayChange,
  DriverTrip,
  Manifest,
  ParentChild,
  TripCombines,
  TripDetails,
} from '@school-transport/shared';
import {
  notificationOutbox,
  parents,
  stopChanges,
  stops,
  students,
  studentStops,
  trips,
  tripStops,
  vehicles,
} from '../src/db/schema/index.js';
import { createSession } from '../src/modules/platform/auth/sessions.js';
import { tokenFor } from './support/accounts.js';
import { busWithTrips, type Bus } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Combined runs, item 2 of issue 34 (decision 061): "route B rides with bus A today". B's children and stops join
 * A's pending trip within A's seats, B is cancelled with the reason, the office adjusts the order and can undo it;
 * the drivers' manifests follow the one rule of where a child rides, and the parents of both routes are told.
 * The operator's clock: 06:00 UTC on Monday 2026-03-02, before the morning runs.
 */
const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T06:00:00Z`));
const at = (clock: string) => new Date(`${TODAY}T${clock}:00Z`);
let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { TIME_ZONE: 'UTC', LOG_LEVEL: 'silent' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  return () => t.close();
});

const bus = (children = 2, date = TODAY) =>
  busWithTrips(t.app, admin, time.clock, { children, date, start: [] });

/**
 * Two buses of two children each, with their morning trips' stops: A calls at Ash Lane (07:10) then Elm Corner
 * (07:20); B at Birch Road (07:05) then Elm Corner (07:15). B's first child gets on at Birch Road, the second at
 * Elm Corner, A's children at Ash Lane.
 */
async function twoBuses() {
  const [a, b] = await Promise.all([bus(), bus()]);
  const db = t.app.database.db;
  const [ash, elm, birch] = await db
    .insert(stops)
    .values([
      { name: 'Ash Lane', lat: 12.91, lng: 77.61 },
      { name: 'Elm Corner', lat: 12.92, lng: 77.62 },
      { name: 'Birch Road', lat: 12.93, lng: 77.63 },
    ])
    .returning();
  const place = (stop: typeof ash) => ({
    stopId: stop!.id,
    name: stop!.name,
    lat: stop!.lat,
    lng: stop!.lng,
  });
  await db.insert(tripStops).values([
    { tripId: a.pickup, position: 1, ...place(ash), plannedAt: at('07:10') },
    { tripId: a.pickup, position: 2, ...place(elm), plannedAt: at('07:20') },
    { tripId: b.pickup, position: 1, ...place(birch), plannedAt: at('07:05') },
    { tripId: b.pickup, position: 2, ...place(elm), plannedAt: at('07:15') },
  ]);
  await db.insert(studentStops).values([
    { studentId: a.kids[0]!.id, run: 'PICKUP', stopId: ash!.id },
    { studentId: a.kids[1]!.id, run: 'PICKUP', stopId: ash!.id },
    { studentId: b.kids[0]!.id, run: 'PICKUP', stopId: birch!.id },
    { studentId: b.kids[1]!.id, run: 'PICKUP', stopId: elm!.id },
  ]);
  return { a, b, stops: { ash: ash!, elm: elm!, birch: birch! } };
}

const combine = (b: Bus, hostTripId: string, reason = 'Driver of B is ill', joined = b.pickup) =>
  admin('POST', `/api/trips/combine/${joined}`, { hostTripId, reason });
const manifestOf = async (driver: Bus, tripId: string) => {
  const answer = await driver.driverApi('GET', `/api/driver/trips/${tripId}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Manifest;
};
const tripRow = async (id: string) =>
  (await t.app.database.db.select().from(trips).where(eq(trips.id, id)))[0]!;
const outboxOf = (prefix: string) =>
  t.app.database.db
    .select()
    .from(notificationOutbox)
    .where(like(notificationOutbox.dedupKey, `${prefix}%`));
const parentUserOf = async (studentId: string) =>
  (
    await t.app.database.db
      .select({ userId: parents.userId })
      .from(students)
      .innerJoin(parents, eq(parents.id, students.parentId))
      .where(eq(students.id, studentId))
  )[0]!.userId;

/** The PICKUP run on the child's parent's Today. */
async function todayOf(studentId: string) {
  const { token } = await createSession(
    t.app.database.db,
    await parentUserOf(studentId),
    { ip: '127.0.0.1' },
    time.clock(),
    { idleMs: 86_400_000, absoluteMs: 86_400_000 },
  );
  const today = (await apiAs(t.app, token)('GET', '/api/parent/children')).body.data as ParentChild[];
  return today.find((child) => child.id === studentId)!.runs.find((row) => row.run === 'PICKUP')!;
}

describe('combining a run into another', () => {
  it('puts B’s children and stops on A’s manifest, cancels B with the reason and tells both routes’ parents', async () => {
    const { a, b } = await twoBuses();
    const answer = await combine(b, a.pickup);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const combined = answer.body.data as TripCombines;
    expect(combined.combines).toMatchObject([
      { hostTripId: a.pickup, joinedTripId: b.pickup, reason: 'Driver of B is ill' },
    ]);
    // B's Birch Road is added after A's stops; Elm Corner, which A calls at already, is not added twice.
    expect(combined.hostStops.map((stop) => [stop.position, stop.name, stop.combinedFromTripId])).toEqual([
      [1, 'Ash Lane', null],
      [2, 'Elm Corner', null],
      [3, 'Birch Road', b.pickup],
    ]);

    expect(await tripRow(b.pickup)).toMatchObject({
      status: 'CANCELLED',
      finishReason: 'Driver of B is ill',
    });
    expect((await tripRow(a.pickup)).status).toBe('PENDING');
    // The board says either side of it.
    const board = (await admin('GET', `/api/live/board?date=${(await tripRow(a.pickup)).tripDate}`)).body
      .data as BoardTrip[];
    const rowOf = (tripId: string) => board.find((row) => row.tripId === tripId)!;
    expect(rowOf(a.pickup)).toMatchObject({
      carries: [(await tripRow(b.pickup)).routeName],
      ridesWith: null,
    });
    expect(rowOf(b.pickup)).toMatchObject({ carries: [], ridesWith: (await tripRow(a.pickup)).routeName });
    // The office's page of A lists its own children and B's, marked with B's route.
    const hostPage = (await admin('GET', `/api/trips/get-one/${a.pickup}`)).body.data as TripDetails;
    expect(hostPage.students.map((kid) => kid.id).sort()).toEqual(a.kids.map((kid) => kid.id).sort());
    expect(hostPage.joiningStudents.map((kid) => [kid.id, kid.fromRouteName]).sort()).toEqual(
      b.kids.map((kid) => [kid.id, rowOf(b.pickup).routeName]).sort(),
    );

    // A's driver sees all four children, each at their own stop on A's trip.
    const manifest = await manifestOf(a, a.pickup);
    const stopOf = new Map(manifest.riders.map((rider) => [rider.studentId, rider.stopPosition]));
    expect(stopOf).toEqual(
      new Map([
        [a.kids[0]!.id, 1],
        [a.kids[1]!.id, 1],
        [b.kids[0]!.id, 3],
        [b.kids[1]!.id, 2],
      ]),
    );
    const aToday = (await a.driverApi('GET', '/api/driver/today')).body.data as DriverTrip[];
    expect(aToday.find((trip) => trip.id === a.pickup)!.riderCount).toBe(4);
    // B's driver has the trip only as cancelled: no manifest of children to pick up.
    const bToday = (await b.driverApi('GET', '/api/driver/today')).body.data as DriverTrip[];
    expect(bToday.find((trip) => trip.id === b.pickup)?.status ?? 'gone').toMatch(/CANCELLED|gone/);
    const bView = await b.driverApi('GET', `/api/driver/trips/${b.pickup}`);
    expect(bView.status).toBe(200);
    expect((bView.body.data as Manifest).riders).toEqual([]);

    // Birch Road, after A's last stop, is planned one modelled leg (the ETAs' dwell and drive: 1.55 km at
    // 30 km/h, 1.3 detour, 30 s) after Elm Corner's 07:20.
    expect(combined.hostStops.map((stop) => stop.plannedAt)).toEqual(
      ['07:10', '07:20', '07:25'].map((clock) => at(clock).toISOString()),
    );
    // B's parents: with A's time at the stop A shares (Elm Corner 07:20), the estimate at the stop it took over.
    const joinedNotices = await outboxOf(`COMBINED:`);
    const bodyFor = (studentId: string) => joinedNotices.find((row) => row.studentId === studentId)?.body;
    expect(bodyFor(b.kids[1]!.id)).toMatch(/about 07:20.*Elm Corner.*Driver of B is ill/);
    expect(bodyFor(b.kids[0]!.id)).toMatch(/about 07:25 at Birch Road/);
    expect(joinedNotices.find((row) => row.studentId === b.kids[0]!.id)!.userId).toBe(
      await parentUserOf(b.kids[0]!.id),
    );
    // A's parents are told that B's children ride with them; B's parents get no plain "cancelled" notice.
    const hostNotices = (await outboxOf('COMBINED_HOST:')).filter((row) =>
      a.kids.some((kid) => kid.id === row.studentId),
    );
    expect(hostNotices).toHaveLength(2);
    expect(await outboxOf(`CANCELLED:${b.pickup}:`)).toEqual([]);

    // B's parents' Today shows the run on A's trip, with A's time at their stop.
    expect(await todayOf(b.kids[1]!.id)).toMatchObject({
      tripId: a.pickup,
      tripStatus: 'PENDING',
      plannedTime: '07:20',
      cancelReason: null,
    });
    expect(await todayOf(b.kids[0]!.id)).toMatchObject({ tripId: a.pickup, plannedTime: '07:25' });
  });

  it('takes a scan of B’s child on A as this bus’s, and a child of another bus as another bus’s', async () => {
    const { a, b } = await twoBuses();
    expect((await combine(b, a.pickup)).status).toBe(200);
    // A sets out (written directly: the start's own rules are tested elsewhere).
    await t.app.database.db
      .update(trips)
      .set({ status: 'STARTED', startedAt: at('05:50') })
      .where(eq(trips.id, a.pickup));
    const scan = (studentId: string) =>
      a.driverApi('POST', '/api/driver/events', {
        events: [
          {
            eventId: randomUUID(),
            tripId: a.pickup,
            kind: 'BOARD',
            method: 'TAP',
            occurredAt: at('05:55'),
            studentId,
          },
        ],
      });
    const joinedChild = await scan(b.kids[0]!.id);
    expect(joinedChild.status, JSON.stringify(joinedChild.body)).toBe(200);
    expect(joinedChild.body.data.outcomes[0]).toMatchObject({ studentId: b.kids[0]!.id, flag: null });
    const stranger = await bus(1);
    const other = await scan(stranger.kids[0]!.id);
    expect(other.body.data.outcomes[0]).toMatchObject({ flag: 'WRONG_BUS' });
  });

  it('refuses in words when B’s children do not fit in A’s seats', async () => {
    const { a, b } = await twoBuses();
    await t.app.database.db.update(vehicles).set({ capacity: 3 }).where(eq(vehicles.id, a.vehicle.id));
    const refused = await combine(b, a.pickup);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('has 3 seats');
    expect(refused.body.message).toContain('4 children (2 of its own and 2 joining)');
    // Nothing happened: B runs, A keeps its stops.
    expect((await tripRow(b.pickup)).status).toBe('PENDING');
    const combines = (await admin('GET', `/api/trips/combined/${a.pickup}`)).body.data as TripCombines;
    expect(combines).toMatchObject({ combines: [] });
    expect(combines.hostStops).toHaveLength(2);
  });

  it('counts a child’s own approved stop change: moved off B, they neither ride A nor take its seat', async () => {
    const { a, b, stops: s } = await twoBuses();
    const other = await bus(1);
    await t.app.database.db.insert(stopChanges).values({
      studentId: b.kids[0]!.id,
      kind: 'ONE_OFF',
      date: TODAY,
      run: 'PICKUP',
      assignmentId: other.assignmentId,
      stopId: s.ash.id,
      state: 'APPROVED',
      decidedAt: at('05:00'),
    });
    await t.app.database.db.update(vehicles).set({ capacity: 3 }).where(eq(vehicles.id, a.vehicle.id));
    expect((await combine(b, a.pickup)).status).toBe(200);
    const riders = (await manifestOf(a, a.pickup)).riders.map((rider) => rider.studentId);
    expect(riders).toContain(b.kids[1]!.id);
    expect(riders).not.toContain(b.kids[0]!.id);
  });

  it('refuses runs of another day or run, a trip with itself, and a started host', async () => {
    const { a, b } = await twoBuses();
    const otherRun = await combine(b, a.drop);
    expect(otherRun.status).toBe(409);
    expect(otherRun.body.message).toContain('not the same day and run');
    const later = await bus(2, '2026-03-03');
    const otherDay = await combine(b, later.pickup);
    expect(otherDay.status).toBe(409);
    expect(otherDay.body.message).toContain('not the same day and run');
    expect((await combine(b, b.pickup)).status).toBe(409);
    expect((await combine(b, a.pickup, '')).status).toBe(400);
    await t.app.database.db
      .update(trips)
      .set({ status: 'STARTED', startedAt: time.clock() })
      .where(eq(trips.id, a.pickup));
    const started = await combine(b, a.pickup);
    expect(started.status).toBe(409);
    expect(started.body.message).toContain('STARTED');
    expect((await tripRow(b.pickup)).status).toBe('PENDING');
  });
});

describe('adjusting and undoing a combine', () => {
  it('re-orders the host’s stops while it is pending, and the manifest follows', async () => {
    const { a, b } = await twoBuses();
    const { combines } = (await combine(b, a.pickup)).body.data as TripCombines;
    const id = combines[0]!.id;
    const bad = await admin('PUT', `/api/trips/combine/${id}/order`, { positions: [1, 2] });
    expect(bad.status).toBe(400);
    const ordered = await admin('PUT', `/api/trips/combine/${id}/order`, { positions: [3, 1, 2] });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    expect((ordered.body.data as TripCombines).hostStops.map((stop) => stop.name)).toEqual([
      'Birch Road',
      'Ash Lane',
      'Elm Corner',
    ]);
    const manifest = await manifestOf(a, a.pickup);
    expect(manifest.stops.map((stop) => stop.name)).toEqual(['Birch Road', 'Ash Lane', 'Elm Corner']);
    expect(manifest.riders.find((rider) => rider.studentId === b.kids[0]!.id)!.stopPosition).toBe(1);
    // Birch Road, now first, is one leg (3.1 km) before Ash Lane's 07:10; A's own stops keep their plan.
    expect(manifest.stops.map((stop) => stop.plannedAt)).toEqual(
      ['07:01', '07:10', '07:20'].map((clock) => at(clock).toISOString()),
    );
    // Its parent is told the new time, and their Today shows it; the parent at Elm Corner, unchanged, is not told.
    const retimed = (await outboxOf('COMBINED_TIME:')).filter((row) =>
      b.kids.some((kid) => kid.id === row.studentId),
    );
    expect(retimed.map((row) => [row.studentId, row.body])).toEqual([
      [b.kids[0]!.id, expect.stringMatching(/now about 07:01 at Birch Road/)],
    ]);
    expect(await todayOf(b.kids[0]!.id)).toMatchObject({ tripId: a.pickup, plannedTime: '07:01' });
    // The same order again changes no time and tells nobody.
    expect((await admin('PUT', `/api/trips/combine/${id}/order`, { positions: [1, 2, 3] })).status).toBe(200);
    expect(
      (await outboxOf('COMBINED_TIME:')).filter((row) => b.kids.some((kid) => kid.id === row.studentId)),
    ).toHaveLength(1);

    await t.app.database.db.update(trips).set({ status: 'STARTED' }).where(eq(trips.id, a.pickup));
    const late = await admin('PUT', `/api/trips/combine/${id}/order`, { positions: [1, 2, 3] });
    expect(late.status).toBe(409);
    expect((await admin('DELETE', `/api/trips/combine/${id}`)).status).toBe(409);
  });

  it('undoes it: B pending again with its children, A’s added stops gone, B’s parents told', async () => {
    const { a, b } = await twoBuses();
    const { combines } = (await combine(b, a.pickup)).body.data as TripCombines;
    const undone = await admin('DELETE', `/api/trips/combine/${combines[0]!.id}`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((undone.body.data as TripCombines).hostStops.map((stop) => stop.name)).toEqual([
      'Ash Lane',
      'Elm Corner',
    ]);
    expect(await tripRow(b.pickup)).toMatchObject({
      status: 'PENDING',
      finishReason: null,
      cancelledAt: null,
    });
    expect((await manifestOf(a, a.pickup)).riders).toHaveLength(2);
    expect((await manifestOf(b, b.pickup)).riders).toHaveLength(2);
    expect(await outboxOf(`UNCOMBINED:${combines[0]!.id}:`)).toHaveLength(2);
    expect((await admin('DELETE', `/api/trips/combine/${combines[0]!.id}`)).status).toBe(404);

    // The day's changes list the combine and its undo, and not the combine's cancellation of B a second time.
    const listed = ((await admin('GET', `/api/live/changes?date=${TODAY}`)).body.data as DayChange[]).filter(
      (change) => change.tripIds.includes(b.pickup),
    );
    expect(listed.map((change) => [change.kind, change.reason])).toEqual([
      ['COMBINE_UNDONE', null],
      ['COMBINED', 'Driver of B is ill'],
    ]);
    expect(listed[1]!.summary).toContain(`rides with ${(await tripRow(a.pickup)).routeName}`);
  });
});
