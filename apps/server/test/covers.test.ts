import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CredentialKind, DriverTrip, ParentChild, Trip } from '@school-transport/shared';
import { recordsThrough, uniqueTag } from '@school-transport/testing';
import {
  auditLog,
  liveEvents,
  notificationOutbox,
  parents,
  routeRuns,
  students,
  trips,
  vehicles,
} from '../src/db/schema/index.js';
import { sessionTokenOf, tokenFor } from './support/accounts.js';
import { busWithTrips } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Covers (issue 34 item 1, decision 054): another driver, vehicle or both on a route's runs for some days. The
 * substitute must be free, compliant and have the seats; the trips follow at once and at generation, a trip that
 * ran keeps who drove it, and undoing a cover puts the plan back. The operator's clock: 06:10 in London (UTC in
 * March) on Monday 2026-03-02.
 */
const TODAY = '2026-03-02';
const TOMORROW = '2026-03-03';
const time = manualClock(new Date(`${TODAY}T06:10:00Z`));
let t: TestApp;
let admin: Api;
let make: ReturnType<typeof recordsThrough>;
let kinds: CredentialKind[];

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { TIME_ZONE: 'Europe/London', LOG_LEVEL: 'silent' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  make = recordsThrough((method, url, body) => admin(method, url, body));
  kinds = (await admin('GET', '/api/credential-kinds/get-all?limit=100')).body.data;
  return () => t.close();
});

/** A route's driver with today's pickup and drop, PENDING unless `start` says. */
const bus = (children = 2, start: ('PICKUP' | 'DROP')[] = []) =>
  busWithTrips(t.app, admin, time.clock, { children, date: TODAY, start });

/** A signed-in session of the user (drivers and parents sign in on their phone apps), written directly. */
const apiOfUser = async (userId: string) => apiAs(t.app, await sessionTokenOf(t.app, userId, time.clock()));

/** A driver who holds no route, signed in on the driver app. */
async function spareDriver() {
  const driver = await make.driver({ name: `Spare ${uniqueTag()}` });
  return { driver, driverApi: await apiOfUser(driver.user.id) };
}

const cover = (body: object) => admin('POST', '/api/covers/create', { reason: 'Driver off sick', ...body });
const undo = (id: string) => admin('DELETE', `/api/covers/delete/${id}`);
const trip = async (id: string) => (await admin('GET', `/api/trips/get-one/${id}`)).body.data as Trip;
const todayOf = async (driverApi: Api) => {
  const answer = await driverApi('GET', '/api/driver/today');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as DriverTrip[]).map((row) => row.id).sort();
};

