import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClockAnswer, DriverHours, OpenShift, Shift, Timesheet } from '@school-transport/shared';
import { auditLog, driverShifts, trips } from '../src/db/schema/index.js';
import { tokenFor } from './support/accounts.js';
import { busWithTrips, type Bus } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Drivers' hours (decision 074): clock taps stored once by their device-made id at the time and place of the tap,
 * one open shift at a time, the driver's own shifts only, the office's corrections (audited, the taps kept), and
 * timesheets with the driving inside and outside shifts, across midnight, on screen and as CSV. London in March
 * is on GMT, so the times below read the same on the operator's clock.
 */
const NOW = new Date('2026-03-05T12:00:00Z');
const time = manualClock(NOW);
let t: TestApp;
let admin: Api;
let adminToken: string;
/** The route of the trip driven outside any shift (the CSV names it). */
let outsideRoute = '';
let parent: Api;
let a: Bus;
let b: Bus;
let c: Bus;
let d: Bus;
const db = () => t.app.database.db;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { TIME_ZONE: 'Europe/London' } });
  adminToken = await tokenFor(t.app, 'admin');
  admin = apiAs(t.app, adminToken);
  parent = apiAs(t.app, await tokenFor(t.app, 'parent'));
  const buses = await Promise.all(
    [1, 2, 3, 4].map(() =>
      busWithTrips(t.app, admin, time.clock, { date: '2026-03-02', start: [], children: 1 }),
    ),
  );
  [a, b, c, d] = buses as [Bus, Bus, Bus, Bus];
});
afterAll(() => t.close());

const tap = (bus: Bus, action: 'IN' | 'OUT', occurredAt: string, extra: Record<string, unknown> = {}) =>
  bus.driverApi('POST', '/api/driver/hours/clock', {
    clientId: randomUUID(),
    action,
    occurredAt,
    ...extra,
  });

async function tapped(bus: Bus, action: 'IN' | 'OUT', occurredAt: string): Promise<Shift> {
  const answer = await tap(bus, action, occurredAt);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as ClockAnswer).shift;
}

/** A trip of the driver run from `startedAt` to `completedAt`. */
async function drove(tripId: string, startedAt: string, completedAt: string) {
  await db()
    .update(trips)
    .set({ status: 'COMPLETED', startedAt: new Date(startedAt), completedAt: new Date(completedAt) })
    .where(eq(trips.id, tripId));
}

