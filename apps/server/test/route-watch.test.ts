import { beforeAll, describe, expect, it } from 'vitest';
import type { Alert, BoardTrip } from '@school-transport/shared';
import { distanceToPathM } from '../src/lib/geo-distance.js';
import { tokenFor } from './support/accounts.js';
import { lateCheckFor } from './support/late-check.js';
import { familyOnBus, MILL, SCHOOL } from './support/parent-families.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Where a running bus goes (decision 059): OFF_ROUTE when it is farther than the setting from its run's path, and
 * MISSED_STOP when it reaches a later stop without standing where children were due. The buses drive through the
 * driver app; the 15 s look is run by the test (test apps do not run the timer).
 */
const time = manualClock(new Date('2026-03-02T07:25:00Z'));
let t: TestApp;
let admin: Api;
const minutes = (n: number) => time.advance(n * 60_000);

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { LOG_LEVEL: 'silent', TIME_ZONE: 'UTC' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  return () => t.close();
});

async function startedMorningRun(children: number) {
  const day = await familyOnBus(t.app, admin, time.clock, { date: '2026-03-02', children });
  const started = await day.driverApi('POST', `/api/driver/trips/${day.pickup}/start`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return day;
}

async function openAlertsOf(tripId: string) {
  const answer = await admin('GET', '/api/alerts?state=open');
  expect(answer.status).toBe(200);
  return (answer.body.data as Alert[]).filter((alert) => alert.tripId === tripId);
}

async function boardRow(tripId: string) {
  const answer = await admin('GET', '/api/live/board?date=2026-03-02');
  return (answer.body.data as BoardTrip[]).find((trip) => trip.tripId === tripId)!;
}

describe('the distance from a path', () => {
  it('is the distance to the nearest segment, inside it or at an end', () => {
    const path = [
      { lat: 0, lng: 0 },
      { lat: 0.01, lng: 0 },
    ];
    // 0.005° of longitude beside the middle: 556 m at the equator.
    expect(distanceToPathM({ lat: 0.005, lng: 0.005 }, path)).toBeCloseTo(556, -1);
    // Beyond the end, the distance to the end itself.
    expect(distanceToPathM({ lat: 0.02, lng: 0 }, path)).toBeCloseTo(1112, -1);
    expect(distanceToPathM({ lat: 0.005, lng: 0 }, path)).toBeLessThan(1);
    expect(distanceToPathM({ lat: 0, lng: 0 }, [])).toBe(Infinity);
  });
});

describe('a bus off its route', () => {
  it('raises OFF_ROUTE once, between its first stop and its last, and not on its path', async () => {
    const day = await startedMorningRun(1);
    const check = lateCheckFor(t, time.clock, 60);
    // 3.5 km east of Mill Lane before the bus reached any stop: on its way from the depot, nothing.
    const away = { lat: 51.5, lng: -0.07 };
    minutes(1);
    await day.position(day.pickup, away);
    expect(await check.run()).toEqual([]);

    minutes(2);
    await day.position(day.pickup, MILL, 0);
    await day.ride(day.pickup, day.kids[0]!.id, 'BOARD');
    minutes(3);
    // Half way to school, on the straight line: on its path.
    await day.position(day.pickup, { lat: 51.51, lng: -0.11 });
    expect(await check.run()).toEqual([]);

    minutes(2);
    await day.position(day.pickup, away);
    const raised = await check.run();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ kind: 'OFF_ROUTE', tripId: day.pickup, studentId: null });
    expect(raised[0]!.message).toMatch(/^Off route: the morning run of .+ is 2\.9 km from its path\.$/);
    // The next look, and a bus still farther off, raise nothing new; the office sees one open alert.
    minutes(1);
    await day.position(day.pickup, { lat: 51.5, lng: -0.05 });
    expect(await check.run()).toEqual([]);
    expect((await openAlertsOf(day.pickup)).map((alert) => alert.kind)).toEqual(['OFF_ROUTE']);
    expect((await boardRow(day.pickup)).openAlerts).toBe(1);

    // A wider setting, on a bus back at school with its child: no stop missed, nothing more.
    minutes(5);
    await day.position(day.pickup, SCHOOL, 0);
    expect(await lateCheckFor(t, time.clock, 60, 5000).run()).toEqual([]);
  });
});

describe('a stop passed with children due', () => {
  it('raises MISSED_STOP once, counting the children and naming none', async () => {
    const day = await startedMorningRun(2);
    const check = lateCheckFor(t, time.clock, 60);
    // Driving past Mill Lane at 9 m/s: not a stop, and nothing missed yet.
    minutes(2);
    await day.position(day.pickup, MILL);
    expect(await check.run()).toEqual([]);

    minutes(6);
    await day.position(day.pickup, SCHOOL, 0);
    const raised = await check.run();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ kind: 'MISSED_STOP', tripId: day.pickup, studentId: null });
    expect(raised[0]!.message).toBe(
      `Missed stop: the morning run of ${(await boardRow(day.pickup)).routeName} passed ${day.stops.mill.name} with 2 children due.`,
    );
    for (const kid of day.kids) expect(raised[0]!.message).not.toContain(kid.name);
    expect(await check.run()).toEqual([]);
    expect((await openAlertsOf(day.pickup)).map((alert) => alert.kind)).toEqual(['MISSED_STOP']);
  });

  it('counts no child who is absent or already on board', async () => {
    const day = await startedMorningRun(2);
    const [absent, aboard] = day.kids;
    // Marked by the office: at 07:25 the parents' cut-off for a 07:30 stop has passed.
    const marked = await admin('POST', `/api/students/${absent!.id}/absences`, {
      date: '2026-03-02',
      run: 'PICKUP',
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(201);
    minutes(2);
    await day.ride(day.pickup, aboard!.id, 'BOARD', { lat: 51.505, lng: -0.115 });
    minutes(6);
    await day.position(day.pickup, SCHOOL, 0);
    expect(await lateCheckFor(t, time.clock, 60).run()).toEqual([]);
  });

  it('counts no child an approved stop change moves to another run that day', async () => {
    const day = await startedMorningRun(1);
    const elsewhere = await familyOnBus(t.app, admin, time.clock, { date: '2026-03-02' });
    const moved = await admin('POST', '/api/stop-changes', {
      studentId: day.kids[0]!.id,
      kind: 'ONE_OFF',
      date: '2026-03-02',
      run: 'PICKUP',
      assignmentId: elsewhere.assignmentId,
      stopId: elsewhere.stops.mill.id,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    minutes(2);
    await day.position(day.pickup, MILL);
    minutes(6);
    await day.position(day.pickup, SCHOOL, 0);
    expect(await lateCheckFor(t, time.clock, 60).run()).toEqual([]);
  });
});
