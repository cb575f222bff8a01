import { beforeAll, describe, expect, it } from 'vitest';
import type { BoardTrip, DayChange } from '@school-transport/shared';
import { recordsThrough, uniqueTag } from '@school-transport/testing';
import { tokenFor } from './support/accounts.js';
import { busWithTrips } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * The day as it is (issue 34 item 8, decision 060): the Today board names who was planned on a covered trip, and
 * "Changes today" lists the covers made and undone and the runs cancelled, with who and when.
 */
const TODAY = '2026-03-02';
const TOMORROW = '2026-03-03';
const time = manualClock(new Date(`${TODAY}T06:10:00Z`));
let t: TestApp;
let admin: Api;
let adminEmail: string;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { TIME_ZONE: 'UTC', LOG_LEVEL: 'silent' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  adminEmail = (await admin('GET', '/api/profile')).body.data.email;
  return () => t.close();
});

const changes = async (date = '') => {
  const answer = await admin('GET', `/api/live/changes${date ? `?date=${date}` : ''}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as DayChange[];
};
const boardRow = async (tripId: string) =>
  ((await admin('GET', '/api/live/board')).body.data as BoardTrip[]).find((trip) => trip.tripId === tripId)!;

describe('the day as it is', () => {
  it('shows who was planned on a covered trip, and lists covers and cancellations with who and when, newest first', async () => {
    const covered = await busWithTrips(t.app, admin, time.clock, { children: 1, date: TODAY, start: [] });
    const cancelled = await busWithTrips(t.app, admin, time.clock, { children: 1, date: TODAY, start: [] });
    const later = await busWithTrips(t.app, admin, time.clock, { children: 1, date: TOMORROW, start: [] });
    const spare = await recordsThrough(admin).driver({ name: `Spare ${uniqueTag()}` });
    expect(await changes()).toEqual([]);

    const made = await admin('POST', '/api/covers/create', {
      assignmentId: covered.assignmentId,
      firstDate: TODAY,
      driverId: spare.id,
      reason: 'Raj is off sick',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const row = await boardRow(covered.pickup);
    expect(row.driverName).toBe(spare.user.name);
    expect(row.planned).toEqual({
      driverName: covered.driver.user.name,
      vehiclePlate: covered.vehicle.licensePlate,
    });
    expect((await boardRow(cancelled.pickup)).planned).toBeNull();

    time.advance(5 * 60_000);
    const cancel = await admin('POST', `/api/trips/cancel/${cancelled.pickup}`, { reason: 'Road closed' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    // A cover of tomorrow is tomorrow's change, not today's.
    const tomorrow = await admin('POST', '/api/covers/create', {
      assignmentId: later.assignmentId,
      firstDate: TOMORROW,
      driverId: spare.id,
      reason: 'Training day',
    });
    expect(tomorrow.status, JSON.stringify(tomorrow.body)).toBe(200);

    const routeOf = async (tripId: string) => (await boardRow(tripId)).routeName;
    const coveredRoute = await routeOf(covered.pickup);
    // By kind: a cover's time is the database's (its audit entry), a cancellation's the server's clock (the trip's
    // history), one clock in production but not under this test's manual clock.
    const listed = (await changes()).sort((a, b) => a.kind.localeCompare(b.kind));
    expect(
      listed.map(({ kind, by, summary, reason, tripIds }) => ({ kind, by, summary, reason, tripIds })),
    ).toEqual([
      {
        kind: 'CANCELLED',
        by: adminEmail,
        summary: `Cancelled: the morning run of ${await routeOf(cancelled.pickup)}.`,
        reason: 'Road closed',
        tripIds: [cancelled.pickup],
      },
      {
        kind: 'COVER_MADE',
        by: adminEmail,
        summary: `${coveredRoute}, both runs: covered by driver ${spare.user.name}.`,
        reason: 'Raj is off sick',
        tripIds: expect.arrayContaining([covered.pickup, covered.drop]),
      },
    ]);
    expect(listed[0]!.at).toBe(`${TODAY}T06:15:00.000Z`);
    expect(Date.parse(listed[1]!.at)).not.toBeNaN();
    expect((await changes(TOMORROW)).map((change) => change.kind)).toEqual(['COVER_MADE']);

    // Undone: the board shows the plan again, and the undo is the newest change; the cover's own line stays.
    const undone = await admin('DELETE', `/api/covers/delete/${made.body.data.id}`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await boardRow(covered.pickup)).planned).toBeNull();
    const after = await changes(TODAY);
    expect(after.map((change) => change.kind).sort()).toEqual(['CANCELLED', 'COVER_MADE', 'COVER_UNDONE']);
    const covers = after.filter((change) => change.kind !== 'CANCELLED').map((change) => change.kind);
    expect(covers).toEqual(['COVER_UNDONE', 'COVER_MADE']);
    const undoLine = after.find((change) => change.kind === 'COVER_UNDONE')!;
    expect(undoLine).toMatchObject({
      summary: `${coveredRoute}, both runs: cover undone, back to the plan.`,
      reason: 'Raj is off sick',
      by: adminEmail,
    });
  });

  it('lists a run marked late and on time again, and a rescue after a breakdown', async () => {
    const date = '2026-03-02';
    const late = await busWithTrips(t.app, admin, time.clock, { children: 1, date, start: [] });
    const broken = await busWithTrips(t.app, admin, time.clock, { children: 1, date, start: ['PICKUP'] });
    const make = recordsThrough(admin);
    const [driver, vehicle] = await Promise.all([
      make.driver({ name: `Rescue ${uniqueTag()}` }),
      make.vehicle({ capacity: 30 }),
    ]);
    const delay = (minutes: number) =>
      admin('POST', `/api/trips/delay/${late.drop}`, { minutes, reason: 'Snow on the hill' });
    expect((await delay(20)).status).toBe(200);
    const rescued = await admin('POST', `/api/trips/rescue/${broken.pickup}`, {
      driverId: driver.id,
      vehicleId: vehicle.id,
      reason: 'Engine failure',
    });
    expect(rescued.status, JSON.stringify(rescued.body)).toBe(200);
    // The board says both: the run marked late, and either side of the rescue.
    expect((await boardRow(late.drop)).delayMinutes).toBe(20);
    const rescueId = rescued.body.data.rescueTrip.id as string;
    expect((await boardRow(broken.pickup)).handover).toEqual({
      role: 'HANDED_OVER',
      otherTripId: rescueId,
      otherPlate: vehicle.licensePlate,
    });
    expect((await boardRow(rescueId)).handover).toEqual({
      role: 'RESCUE',
      otherTripId: broken.pickup,
      otherPlate: broken.vehicle.licensePlate,
    });
    expect((await delay(0)).status).toBe(200);
    expect((await boardRow(late.drop)).delayMinutes).toBeNull();

    const route = async (tripId: string) => (await boardRow(tripId)).routeName;
    const listed = (await changes(date)).filter(
      (change) => change.kind !== 'CANCELLED' && !change.kind.startsWith('COVER'),
    );
    expect(listed.map(({ kind, summary, reason, by }) => ({ kind, summary, reason, by }))).toEqual(
      expect.arrayContaining([
        {
          kind: 'DELAYED',
          summary: `Delayed: the afternoon run of ${await route(late.drop)}, about 20 minutes late.`,
          reason: 'Snow on the hill',
          by: adminEmail,
        },
        {
          kind: 'DELAY_CLEARED',
          summary: `On time again: the afternoon run of ${await route(late.drop)}.`,
          reason: null,
          by: adminEmail,
        },
        {
          kind: 'RESCUED',
          summary: `Rescue: the morning run of ${await route(broken.pickup)} goes on with bus ${vehicle.licensePlate} and driver ${driver.user.name}.`,
          reason: 'Engine failure',
          by: adminEmail,
        },
      ]),
    );
    expect(listed).toHaveLength(3);
    // Both delay lines are the database's times: the one on time again is the newer.
    expect(listed.filter((change) => change.kind.startsWith('DELAY')).map((change) => change.kind)).toEqual([
      'DELAY_CLEARED',
      'DELAYED',
    ]);
  });

  it('counts a whole day cancelled at once as one change', async () => {
    const date = '2026-03-04';
    await Promise.all(
      [1, 2, 3, 4].map(() => busWithTrips(t.app, admin, time.clock, { children: 1, date, start: [] })),
    );
    const closed = await admin('PUT', `/api/calendar/${date}`, { kind: 'CLOSURE', note: 'Snow' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const listed = await changes(date);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.kind).toBe('CANCELLED');
    expect(listed[0]!.tripIds).toHaveLength(8);
    expect(listed[0]!.summary).toMatch(
      /^Cancelled: the .+ run of .+, the .+ run of .+, the .+ and 5 more\.$/,
    );
  });

  it('refuses anyone but the office, and a date that is not one', async () => {
    expect((await admin('GET', '/api/live/changes?date=2026-02-30')).status).toBe(400);
    const driver = apiAs(t.app, await tokenFor(t.app, 'driver'));
    expect((await driver('GET', '/api/live/changes')).status).toBe(403);
    expect((await apiAs(t.app, '')('GET', '/api/live/changes')).status).toBe(401);
  });
});