const timesheet = async (bus: Bus, from: string, to: string) => {
  const answer = await admin(
    'GET',
    `/api/drivers-hours/timesheet?driverId=${bus.driver.id}&from=${from}&to=${to}`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Timesheet;
};

describe('clocking in and out', () => {
  it('opens a shift at the time and place of the tap, refuses a second clock-in, and closes it', async () => {
    const shift = await (async () => {
      const answer = await tap(a, 'IN', '2026-03-05T06:00:00Z', { lat: 51.5, lng: -0.12 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.message).toBe('Clocked in.');
      return (answer.body.data as ClockAnswer).shift;
    })();
    expect(shift).toMatchObject({
      open: true,
      minutes: null,
      clockInAt: '2026-03-05T06:00:00.000Z',
      clockInLat: 51.5,
      clockInLng: -0.12,
    });

    const twice = await tap(a, 'IN', '2026-03-05T06:05:00Z');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You are already clocked in since 06:00. Clock out first.');

    const early = await tap(a, 'OUT', '2026-03-05T05:00:00Z');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('A clock-out at 05:00 is before your clock-in at 06:00.');

    const closed = await tapped(a, 'OUT', '2026-03-05T11:30:00Z');
    expect(closed).toMatchObject({
      id: shift.id,
      open: false,
      minutes: 330,
      clockOutAt: '2026-03-05T11:30:00.000Z',
    });

    const inside = await tap(a, 'IN', '2026-03-05T11:00:00Z');
    expect(inside.status).toBe(409);
    expect(inside.body.message).toBe('A clock-in at 11:00 is before the end of your last shift (11:30).');
  });

  it('refuses a clock-out without an open shift, and a tap dated in the future, in words', async () => {
    const out = await tap(b, 'OUT', '2026-03-05T09:00:00Z');
    expect(out.status).toBe(409);
    expect(out.body.message).toBe('You are not clocked in, so there is no shift to clock out of.');
    const ahead = await tap(b, 'IN', '2026-03-05T13:00:00Z');
    expect(ahead.status).toBe(400);
    expect(ahead.body.message).toBe('The tap is dated in the future: check the phone’s clock.');
    // In the driver's language (their account's choice), from the messages catalogue.
    expect((await b.driverApi('PUT', '/api/account/language', { language: 'es' })).status).toBe(200);
    const spanish = await tap(b, 'OUT', '2026-03-05T09:00:00Z');
    expect(spanish.status).toBe(409);
    expect(spanish.body.message).toBe(
      'No ha fichado la entrada, así que no hay turno del que fichar la salida.',
    );
    expect((await b.driverApi('PUT', '/api/account/language', { language: null })).status).toBe(200);
  });

  it('stores an offline replay once, with the times of the taps, however often it is sent', async () => {
    const taps = [
      { clientId: randomUUID(), action: 'IN', occurredAt: '2026-03-04T05:30:00Z', lat: 51.4, lng: -0.1 },
      { clientId: randomUUID(), action: 'OUT', occurredAt: '2026-03-04T09:15:00Z', lat: 51.41, lng: -0.11 },
    ];
    // Sent a day later, in the order they were made, as the outbox does; then the whole queue again.
    for (const round of [false, true])
      for (const body of taps) {
        const answer = await b.driverApi('POST', '/api/driver/hours/clock', body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect((answer.body.data as ClockAnswer).duplicate).toBe(round);
      }
    const rows = await db().select().from(driverShifts).where(eq(driverShifts.driverId, b.driver.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      clockInAt: new Date('2026-03-04T05:30:00Z'),
      clockOutAt: new Date('2026-03-04T09:15:00Z'),
      tappedInAt: new Date('2026-03-04T05:30:00Z'),
      clockOutLat: 51.41,
      receivedInAt: NOW,
    });
  });
});

describe('whose shifts', () => {
  it('lets a driver read only their own shifts and refuses parents and other roles', async () => {
    const hoursA = (await a.driverApi('GET', '/api/driver/hours')).body.data as DriverHours;
    const hoursB = (await b.driverApi('GET', '/api/driver/hours')).body.data as DriverHours;
    expect(hoursA.recent.every((shift) => shift.driverId === a.driver.id)).toBe(true);
    expect(hoursA.recent).toHaveLength(1);
    expect(hoursB.recent.map((shift) => shift.clockInAt)).toEqual(['2026-03-04T05:30:00.000Z']);
    expect(hoursB.openShift).toBeNull();

    // B replaying a tap A made is not a way into A's shift.
    const [taken] = await db().select().from(driverShifts).where(eq(driverShifts.driverId, a.driver.id));
    const stolen = await b.driverApi('POST', '/api/driver/hours/clock', {
      clientId: taken!.clockInClientId,
      action: 'IN',
      occurredAt: '2026-03-05T06:00:00Z',
    });
    expect(stolen.status).toBe(409);
    expect(stolen.body.message).toBe('This tap was recorded for another account.');

    expect((await parent('GET', '/api/driver/hours')).status).toBe(403);
    expect(
      (
        await parent('POST', '/api/driver/hours/clock', {
          clientId: randomUUID(),
          action: 'IN',
          occurredAt: '2026-03-05T06:00:00Z',
        })
      ).status,
    ).toBe(403);
    expect((await admin('GET', '/api/driver/hours')).status).toBe(403);
    const office = `/api/drivers-hours/timesheet?driverId=${a.driver.id}&from=2026-03-01&to=2026-03-05`;
    expect((await b.driverApi('GET', office)).status).toBe(403);
    expect((await parent('GET', office)).status).toBe(403);
    expect((await b.driverApi('GET', '/api/drivers-hours/open-shifts')).status).toBe(403);
  });
});

describe('timesheets', () => {
  it('counts driving inside shifts, across midnight once, and flags a trip outside any shift', async () => {
    // Day one: a morning shift with its run inside, then a night shift across midnight with a late trip inside.
    await tapped(c, 'IN', '2026-03-02T06:00:00Z');
    await tapped(c, 'OUT', '2026-03-02T10:00:00Z');
    await tapped(c, 'IN', '2026-03-02T22:00:00Z');
    await tapped(c, 'OUT', '2026-03-03T02:00:00Z');
    await drove(c.pickup, '2026-03-02T07:00:00Z', '2026-03-02T08:00:00Z');
    await drove(c.drop, '2026-03-02T23:30:00Z', '2026-03-03T00:30:00Z');
    // Day three: a run driven without clocking in.
    const [pickup] = await db().select().from(trips).where(eq(trips.id, c.pickup));
    const { id: _id, ...copy } = pickup!;
    outsideRoute = copy.routeName;
    const [outside] = await db()
      .insert(trips)
      .values({
        ...copy,
        tripDate: '2026-03-04',
        startedAt: new Date('2026-03-04T07:00:00Z'),
        completedAt: new Date('2026-03-04T07:45:00Z'),
      })
      .returning();

    const sheet = await timesheet(c, '2026-03-02', '2026-03-04');
    expect(sheet.totals).toEqual({
      days: 1,
      shifts: 2,
      openShifts: 0,
      minutes: 480,
      drivingMinutes: 120,
      tripsOutsideShifts: 1,
      outsideMinutes: 45,
      corrections: 0,
    });
    expect(sheet.days.map((day) => day.day)).toEqual(['2026-03-02', '2026-03-04']);
    expect(sheet.days[0]!.shifts.map((shift) => [shift.minutes, shift.drivingMinutes])).toEqual([
      [240, 60],
      [240, 60],
    ]);
    expect(sheet.days[0]!.trips.every((trip) => !trip.outsideShift)).toBe(true);
    expect(sheet.days[1]!.trips).toMatchObject([
      { tripId: outside!.id, outsideShift: true, outsideMinutes: 45 },
    ]);

    // The night shift and the trip across midnight count on the day they began, not again on the next.
    const next = await timesheet(c, '2026-03-03', '2026-03-03');
    expect(next.totals).toMatchObject({ shifts: 0, minutes: 0, drivingMinutes: 0, tripsOutsideShifts: 0 });

    // A trip half inside a shift: the part outside is flagged.
    await db()
      .update(trips)
      .set({ startedAt: new Date('2026-03-02T09:30:00Z'), completedAt: new Date('2026-03-02T10:30:00Z') })
      .where(eq(trips.id, c.pickup));
    const half = await timesheet(c, '2026-03-02', '2026-03-02');
    expect(half.totals).toMatchObject({ drivingMinutes: 90, tripsOutsideShifts: 1, outsideMinutes: 30 });
    await drove(c.pickup, '2026-03-02T07:00:00Z', '2026-03-02T08:00:00Z');
  });

  it('writes the timesheet as CSV for payroll, and audits the download', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/drivers-hours/timesheet.csv?driverId=${c.driver.id}&from=2026-03-02&to=2026-03-04`,
      headers: { authorization: adminToken },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Driver,Day,Entry,Start,End,Hours,Driving hours,Corrections,Reasons or route');
    const name = c.driver.user.name;
    expect(lines.slice(1)).toEqual([
      `${name},2026-03-02,Shift,2026-03-02 06:00,2026-03-02 10:00,4,1,0,`,
      `${name},2026-03-02,Shift,2026-03-02 22:00,2026-03-03 02:00,4,1,0,`,
      `${name},2026-03-04,Trip outside any shift,2026-03-04 07:00,2026-03-04 07:45,,0.75,,${outsideRoute}`,
      `${name},2026-03-02 to 2026-03-04,Total,,,8,2,0,`,
    ]);
    // The entry is written once the stream has closed, just after the answer.
    const exported = () =>
      db()
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'export.downloaded'), eq(auditLog.entityType, 'export')));
    await expect.poll(async () => (await exported()).length, { timeout: 5_000 }).toBe(1);
    expect((await exported())[0]!.details).toMatchObject({
      list: 'drivers-hours/timesheet',
      rows: 4,
      complete: true,
    });
  });
});

describe('corrections by the office', () => {
  it('closes a forgotten clock-out with a reason, audited, keeping the driver’s taps', async () => {
    const open = await tapped(d, 'IN', '2026-03-05T07:00:00Z');
    const listed = (await admin('GET', '/api/drivers-hours/open-shifts')).body.data as OpenShift[];
    expect(listed.find((shift) => shift.id === open.id)).toMatchObject({ driverName: d.driver.user.name });

    const url = `/api/drivers-hours/shifts/${open.id}/correction`;
    const noReason = await admin('POST', url, {
      clockInAt: '2026-03-05T07:00:00Z',
      clockOutAt: '2026-03-05T11:00:00Z',
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].field).toBe('reason');

    const corrected = await admin('POST', url, {
      clockInAt: '2026-03-05T06:45:00Z',
      clockOutAt: '2026-03-05T11:00:00Z',
      reason: 'Forgot to clock out; back at the depot at 11:00',
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.data as Shift).toMatchObject({
      open: false,
      minutes: 255,
      clockInAt: '2026-03-05T06:45:00.000Z',
      tappedInAt: '2026-03-05T07:00:00.000Z',
      tappedOutAt: null,
      corrections: [
        {
          clockInBefore: '2026-03-05T07:00:00.000Z',
          clockOutBefore: null,
          clockOutAfter: '2026-03-05T11:00:00.000Z',
          reason: 'Forgot to clock out; back at the depot at 11:00',
        },
      ],
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'drivers-hours.correct'), eq(auditLog.entityId, open.id)));
    expect(entry?.details).toMatchObject({
      reason: 'Forgot to clock out; back at the depot at 11:00',
      before: { clockInAt: '2026-03-05T07:00:00.000Z', clockOutAt: null },
      after: { clockOutAt: '2026-03-05T11:00:00Z' },
    });
    const after = (await admin('GET', '/api/drivers-hours/open-shifts')).body.data as OpenShift[];
    expect(after.some((shift) => shift.id === open.id)).toBe(false);
    const sheet = await timesheet(d, '2026-03-05', '2026-03-05');
    expect(sheet.totals).toMatchObject({ minutes: 255, corrections: 1 });

    // Times overlapping another of the driver's shifts are refused in words; a future clock-out too.
    await tapped(d, 'IN', '2026-03-05T11:30:00Z');
    const overlap = await admin('POST', url, {
      clockInAt: '2026-03-05T06:45:00Z',
      clockOutAt: '2026-03-05T11:45:00Z',
      reason: 'Later',
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe(
      'These times overlap the driver’s shift from 2026-03-05 11:30 (still open).',
    );
    const future = await admin('POST', url, {
      clockInAt: '2026-03-05T06:45:00Z',
      clockOutAt: '2026-03-05T18:00:00Z',
      reason: 'Later',
    });
    expect(future.status).toBe(409);
    expect(
      (
        await admin('POST', `/api/drivers-hours/shifts/${randomUUID()}/correction`, {
          clockInAt: '2026-03-05T06:45:00Z',
          clockOutAt: '2026-03-05T08:00:00Z',
          reason: 'x',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await d.driverApi('POST', url, {
          clockInAt: '2026-03-05T06:45:00Z',
          clockOutAt: '2026-03-05T08:00:00Z',
          reason: 'x',
        })
      ).status,
    ).toBe(403);
  });

  it('adds a shift for a driver who never clocked in, with a reason, audited; refused like a correction', async () => {
    const url = `/api/drivers-hours/drivers/${a.driver.id}/shifts`;
    const times = { clockInAt: '2026-03-03T06:00:00Z', clockOutAt: '2026-03-03T10:00:00Z' };
    const noReason = await admin('POST', url, { ...times, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].field).toBe('reason');

    const added = await admin('POST', url, { ...times, reason: 'Phone was flat all morning' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const shift = added.body.data as Shift;
    expect(shift).toMatchObject({
      driverId: a.driver.id,
      day: '2026-03-03',
      tappedInAt: null,
      tappedOutAt: null,
      minutes: 240,
      open: false,
      corrections: [{ clockInBefore: null, clockOutBefore: null, reason: 'Phone was flat all morning' }],
    });
    const sheet = await timesheet(a, '2026-03-03', '2026-03-03');
    expect(sheet.totals).toMatchObject({ shifts: 1, minutes: 240, corrections: 1 });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'drivers-hours.add'), eq(auditLog.entityId, shift.id)));
    expect(entry!.details).toMatchObject({ driverId: a.driver.id, reason: 'Phone was flat all morning' });

    // The same rules as a correction: no overlap with the driver's shifts (this one now), no future clock-out.
    const again = await admin('POST', url, { ...times, reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('These times overlap the driver’s shift from 2026-03-03 06:00 to 10:00.');
    const future = await admin('POST', url, {
      clockInAt: '2026-03-05T13:00:00Z',
      clockOutAt: '2026-03-05T18:00:00Z',
      reason: 'Later',
    });
    expect(future.status).toBe(409);
    const unknown = await admin('POST', `/api/drivers-hours/drivers/${randomUUID()}/shifts`, {
      ...times,
      reason: 'x',
    });
    expect(unknown.status).toBe(404);
    // Administrators only: a dispatcher, a parent and the driver themself are refused.
    const dispatcher = apiAs(t.app, await tokenFor(t.app, 'dispatcher'));
    const body = { clockInAt: '2026-03-03T11:00:00Z', clockOutAt: '2026-03-03T12:00:00Z', reason: 'x' };
    expect((await dispatcher('POST', url, body)).status).toBe(403);
    expect((await parent('POST', url, body)).status).toBe(403);
    expect((await a.driverApi('POST', url, body)).status).toBe(403);
  });
});
