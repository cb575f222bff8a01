import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, ParentChild, StopChange, StopOption } from '@school-transport/shared';
import { notificationOutbox, ridershipEvents, routeAssignments, vehicles } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { familyOnBus, type FamilyOnBus } from './support/parent-families.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Stop changes (issue 34 item 4, decision 057): a parent requests a child's other stop for one date or some
 * weekdays, the office approves (seats checked) or declines (with a reason), and approved ones move the child on
 * the manifests of the days they cover, and only those. The operator's clock: 06:10 in London (UTC in March) on
 * Monday 2026-03-02; the cut-off is 120 minutes before the planned time at the child's stop (pickup 07:30, drop
 * 15:35 at Mill).
 */
const MONDAY = '2026-03-02';
const TUESDAY = '2026-03-03';
const WEDNESDAY = '2026-03-04';
const time = manualClock(new Date(`${MONDAY}T06:10:00Z`));
let t: TestApp;
let admin: Api;
let driverOnly: Api;
let anonymous: Api;
/** The family that asks. */
let asker: FamilyOnBus;
/** The friend's route the child goes home on; a family of its own, who must see nothing of the asker's. */
let friend: FamilyOnBus;

beforeAll(async () => {
  t = await createTestApp({
    clock: time.clock,
    env: { LOG_LEVEL: 'silent', TIME_ZONE: 'Europe/London', ABSENCE_CUTOFF_MINUTES: '120' },
  });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  anonymous = apiAs(t.app, '');
  asker = await familyOnBus(t.app, admin, time.clock, { date: MONDAY, children: 2 });
  friend = await familyOnBus(t.app, admin, time.clock, { date: MONDAY });
  driverOnly = friend.driverApi;
  for (const date of [TUESDAY, WEDNESDAY])
    expect((await admin('POST', '/api/trips/generate', { date })).status).toBe(200);
  return () => t.close();
});

const child = (n = 0) => asker.kids[n]!.id;
const toFriendsMill = (studentId: string) => ({
  studentId,
  assignmentId: friend.assignmentId,
  stopId: friend.stops.mill.id,
});

