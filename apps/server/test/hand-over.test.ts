import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuthorizedAdult,
  HandOverOfChild,
  Manifest,
  ParentChild,
  RidershipEventInput,
} from '@school-transport/shared';
import { alerts, notificationOutbox } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { familyOnBus, MILL, type FamilyOnBus } from './support/parent-families.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Hand-over at drop-off (decision 065). The operator's rule flags classes up to grade 4: each family's first
 * child (class "4") needs hand-over, a second child (class "5") does not. Two families on two buses, each with its
 * own guardian and driver, try each other's children and adults.
 */
const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T14:00:00Z`));
let t: TestApp;
let admin: Api;
/** Two children: the first needs hand-over, the second not. */
let oak: FamilyOnBus;
let elm: FamilyOnBus;

beforeAll(async () => {
  t = await createTestApp({
    clock: time.clock,
    env: { LOG_LEVEL: 'silent', TIME_ZONE: 'Europe/London', HAND_OVER_UP_TO_GRADE: '4' },
  });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  oak = await familyOnBus(t.app, admin, time.clock, { date: TODAY, children: 2 });
  elm = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
  // The afternoon runs start at 15:15; the clock stands just after, both buses running.
  time.advance(Date.parse(`${TODAY}T15:16:00Z`) - time.clock().getTime());
  for (const family of [oak, elm])
    expect((await family.driverApi('POST', `/api/driver/trips/${family.drop}/start`)).status).toBe(200);
});
afterAll(() => t.close());

const adultsPath = (studentId: string) => `/api/parent/children/${studentId}/authorized-adults`;
const adultInput = (name: string) => ({ name, relation: 'Grandmother', phone: '+44 20 7946 0000' });

async function addAdult(family: FamilyOnBus, studentId: string, name: string): Promise<AuthorizedAdult> {
  const answer = await family.parentApi('POST', adultsPath(studentId), adultInput(name));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as AuthorizedAdult;
}

const leave = (family: FamilyOnBus, studentId: string, extra: Partial<RidershipEventInput> = {}) =>
  family.driverApi('POST', '/api/driver/events', {
    events: [
      {
        eventId: randomUUID(),
        tripId: family.drop,
        kind: 'ALIGHT',
        studentId,
        method: 'TAP',
        occurredAt: time.clock().toISOString(),
        ...MILL,
        ...extra,
      },
    ],
  });

const manifestOf = async (family: FamilyOnBus) => {
  const answer = await family.driverApi('GET', `/api/driver/trips/${family.drop}`);
  expect(answer.status).toBe(200);
  return answer.body.data as Manifest;
};
const riderOf = async (family: FamilyOnBus, studentId: string) =>
  (await manifestOf(family)).riders.find((rider) => rider.studentId === studentId)!;

const miss = (family: FamilyOnBus, studentId: string, missId = randomUUID()) =>
  family.driverApi('POST', '/api/driver/hand-over-misses', {
    missId,
    tripId: family.drop,
    studentId,
    stopPosition: 1,
    occurredAt: time.clock().toISOString(),
  });

const tick = () => time.advance(60_000);

describe('which children need hand-over', () => {
  it('follows the class rule, and the office overrides it per child', async () => {
    const [young, older] = oak.kids;
    const read = async (id: string) =>
      (await admin('GET', `/api/students/${id}/authorized-adults`)).body.data as HandOverOfChild;
    // With the operator's rule of a child no adult receives (HAND_OVER_NO_ADULT, KEEP_ON_BOARD by default).
    expect(await read(young!.id)).toMatchObject({
      needed: true,
      choice: 'RULE',
      noAdultRule: 'KEEP_ON_BOARD',
      adults: [],
    });
    expect(await read(older!.id)).toMatchObject({ needed: false, choice: 'RULE' });

    const student = (await admin('GET', `/api/students/get-one/${older!.id}`)).body.data;
    const update = async (handOver: string) =>
      admin('PUT', `/api/students/update/${older!.id}`, {
        parentId: student.parent.id,
        name: student.name,
        class: student.class,
        rollNo: student.rollNo,
        nfcTagId: student.nfcTagId ?? '',
        pickupAndDropLat: student.pickupAndDropLat,
        pickupAndDropLng: student.pickupAndDropLng,
        pickupDropAddress: student.pickupDropAddress ?? '',
        doorToDoor: student.doorToDoor,
        handOver,
      });
    expect((await update('ALWAYS')).status).toBe(200);
    expect(await read(older!.id)).toMatchObject({ needed: true, choice: 'ALWAYS' });
    expect((await update('RULE')).status).toBe(200);
    expect((await admin('GET', `/api/students/get-one/${older!.id}`)).body.data.handOver).toBe('RULE');
  });
});

describe('authorized adults', () => {
  it('a guardian lists and adds the adults of their own child only; the office adds and removes', async () => {
    const young = oak.kids[0]!;
    const gran = await addAdult(oak, young.id, 'Gran Oak');
    const listed = (await oak.parentApi('GET', adultsPath(young.id))).body.data as HandOverOfChild;
    expect(listed.needed).toBe(true);
    expect(listed.adults.map((adult) => adult.name)).toEqual(['Gran Oak']);

    // Another family's guardian: their child's adults are not found, as an id that does not exist.
    expect((await elm.parentApi('GET', adultsPath(young.id))).status).toBe(404);
    expect((await elm.parentApi('POST', adultsPath(young.id), adultInput('Intruder'))).status).toBe(404);
    expect((await elm.parentApi('DELETE', `/api/parent/authorized-adults/${gran.id}`)).status).toBe(404);
    // Validation with the form's schema.
    const bad = await oak.parentApi('POST', adultsPath(young.id), { name: '', relation: 'Aunt', phone: 'x' });
    expect(bad.status).toBe(400);

    const byOffice = await admin(
      'POST',
      `/api/students/${young.id}/authorized-adults`,
      adultInput('Nanny Oak'),
    );
    expect(byOffice.status).toBe(201);
    const nanny = byOffice.body.data as AuthorizedAdult;
    expect((await admin('DELETE', `/api/authorized-adults/${nanny.id}`)).status).toBe(200);
    expect((await admin('DELETE', `/api/authorized-adults/${nanny.id}`)).status).toBe(404);
    const audit = await admin('GET', `/api/audit?search=authorized_adult`);
    if (audit.status === 200) expect(JSON.stringify(audit.body)).toContain('authorized_adult');

    // The guardian removes their own.
    const aunt = await addAdult(oak, young.id, 'Aunt Oak');
    expect((await oak.parentApi('DELETE', `/api/parent/authorized-adults/${aunt.id}`)).status).toBe(200);
  });

  it('a driver sees the adults of the flagged children of the trip they hold now, not of another bus', async () => {
    const young = oak.kids[0]!;
    const rider = await riderOf(oak, young.id);
    expect(rider.handOver?.adults.map((adult) => adult.name)).toEqual(['Gran Oak']);
    expect((await riderOf(oak, oak.kids[1]!.id)).handOver).toBeNull();
    // Elm's driver: Oak's trip does not exist for them, nor may they say "no adult" on it.
    expect((await elm.driverApi('GET', `/api/driver/trips/${oak.drop}`)).status).toBe(404);
    const foreign = await elm.driverApi('POST', '/api/driver/hand-over-misses', {
      missId: randomUUID(),
      tripId: oak.drop,
      studentId: young.id,
      occurredAt: time.clock().toISOString(),
    });
    expect(foreign.status).toBe(404);
    // Nor for a child of another bus on their own trip.
    expect((await miss(elm, young.id)).status).toBe(404);
  });
});

describe('drop-off of a flagged child', () => {
  it('is refused without who received them, or with an adult of another child, and kept with the trip', async () => {
    const young = oak.kids[0]!;
    await oak.ride(oak.drop, young.id, 'BOARD');
    tick();
    const elmAdult = await addAdult(elm, elm.kids[0]!.id, 'Gran Elm');

    const without = await leave(oak, young.id);
    expect(without.status).toBe(409);
    expect(without.body.message).toContain('must be handed to an authorized adult');
    const wrong = await leave(oak, young.id, { receivedBy: elmAdult.id });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toContain('not one of');
    expect((await riderOf(oak, young.id)).state).toBe('ON_BUS');

    const gran = (await riderOf(oak, young.id)).handOver!.adults[0]!;
    const handed = await leave(oak, young.id, { receivedBy: gran.id });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    const manifest = await manifestOf(oak);
    expect(manifest.riders.find((rider) => rider.studentId === young.id)!.state).toBe('LEFT');
    const left = manifest.events.find((event) => event.kind === 'ALIGHT' && event.studentId === young.id)!;
    expect(left.receivedBy).toEqual({ adultId: gran.id, name: 'Gran Oak', relation: 'Grandmother' });
    // The office's trip page reads the same record.
    const office = (await admin('GET', `/api/trips/${oak.drop}/manifest`)).body.data as Manifest;
    expect(office.events.some((event) => event.receivedBy?.name === 'Gran Oak')).toBe(true);
    // And the guardians: Today and history.
    const children = (await oak.parentApi('GET', '/api/parent/children')).body.data as ParentChild[];
    const run = children.find((child) => child.id === young.id)!.runs.find((row) => row.run === 'DROP')!;
    expect(run.left?.receivedBy?.name).toBe('Gran Oak');
    const history = (await oak.parentApi('GET', `/api/parent/children/${young.id}/history`)).body.data;
    expect(history[0].left.receivedBy.name).toBe('Gran Oak');
  });

  it('a child who needs no hand-over leaves as before', async () => {
    const older = oak.kids[1]!;
    await oak.ride(oak.drop, older.id, 'BOARD');
    tick();
    const answer = await leave(oak, older.id);
    expect(answer.status).toBe(200);
    expect((await riderOf(oak, older.id)).state).toBe('LEFT');
  });
});

describe('no authorized adult at the stop', () => {
  it('keeps the child ON_BUS, alerts the office once and tells the guardians', async () => {
    const young = elm.kids[0]!;
    await elm.ride(elm.drop, young.id, 'BOARD');
    tick();
    const missId = randomUUID();
    const first = await miss(elm, young.id, missId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ duplicate: false, rule: 'KEEP_ON_BOARD' });
    expect((await miss(elm, young.id, missId)).body.data.duplicate).toBe(true);
    tick();
    // Said again at another stop: stored, but the office and the family are not told twice.
    expect((await miss(elm, young.id)).body.data.duplicate).toBe(false);

    const raised = await t.app.database.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.kind, 'NO_AUTHORIZED_ADULT'), eq(alerts.tripId, elm.drop)));
    expect(raised).toHaveLength(1);
    expect(raised[0]!.studentId).toBe(young.id);
    const board = await admin('GET', '/api/alerts');
    expect(JSON.stringify(board.body)).toContain('NO_AUTHORIZED_ADULT');

    const told = await t.app.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.kind, 'NO_AUTHORIZED_ADULT'));
    expect(told.filter((row) => row.userId === elm.parentUserId)).toHaveLength(1);
    expect(told.some((row) => row.userId === oak.parentUserId)).toBe(false);
    expect(told[0]!.title).toContain('still on the bus');

    const rider = await riderOf(elm, young.id);
    expect(rider.state).toBe('ON_BUS');
    expect(rider.handOverMiss).toMatchObject({ rule: 'KEEP_ON_BOARD', stopName: elm.stops.mill.name });
    const children = (await elm.parentApi('GET', '/api/parent/children')).body.data as ParentChild[];
    const run = children[0]!.runs.find((row) => row.run === 'DROP')!;
    expect(run.state).toBe('BOARDED');
    expect(run.handOverMiss?.stopName).toBe(elm.stops.mill.name);

    // The finish needs no reason for a child kept on board under the rule, and raises no second alert.
    const finished = await elm.driverApi('POST', `/api/driver/trips/${elm.drop}/finish`, {});
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    const finishAlerts = await t.app.database.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.kind, 'FINISHED_WITH_CHILD'), eq(alerts.tripId, elm.drop)));
    expect(finishAlerts).toHaveLength(0);
  });

  it('is refused for a child who needs no hand-over', async () => {
    const answer = await miss(oak, oak.kids[1]!.id);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('does not need to be handed over');
  });
});