describe('a cover', () => {
  it('puts today’s trips on the substitute at once (their driver app, not the regular’s), is listed, and its undo restores the plan', async () => {
    const regular = await bus(2);
    const sub = await spareDriver();
    expect(await todayOf(regular.driverApi)).toEqual([regular.pickup, regular.drop].sort());
    expect(await todayOf(sub.driverApi)).toEqual([]);

    const made = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      driverId: sub.driver.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      lastDate: TODAY,
      run: null,
      planned: { driverName: regular.driver.user.name, vehiclePlate: regular.vehicle.licensePlate },
      driver: { id: sub.driver.id, name: sub.driver.user.name },
      vehicle: null,
      reason: 'Driver off sick',
      tripsCovered: 2,
      tripsLeftAsRun: 0,
    });
    const id = made.body.data.id as string;

    // The driver app: the substitute has the run, the regular driver no longer does; the manifest opens for them.
    expect(await todayOf(sub.driverApi)).toEqual([regular.pickup, regular.drop].sort());
    expect(await todayOf(regular.driverApi)).toEqual([]);
    expect((await sub.driverApi('GET', `/api/driver/trips/${regular.pickup}`)).status).toBe(200);
    expect((await regular.driverApi('GET', `/api/driver/trips/${regular.pickup}`)).status).toBe(404);

    // The office's live stream and the substitute's own hear of it.
    const heard = await t.app.database.db
      .select({ driverUserId: liveEvents.driverUserId })
      .from(liveEvents)
      .where(and(eq(liveEvents.tripId, regular.pickup), eq(liveEvents.type, 'trip')));
    expect(heard.map((row) => row.driverUserId)).toContain(sub.driver.user.id);

    // The trip names who drives and who was planned; a driver-only cover keeps the planned vehicle.
    expect(await trip(regular.pickup)).toMatchObject({
      driver: { name: sub.driver.user.name, licenseNo: sub.driver.licenseNo },
      vehicle: { licensePlate: regular.vehicle.licensePlate },
      cover: {
        id,
        plannedDriver: { name: regular.driver.user.name },
        plannedVehicle: { licensePlate: regular.vehicle.licensePlate },
      },
    });

    const listed = await admin('GET', `/api/covers/get-all?dateFrom=${TODAY}&dateTo=${TODAY}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: { id: string }) => row.id)).toContain(id);
    const later = await admin('GET', `/api/covers/get-all?dateFrom=2026-03-09&dateTo=2026-03-13`);
    expect(later.body.data.map((row: { id: string }) => row.id)).not.toContain(id);

    const undone = await undo(id);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.data).toEqual({ tripsRestored: 2, tripsLeftAsRun: 0 });
    expect(await todayOf(regular.driverApi)).toEqual([regular.pickup, regular.drop].sort());
    expect(await todayOf(sub.driverApi)).toEqual([]);
    expect(await trip(regular.pickup)).toMatchObject({
      driver: { name: regular.driver.user.name },
      vehicle: { licensePlate: regular.vehicle.licensePlate },
      cover: null,
    });
    expect((await undo(id)).status).toBe(404);

    const audited = await t.app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'cover'), eq(auditLog.entityId, id)));
    expect(audited.map((row) => row.action).sort()).toEqual(['cover.created', 'cover.deleted']);
  });

  it('covers one run with another vehicle, and trips generated later for its days get the substitute', async () => {
    const regular = await bus(2);
    const spare = await make.vehicle({ capacity: 10 });
    const made = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      lastDate: TOMORROW,
      run: 'DROP',
      vehicleId: spare.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      run: 'DROP',
      tripsCovered: 1,
      vehicle: { licensePlate: spare.licensePlate },
    });
    expect((await trip(regular.drop)).vehicle.licensePlate).toBe(spare.licensePlate);
    expect((await trip(regular.pickup)).cover).toBeNull();
    // A vehicle-only cover: the regular driver still has both runs.
    expect(await todayOf(regular.driverApi)).toEqual([regular.pickup, regular.drop].sort());

    expect((await admin('POST', '/api/trips/generate', { date: TOMORROW })).status).toBe(200);
    const tomorrow = async () =>
      (
        await admin(
          'GET',
          `/api/trips/get-all?assignmentId=${regular.assignmentId}&dateFrom=${TOMORROW}&dateTo=${TOMORROW}&limit=10`,
        )
      ).body.data as Trip[];
    const generated = await tomorrow();
    expect(generated.map((row) => [row.type, row.vehicle.licensePlate, row.driver.name]).sort()).toEqual([
      ['DROP', spare.licensePlate, regular.driver.user.name],
      ['PICKUP', regular.vehicle.licensePlate, regular.driver.user.name],
    ]);

    expect((await undo(made.body.data.id)).body.data).toEqual({ tripsRestored: 2, tripsLeftAsRun: 0 });
    expect((await tomorrow()).map((row) => row.vehicle.licensePlate)).toEqual([
      regular.vehicle.licensePlate,
      regular.vehicle.licensePlate,
    ]);
  });

  it('leaves a started trip as it runs, and its undo leaves it too', async () => {
    const regular = await bus(2, ['PICKUP']);
    const sub = await spareDriver();
    const made = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      driverId: sub.driver.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ tripsCovered: 1, tripsLeftAsRun: 1 });
    expect(made.body.message).toBe(
      'Cover saved: 1 trip(s) now name the substitute. 1 trip(s) had started, finished or been cancelled and keep who drove them.',
    );
    expect(await trip(regular.pickup)).toMatchObject({
      status: 'STARTED',
      driver: { name: regular.driver.user.name },
      cover: null,
    });
    expect((await trip(regular.drop)).driver.name).toBe(sub.driver.user.name);
    expect(await todayOf(regular.driverApi)).toEqual([regular.pickup]);
    expect(await todayOf(sub.driverApi)).toEqual([regular.drop]);

    expect((await undo(made.body.data.id)).body.data).toEqual({ tripsRestored: 1, tripsLeftAsRun: 1 });
    expect((await trip(regular.pickup)).driver.name).toBe(regular.driver.user.name);
    expect((await trip(regular.drop)).driver.name).toBe(regular.driver.user.name);
  });
});

describe('the rules', () => {
  it('refuses a second cover of the same run, a substitute driving their own run or another cover then, and a vehicle already running', async () => {
    const regular = await bus(1);
    const busy = await bus(1);
    const sub = await spareDriver();
    const first = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      lastDate: TOMORROW,
      run: 'PICKUP',
      driverId: sub.driver.id,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const regularRoute = first.body.data.routeName as string;

    // The same run on a day the first cover holds.
    const again = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TOMORROW,
      vehicleId: (await make.vehicle()).id,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `${regularRoute} already has a cover for the pickup run from 2 Mar 2026 to 3 Mar 2026: undo it first, or cover other days.`,
    );

    // A driver with their own route has its pickup run at the same time (neither route has a schedule: any pickup).
    const own = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      run: 'DROP',
      driverId: busy.driver.id,
    });
    expect(own.status).toBe(409);
    expect(own.body.message).toMatch(
      new RegExp(
        `^${busy.driver.user.name} is not free for the drop run on 2 Mar 2026: ${busy.driver.user.name} runs Route .*'s drop run at the same time\\.$`,
      ),
    );

    // The substitute already covers a pickup those days.
    const other = await bus(1);
    const twice = await cover({
      assignmentId: other.assignmentId,
      firstDate: TOMORROW,
      driverId: sub.driver.id,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      `${sub.driver.user.name} is not free for both runs on 3 Mar 2026: ${sub.driver.user.name} covers ${regularRoute}'s pickup run from 2 Mar 2026 to 3 Mar 2026 at the same time.`,
    );
    // …but is free for the drop run.
    const drop = await cover({
      assignmentId: other.assignmentId,
      firstDate: TOMORROW,
      run: 'DROP',
      driverId: sub.driver.id,
    });
    expect(drop.status, JSON.stringify(drop.body)).toBe(200);

    // A vehicle running its own route's pickup; the route's own driver.
    const vehicleBusy = await cover({
      assignmentId: other.assignmentId,
      firstDate: TODAY,
      run: 'PICKUP',
      vehicleId: busy.vehicle.id,
    });
    expect(vehicleBusy.status).toBe(409);
    expect(vehicleBusy.body.message).toMatch(
      new RegExp(`^${busy.vehicle.licensePlate} is not free for the pickup run`),
    );
    const self = await cover({
      assignmentId: other.assignmentId,
      firstDate: TODAY,
      run: 'PICKUP',
      driverId: other.driver.id,
    });
    expect(self.status).toBe(409);
    expect(self.body.message).toMatch(/already drives Route .*: choose another driver\.$/);
  });

  it('takes a driver whose own run ends before the covered one starts', async () => {
    const early = await bus(1);
    const late = await bus(1);
    const routeIds = await Promise.all(
      [early, late].map(async (b) => {
        const [row] = await t.app.database.db.select().from(trips).where(eq(trips.id, b.pickup));
        return row!.routeId!;
      }),
    );
    await t.app.database.db.insert(routeRuns).values([
      { routeId: routeIds[0]!, run: 'PICKUP', startTime: '07:00:00' },
      { routeId: routeIds[1]!, run: 'PICKUP', startTime: '08:00:00' },
    ]);
    const made = await cover({
      assignmentId: late.assignmentId,
      firstDate: TODAY,
      run: 'PICKUP',
      driverId: early.driver.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // At 07:00 the early driver drives their own route: not free for a run at the same time.
    await t.app.database.db
      .update(routeRuns)
      .set({ startTime: '07:00:00' })
      .where(eq(routeRuns.routeId, routeIds[1]!));
    expect((await undo(made.body.data.id)).status).toBe(200);
    const clash = await cover({
      assignmentId: late.assignmentId,
      firstDate: TODAY,
      run: 'PICKUP',
      driverId: early.driver.id,
    });
    expect(clash.status).toBe(409);
  });

  it('refuses a vehicle without the seats for the route’s children', async () => {
    const regular = await bus(3);
    const small = await make.vehicle({ capacity: 2 });
    const refused = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      vehicleId: small.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      new RegExp(`^${small.licensePlate} has 2 seats; Route .* carries 3 children\\.$`),
    );
  });

  it('runs the compliance gate on the substitute: an expired blocking credential by the cover’s last day', async () => {
    const regular = await bus(1);
    const sub = await spareDriver();
    const licence = kinds.find((kind) => kind.name === 'Driving licence')!;
    const saved = await admin('POST', '/api/credentials/save', {
      driverId: sub.driver.id,
      kindId: licence.id,
      number: `N-${randomUUID().slice(0, 8)}`,
      expiresOn: '2026-03-04',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const long = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      lastDate: '2026-03-06',
      driverId: sub.driver.id,
    });
    expect(long.status).toBe(409);
    expect(long.body.message).toBe(
      `The substitute cannot run both runs from 2 Mar 2026 to 6 Mar 2026: ${sub.driver.user.name}'s driving licence expired on 4 Mar 2026.`,
    );
    const short = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      lastDate: TOMORROW,
      driverId: sub.driver.id,
    });
    expect(short.status, JSON.stringify(short.body)).toBe(200);
  });

  it('keeps the substitute’s records while a cover names them', async () => {
    const regular = await bus(1);
    const sub = await spareDriver();
    const spare = await make.vehicle();
    const made = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      driverId: sub.driver.id,
      vehicleId: spare.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const driverGone = await admin('DELETE', `/api/drivers/delete/${sub.driver.id}`);
    expect(driverGone.status).toBe(409);
    expect(driverGone.body.message).toBe('This driver is named by a cover: undo the cover first.');
    const vehicleGone = await admin('DELETE', `/api/vehicles/delete/${spare.id}`);
    expect(vehicleGone.status).toBe(409);
    expect(vehicleGone.body.message).toBe('This vehicle is named by a cover: undo the cover first.');
    expect((await undo(made.body.data.id)).status).toBe(200);
    expect((await admin('DELETE', `/api/drivers/delete/${sub.driver.id}`)).status).toBe(200);
    expect((await admin('DELETE', `/api/vehicles/delete/${spare.id}`)).status).toBe(200);
  });

  it('refuses bad input in words', async () => {
    const regular = await bus(1);
    const none = await cover({ assignmentId: regular.assignmentId, firstDate: TODAY });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('Choose a substitute driver, a substitute vehicle, or both');
    const sub = await spareDriver();
    const past = await cover({
      assignmentId: regular.assignmentId,
      firstDate: '2026-03-01',
      driverId: sub.driver.id,
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('A cover cannot start before today (2 Mar 2026).');
    const backwards = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TOMORROW,
      lastDate: TODAY,
      driverId: sub.driver.id,
    });
    expect(backwards.status).toBe(400);
    const gone = await cover({ assignmentId: randomUUID(), firstDate: TODAY, driverId: sub.driver.id });
    expect(gone.status).toBe(400);
  });

  it('is for administrators only', async () => {
    const regular = await bus(1);
    const sub = await spareDriver();
    const body = {
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      driverId: sub.driver.id,
      reason: 'Sick',
    };
    const calls: ['GET' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', `/api/covers/get-all?dateFrom=${TODAY}&dateTo=${TODAY}`],
      ['POST', '/api/covers/create', body],
      ['DELETE', `/api/covers/delete/${randomUUID()}`],
    ];
    const driver = apiAs(t.app, await tokenFor(t.app, 'driver'));
    const parent = apiAs(t.app, await tokenFor(t.app, 'parent'));
    const anonymous = apiAs(t.app, '');
    for (const [method, url, payload] of calls) {
      expect((await driver(method, url, payload)).status, `${method} ${url}`).toBe(403);
      expect((await parent(method, url, payload)).status, `${method} ${url}`).toBe(403);
      expect((await anonymous(method, url, payload)).status, `${method} ${url}`).toBe(401);
    }
    expect(await todayOf(regular.driverApi)).toEqual([regular.pickup, regular.drop].sort());
  });

  // Last: a checklist for the substitute vehicle's type makes its inspection due.
  it('leaves the pre-trip inspection to the start, which asks it of the substitute vehicle', async () => {
    const regular = await bus(1);
    const sub = await spareDriver();
    const spare = await make.vehicle();
    const type = `Coach ${uniqueTag()}`;
    await t.app.database.db.update(vehicles).set({ type }).where(eq(vehicles.id, spare.id));
    const checklist = await admin('POST', '/api/inspections/checklists', {
      vehicleType: type.toUpperCase(),
      items: [{ id: 'brakes', label: 'Brakes' }],
    });
    expect(checklist.status, JSON.stringify(checklist.body)).toBe(200);
    const made = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      driverId: sub.driver.id,
      vehicleId: spare.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const start = await sub.driverApi('POST', `/api/driver/trips/${regular.pickup}/start`);
    expect(start.status).toBe(409);
    expect(start.body.message).toContain(`No pre-trip inspection of ${spare.licensePlate} today.`);
  });
});