async function request(family: FamilyOnBus, body: object) {
  return family.parentApi('POST', '/api/parent/stop-changes', body);
}
async function requested(body: object): Promise<StopChange> {
  const answer = await request(asker, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as StopChange;
}
async function manifest(tripId: string): Promise<Manifest> {
  const answer = await admin('GET', `/api/trips/${tripId}/manifest`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Manifest;
}
const riderIds = async (tripId: string) => (await manifest(tripId)).riders.map((rider) => rider.studentId);
const queue = async (state = 'REQUESTED') => {
  const answer = await admin('GET', `/api/stop-changes?state=${state}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as StopChange[];
};
const told = (studentId: string) =>
  t.app.database.db
    .select({ title: notificationOutbox.title, body: notificationOutbox.body })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.studentId, studentId), eq(notificationOutbox.kind, 'STOP_CHANGE')));

describe('a one-off change', () => {
  it('is requested by the parent, queued with the seats left, approved, and moves the child on that date’s drop only', async () => {
    const target = { assignmentId: friend.assignmentId, stopId: friend.stops.mill.id };
    const options = await asker.parentApi('GET', '/api/parent/stop-options');
    expect(options.status).toBe(200);
    expect(options.body.data as StopOption[]).toContainEqual(
      expect.objectContaining({ ...target, runs: ['PICKUP', 'DROP'] } as object),
    );

    const made = await requested({
      ...toFriendsMill(child()),
      kind: 'ONE_OFF',
      date: TUESDAY,
      run: 'DROP',
      note: 'Home with a friend',
    });
    expect(made).toMatchObject({
      state: 'REQUESTED',
      kind: 'ONE_OFF',
      date: TUESDAY,
      run: 'DROP',
      to: { ...target, stopName: friend.stops.mill.name },
      from: { assignmentId: asker.assignmentId, stopName: asker.stops.mill.name },
      requestedBy: asker.parentEmail,
    });

    // The office's queue: the request with the seats left on the friend's bus (30 seats, one child seated).
    const pending = (await queue()).find((row) => row.id === made.id);
    expect(pending).toMatchObject({ studentName: asker.kids[0]!.name, seatsLeft: 29 });
    const count = await admin('GET', '/api/stop-changes/pending-count');
    expect(count.body.data.pending).toBeGreaterThanOrEqual(1);

    // Nothing moves before the office approves.
    expect(await riderIds(await friend.tripOf('DROP', TUESDAY))).not.toContain(child());

    const approved = await admin('POST', `/api/stop-changes/${made.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ state: 'APPROVED', seatsLeft: 28 });
    const twice = await admin('POST', `/api/stop-changes/${made.id}/approve`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('The office has already approved this change.');

    // Tuesday's drop: on the friend's bus at its Mill stop, not on their own; the morning and other days as planned.
    const friendsDrop = await manifest(await friend.tripOf('DROP', TUESDAY));
    const rider = friendsDrop.riders.find((row) => row.studentId === child());
    const millPosition = friendsDrop.stops.find((stop) => stop.stopId === friend.stops.mill.id)!.position;
    expect(rider?.stopPosition).toBe(millPosition);
    expect(await riderIds(await asker.tripOf('DROP', TUESDAY))).not.toContain(child());
    expect(await riderIds(await asker.tripOf('PICKUP', TUESDAY))).toContain(child());
    expect(await riderIds(await asker.tripOf('DROP', WEDNESDAY))).toContain(child());
    expect(await riderIds(await friend.tripOf('DROP', WEDNESDAY))).not.toContain(child());
    expect(await riderIds(await asker.tripOf('DROP', TUESDAY))).toContain(child(1));

    // The parent's Today of Tuesday: the drop on the friend's route, from its Mill stop; the pickup as planned.
    const today = await asker.parentApi('GET', `/api/parent/children?date=${TUESDAY}`);
    expect(today.status, JSON.stringify(today.body)).toBe(200);
    const runs = (today.body.data as ParentChild[]).find((row) => row.id === child())!.runs;
    expect(runs.find((run) => run.run === 'DROP')).toMatchObject({
      tripId: await friend.tripOf('DROP', TUESDAY),
      stop: { name: friend.stops.mill.name },
      busVisible: false,
    });
    expect(runs.find((run) => run.run === 'PICKUP')).toMatchObject({
      tripId: await asker.tripOf('PICKUP', TUESDAY),
      stop: { name: asker.stops.mill.name },
    });

    // The parent is told, in the outbox, and reads the state.
    expect(await told(child())).toEqual([
      expect.objectContaining({ title: `Stop change approved for ${asker.kids[0]!.name}` }),
    ]);
    const mine = await asker.parentApi('GET', '/api/parent/stop-changes');
    expect((mine.body.data as StopChange[]).find((row) => row.id === made.id)).toMatchObject({
      state: 'APPROVED',
      decidedBy: 'the office',
    });
  });
});

describe('a weekly change', () => {
  it('entered by the office is approved at once and reaches the manifests of its weekday only', async () => {
    const entered = await admin('POST', '/api/stop-changes', {
      ...toFriendsMill(child(1)),
      kind: 'WEEKLY',
      weekdays: [3],
      validFrom: MONDAY,
      run: 'PICKUP',
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    expect(entered.body.data).toMatchObject({ state: 'APPROVED', weekdays: [3] });
    expect(await riderIds(await friend.tripOf('PICKUP', WEDNESDAY))).toContain(child(1));
    expect(await riderIds(await asker.tripOf('PICKUP', WEDNESDAY))).not.toContain(child(1));
    expect(await riderIds(await friend.tripOf('PICKUP', TUESDAY))).not.toContain(child(1));
    expect(await riderIds(await asker.tripOf('PICKUP', TUESDAY))).toContain(child(1));
    // Nobody asked: no notification.
    expect(await told(child(1))).toEqual([]);

    // A one-off change beats the weekly one on its date: this Wednesday, back at the child's own stop.
    const back = await admin('POST', '/api/stop-changes', {
      studentId: child(1),
      assignmentId: asker.assignmentId,
      stopId: asker.stops.mill.id,
      kind: 'ONE_OFF',
      date: WEDNESDAY,
      run: 'PICKUP',
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.seatsLeft).toBeNull();
    expect(await riderIds(await friend.tripOf('PICKUP', WEDNESDAY))).not.toContain(child(1));
    expect(await riderIds(await asker.tripOf('PICKUP', WEDNESDAY))).toContain(child(1));
  });
});

describe('a moved child on the bus', () => {
  it('is this bus’s child when scanned on the run the change moves them to, and another bus’s child elsewhere', async () => {
    const entered = await admin('POST', '/api/stop-changes', {
      ...toFriendsMill(child(1)),
      kind: 'ONE_OFF',
      date: MONDAY,
      run: 'PICKUP',
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    const started = await friend.driverApi('POST', `/api/driver/trips/${friend.pickup}/start`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await friend.ride(friend.pickup, child(1), 'BOARD');
    await friend.ride(friend.pickup, child(0), 'BOARD');
    const events = await t.app.database.db
      .select({
        studentId: ridershipEvents.studentId,
        name: ridershipEvents.studentName,
        flag: ridershipEvents.flag,
      })
      .from(ridershipEvents)
      .where(eq(ridershipEvents.tripId, friend.pickup));
    expect(events).toEqual(
      expect.arrayContaining([
        { studentId: child(1), name: asker.kids[1]!.name, flag: null },
        { studentId: child(0), name: null, flag: 'WRONG_BUS' },
      ]),
    );
    // Their parent is told of the boarding, as for their own bus.
    const boarded = await t.app.database.db
      .select({ kind: notificationOutbox.kind })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.studentId, child(1)), eq(notificationOutbox.kind, 'BOARDED')));
    expect(boarded).toHaveLength(1);
  });
});

describe('the office’s decisions', () => {
  it('declines only with a reason, which the parent reads and is told', async () => {
    const made = await requested({
      ...toFriendsMill(child()),
      kind: 'WEEKLY',
      weekdays: [1, 5],
      run: 'BOTH',
    });
    const bare = await admin('POST', `/api/stop-changes/${made.id}/decline`, { reason: ' ' });
    expect(bare.status).toBe(400);
    const declined = await admin('POST', `/api/stop-changes/${made.id}/decline`, {
      reason: 'Route 7 is full on Fridays',
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.data).toMatchObject({ state: 'DECLINED', reason: 'Route 7 is full on Fridays' });
    const mine = (await asker.parentApi('GET', '/api/parent/stop-changes')).body.data as StopChange[];
    expect(mine.find((row) => row.id === made.id)).toMatchObject({
      state: 'DECLINED',
      reason: 'Route 7 is full on Fridays',
    });
    expect((await told(child())).map((row) => row.body)).toContainEqual(
      expect.stringContaining('Route 7 is full on Fridays'),
    );
    expect((await queue('DECLINED')).map((row) => row.id)).toContain(made.id);
  });

  it('refuses an approval in words when the target run has no seat left, and changes nothing', async () => {
    const [assignment] = await t.app.database.db
      .select({ vehicleId: routeAssignments.vehicleId })
      .from(routeAssignments)
      .where(eq(routeAssignments.id, friend.assignmentId));
    // The friend's bus: its own child seated, and the first change's child already moved onto Tuesday's drop.
    await t.app.database.db
      .update(vehicles)
      .set({ capacity: 2 })
      .where(eq(vehicles.id, assignment!.vehicleId));
    const made = await requested({ ...toFriendsMill(child(1)), kind: 'ONE_OFF', date: TUESDAY, run: 'DROP' });
    expect((await queue()).find((row) => row.id === made.id)?.seatsLeft).toBe(0);
    const full = await admin('POST', `/api/stop-changes/${made.id}/approve`);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(
      'That run has no seat left on a day this change covers (the bus seats 2).',
    );
    expect((await queue()).find((row) => row.id === made.id)?.state).toBe('REQUESTED');
    expect(await riderIds(await friend.tripOf('DROP', TUESDAY))).not.toContain(child(1));
    // Another day has the seat.
    const office = await admin('POST', '/api/stop-changes', {
      ...toFriendsMill(child(1)),
      kind: 'ONE_OFF',
      date: WEDNESDAY,
      run: 'DROP',
    });
    expect(office.status, JSON.stringify(office.body)).toBe(200);
    await t.app.database.db
      .update(vehicles)
      .set({ capacity: 30 })
      .where(eq(vehicles.id, assignment!.vehicleId));
  });
});

describe('a parent’s requests', () => {
  it('keep the absences’ cut-off for one-off changes of today, and refuse a stop the run does not have', async () => {
    const late = await request(asker, {
      ...toFriendsMill(child()),
      kind: 'ONE_OFF',
      date: MONDAY,
      run: 'PICKUP',
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('It is too late to change this online; please call the office.');
    const inTime = await request(asker, {
      ...toFriendsMill(child()),
      kind: 'ONE_OFF',
      date: MONDAY,
      run: 'DROP',
    });
    expect(inTime.status, JSON.stringify(inTime.body)).toBe(201);
    const past = await request(asker, {
      ...toFriendsMill(child()),
      kind: 'ONE_OFF',
      date: '2026-03-01',
      run: 'DROP',
    });
    expect(past.status).toBe(409);
    const elsewhere = await request(asker, {
      ...toFriendsMill(child()),
      stopId: asker.stops.mill.id,
      kind: 'ONE_OFF',
      date: TUESDAY,
      run: 'DROP',
    });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe('That stop is not on the chosen run of this route.');
    const noDays = await request(asker, {
      ...toFriendsMill(child()),
      kind: 'WEEKLY',
      weekdays: [],
      run: 'DROP',
    });
    expect(noDays.status).toBe(400);
  });

  it('are their own children’s only: another family neither sees, asks for nor withdraws them', async () => {
    const made = await requested({
      ...toFriendsMill(child()),
      kind: 'ONE_OFF',
      date: WEDNESDAY,
      run: 'PICKUP',
    });
    const theirs = (await friend.parentApi('GET', '/api/parent/stop-changes')).body.data as StopChange[];
    expect(theirs.map((row) => row.studentId)).not.toContain(child());
    expect(
      (await request(friend, { ...toFriendsMill(child()), kind: 'ONE_OFF', date: TUESDAY, run: 'DROP' }))
        .status,
    ).toBe(404);
    expect((await friend.parentApi('POST', `/api/parent/stop-changes/${made.id}/withdraw`)).status).toBe(404);

    const withdrawn = await asker.parentApi('POST', `/api/parent/stop-changes/${made.id}/withdraw`);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const again = await asker.parentApi('POST', `/api/parent/stop-changes/${made.id}/withdraw`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This request was withdrawn.');
    expect((await admin('POST', `/api/stop-changes/${made.id}/approve`)).status).toBe(409);
    expect((await queue()).map((row) => row.id)).not.toContain(made.id);
  });
});

describe('who may', () => {
  it('refuses the office’s routes to drivers, parents and visitors, and the parents’ to drivers, the office and visitors', async () => {
    for (const [api, status] of [
      [driverOnly, 403],
      [asker.parentApi, 403],
      [anonymous, 401],
    ] as const) {
      expect((await api('GET', '/api/stop-changes')).status).toBe(status);
      expect(
        (
          await api('POST', '/api/stop-changes', {
            ...toFriendsMill(child()),
            kind: 'ONE_OFF',
            date: TUESDAY,
            run: 'DROP',
          })
        ).status,
      ).toBe(status);
    }
    for (const [api, status] of [
      [driverOnly, 403],
      [admin, 403],
      [anonymous, 401],
    ] as const) {
      expect((await api('GET', '/api/parent/stop-changes')).status).toBe(status);
      expect((await api('GET', '/api/parent/stop-options')).status).toBe(status);
    }
  });
});