/** The parent account of each child, by child id. */
async function parentsOf(studentIds: string[]) {
  const rows = await t.app.database.db
    .select({ studentId: students.id, userId: parents.userId })
    .from(students)
    .innerJoin(parents, eq(parents.id, students.parentId))
    .where(inArray(students.id, studentIds));
  return new Map(rows.map((row) => [row.studentId, row.userId]));
}

/** The outbox rows whose dedup key starts with `prefix`. */
const outbox = (prefix: string) =>
  t.app.database.db
    .select()
    .from(notificationOutbox)
    .where(like(notificationOutbox.dedupKey, `${prefix}%`));

describe('parents told of a cover (issue 34 item 5)', () => {
  it('tells the parents of the covered route’s children what changed today, once, and that the plan holds again on undo; no one else', async () => {
    const covered = await busWithTrips(t.app, admin, time.clock, {
      children: 1,
      otherFamily: 1,
      date: TODAY,
      start: [],
    });
    const elsewhere = await bus(1);
    const families = await parentsOf([...covered.kids, ...elsewhere.kids].map((kid) => kid.id));
    const coveredParents = covered.kids.map((kid) => families.get(kid.id)!).sort();
    const otherParent = families.get(elsewhere.kids[0]!.id)!;
    expect(new Set(coveredParents).size).toBe(2);
    const sub = await spareDriver();
    const spare = await make.vehicle({ capacity: 10 });

    const made = await cover({
      assignmentId: covered.assignmentId,
      firstDate: TODAY,
      run: 'PICKUP',
      driverId: sub.driver.id,
      vehicleId: spare.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id as string;
    const told = await outbox(`COVERED:${id}:`);
    // One notice per child on the one covered trip (the pickup), for their own parent only.
    expect(told.map((row) => row.userId).sort()).toEqual(coveredParents);
    expect(told.map((row) => row.userId)).not.toContain(otherParent);
    expect(told.every((row) => row.dedupKey.includes(covered.pickup))).toBe(true);
    const routeName = made.body.data.routeName as string;
    const kid = covered.kids[0]!;
    const mine = told.find((row) => row.studentId === kid.id)!;
    expect(mine).toMatchObject({
      kind: 'COVERED',
      url: '/parent',
      title: `A change to ${kid.name}’s morning run today`,
      body: `Today the morning run (${routeName}) is bus ${spare.licensePlate} with driver ${sub.driver.user.name} instead of ${covered.vehicle.licensePlate} with ${covered.driver.user.name}.`,
    });

    // The parent's Today says who is coming, and that both stand in today.
    const portal = await apiOfUser(families.get(kid.id)!);
    const today = await portal('GET', '/api/parent/children');
    expect(today.status, JSON.stringify(today.body)).toBe(200);
    const runs = (today.body.data as ParentChild[]).find((child) => child.id === kid.id)!.runs;
    expect(runs.find((run) => run.run === 'PICKUP')!.coming).toEqual({
      driverName: sub.driver.user.name,
      vehiclePlate: spare.licensePlate,
      substituteDriver: true,
      substituteVehicle: true,
    });
    expect(runs.find((run) => run.run === 'DROP')!.coming).toEqual({
      driverName: covered.driver.user.name,
      vehiclePlate: covered.vehicle.licensePlate,
      substituteDriver: false,
      substituteVehicle: false,
    });

    const undone = await undo(id);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const back = await outbox(`UNCOVERED:${id}:`);
    expect(back.map((row) => row.userId).sort()).toEqual(coveredParents);
    expect(back.find((row) => row.studentId === kid.id)).toMatchObject({
      kind: 'COVERED',
      title: `${kid.name}’s morning run is back to its plan today`,
      body: `Today the morning run (${routeName}) runs as planned: bus ${covered.vehicle.licensePlate} with driver ${covered.driver.user.name}.`,
    });
    // Nothing sent twice: the cover's notices are still the same rows.
    expect(await outbox(`COVERED:${id}:`)).toHaveLength(told.length);
    const after = await portal('GET', '/api/parent/children');
    const pickup = (after.body.data as ParentChild[])
      .find((child) => child.id === kid.id)!
      .runs.find((run) => run.run === 'PICKUP')!;
    expect(pickup.coming).toMatchObject({ substituteDriver: false, substituteVehicle: false });
  });

  it('names only what changed, and tells nothing of a cover of a later day', async () => {
    const regular = await bus(1);
    const sub = await spareDriver();
    const made = await cover({
      assignmentId: regular.assignmentId,
      firstDate: TODAY,
      driverId: sub.driver.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const told = await outbox(`COVERED:${made.body.data.id}:`);
    // Both runs of today, one child.
    expect(told).toHaveLength(2);
    expect(told.map((row) => row.body)).toContain(
      `Today the morning run (${made.body.data.routeName}) comes with driver ${sub.driver.user.name} instead of ${regular.driver.user.name}.`,
    );

    const later = await busWithTrips(t.app, admin, time.clock, { children: 1, date: TOMORROW, start: [] });
    const spare = await make.vehicle({ capacity: 10 });
    const ahead = await cover({ assignmentId: later.assignmentId, firstDate: TOMORROW, vehicleId: spare.id });
    expect(ahead.status, JSON.stringify(ahead.body)).toBe(200);
    expect(ahead.body.data.tripsCovered).toBe(2);
    expect(await outbox(`COVERED:${ahead.body.data.id}:`)).toHaveLength(0);
    expect((await undo(ahead.body.data.id)).status).toBe(200);
    expect(await outbox(`UNCOVERED:${ahead.body.data.id}:`)).toHaveLength(0);
  });
});
