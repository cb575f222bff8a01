import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, PositionInput } from '@school-transport/shared';
import { tripStops, vehiclePositions } from '../src/db/schema/index.js';
import { recordStopVisits } from '../src/modules/operations/ridership/ridership-queries.js';
import { tokenFor } from './support/accounts.js';
import { busWithTrips } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

// Fixes of 07:00 to 07:59 of trips started at 07:00, sent at 08:00: inside each trip's span (decision 051).
const time = manualClock(new Date('2026-03-02T08:00:00Z'));
const STARTED_AT = new Date('2026-03-02T07:00:00Z');
let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { LOG_LEVEL: 'silent' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  return () => t.close();
});

// Two stops about 1.1 km apart, north to south; 0.0001° of latitude is about 11 m.
const FIRST = { lat: 12.98, lng: 77.6 };
const SECOND = { lat: 12.97, lng: 77.6 };
const at = (minute: number) => `2026-03-02T07:${String(minute).padStart(2, '0')}:00Z`;

describe('the stop timeline', () => {
  it('takes arrival and departure from the fixes near each stop, whatever order they arrive in', async () => {
    const bus = await busWithTrips(t.app, admin, time.clock, { startedAt: STARTED_AT });
    await t.app.database.db.insert(tripStops).values([
      { tripId: bus.pickup, position: 1, name: 'North Park', ...FIRST },
      { tripId: bus.pickup, position: 2, name: 'Market', ...SECOND },
    ]);
    const fix = (minute: number, place: { lat: number; lng: number }): PositionInput => ({
      positionId: randomUUID(),
      tripId: bus.pickup,
      accuracy: 8,
      recordedAt: at(minute),
      ...place,
    });
    const nearFirst = { lat: FIRST.lat + 0.0002, lng: FIRST.lng }; // about 22 m away: at the stop
    const between = { lat: 12.975, lng: 77.6 };
    const stopsNow = async () => {
      const answer = await bus.driverApi('GET', `/api/driver/trips/${bus.pickup}`);
      expect(answer.status).toBe(200);
      return (answer.body.data as Manifest).stops.map(({ arrivedAt, departedAt }) => ({
        arrivedAt,
        departedAt,
      }));
    };

    // Sent newest first, as an outbox catching up may: at the second stop, then the first stop's fixes.
    await bus.driverApi('POST', '/api/driver/positions', { positions: [fix(40, SECOND), fix(35, between)] });
    await bus.driverApi('POST', '/api/driver/positions', {
      positions: [fix(33, FIRST), fix(31, nearFirst)],
    });
    expect(await stopsNow()).toEqual([
      { arrivedAt: new Date(at(31)).toISOString(), departedAt: new Date(at(33)).toISOString() },
      // At the second stop and not seen elsewhere since: arrived, not yet left.
      { arrivedAt: new Date(at(40)).toISOString(), departedAt: null },
    ]);

    // A scan made at the second stop is a fix too; then the bus is seen away from it.
    const boarded = await bus.driverApi('POST', '/api/driver/events', {
      events: [
        {
          eventId: randomUUID(),
          tripId: bus.pickup,
          kind: 'BOARD',
          method: 'TAP',
          studentId: bus.kids[0]!.id,
          occurredAt: at(42),
          ...SECOND,
        },
      ],
    });
    expect(boarded.status).toBe(200);
    await bus.driverApi('POST', '/api/driver/positions', { positions: [fix(45, { lat: 12.96, lng: 77.6 })] });
    expect((await stopsNow())[1]).toEqual({
      arrivedAt: new Date(at(40)).toISOString(),
      departedAt: new Date(at(42)).toISOString(),
    });
  });

  it('counts a fix within 40 m at walking speed, not one farther nor a bus driving past', async () => {
    const bus = await busWithTrips(t.app, admin, time.clock, { startedAt: STARTED_AT });
    const { db } = t.app.database;
    await db.insert(tripStops).values([
      { tripId: bus.pickup, position: 1, name: 'North Park', ...FIRST },
      { tripId: bus.pickup, position: 2, name: 'Market', ...SECOND },
      { tripId: bus.pickup, position: 3, name: 'School', lat: 12.96, lng: 77.6 },
    ]);
    const fix = (minute: number, lat: number, speed?: number): PositionInput => ({
      positionId: randomUUID(),
      tripId: bus.pickup,
      accuracy: 5,
      recordedAt: at(minute),
      lat,
      lng: 77.6,
      ...(speed === undefined ? {} : { speed }),
    });
    await bus.driverApi('POST', '/api/driver/positions', {
      positions: [
        // 45 m short of the first stop, standing: too far. Then at it, but at 5 m/s: driving past.
        fix(31, FIRST.lat + 0.0004, 0),
        fix(32, FIRST.lat, 5),
        // 33 m from the second stop at 1.5 m/s: there.
        fix(35, SECOND.lat + 0.0003, 1.5),
        fix(36, 12.965, 12),
      ],
    });
    const { body } = await bus.driverApi('GET', `/api/driver/trips/${bus.pickup}`);
    expect(
      (body.data as Manifest).stops.map(({ arrivedAt, departedAt }) => ({ arrivedAt, departedAt })),
    ).toEqual([
      { arrivedAt: null, departedAt: null },
      { arrivedAt: new Date(at(35)).toISOString(), departedAt: new Date(at(35)).toISOString() },
      { arrivedAt: null, departedAt: null },
    ]);
  });

  it('answers the trips whose timeline changed, and none when the same fixes come again', async () => {
    const moving = await busWithTrips(t.app, admin, time.clock, { startedAt: STARTED_AT });
    const idle = await busWithTrips(t.app, admin, time.clock, { startedAt: STARTED_AT });
    const { db } = t.app.database;
    await db.insert(tripStops).values([
      { tripId: moving.pickup, position: 1, name: 'North Park', ...FIRST },
      { tripId: idle.pickup, position: 1, name: 'North Park', ...FIRST },
    ]);
    // Stored first, as the services store a batch before they update the timeline from it.
    const stored = async (tripId: string, minute: number, lat: number) => {
      await db.insert(vehiclePositions).values({
        positionId: randomUUID(),
        tripId,
        lat,
        lng: 77.6,
        recordedAt: new Date(at(minute)),
        source: 'APP',
      });
      return { tripId, at: new Date(at(minute)), lat, lng: 77.6, speed: null };
    };
    const first = [await stored(moving.pickup, 31, FIRST.lat), await stored(idle.pickup, 31, SECOND.lat)];
    expect(await recordStopVisits(db, first)).toEqual([moving.pickup]);
    expect(await recordStopVisits(db, first)).toEqual([]);
    // Seen elsewhere later: the stop was left, a change again.
    expect(await recordStopVisits(db, [await stored(moving.pickup, 34, SECOND.lat)])).toEqual([
      moving.pickup,
    ]);
  });

  it('gives the timeline of all the fixes together, however they are split into batches and ordered', async () => {
    const one = await busWithTrips(t.app, admin, time.clock, { startedAt: STARTED_AT });
    const split = await busWithTrips(t.app, admin, time.clock, { startedAt: STARTED_AT });
    const THIRD = { lat: 12.96, lng: 77.6 };
    for (const bus of [one, split])
      await t.app.database.db.insert(tripStops).values([
        { tripId: bus.pickup, position: 1, name: 'North Park', ...FIRST },
        { tripId: bus.pickup, position: 2, name: 'Market', ...SECOND },
        { tripId: bus.pickup, position: 3, name: 'School', ...THIRD },
      ]);
    // A drive: standing at each stop for a few minutes, driving between them.
    const places = [
      FIRST,
      FIRST,
      FIRST,
      { lat: 12.975, lng: 77.6 },
      SECOND,
      SECOND,
      { lat: 12.965, lng: 77.6 },
      THIRD,
    ];
    const fixesOf = (tripId: string): PositionInput[] =>
      places.map((place, index) => ({
        positionId: randomUUID(),
        tripId,
        accuracy: 8,
        speed: place === FIRST || place === SECOND || place === THIRD ? 0 : 9,
        recordedAt: at(31 + index),
        ...place,
      }));
    await one.driverApi('POST', '/api/driver/positions', { positions: fixesOf(one.pickup) });
    // The other bus's fixes one or two at a time, newest first, as an outbox catching up might send them.
    const late = fixesOf(split.pickup).reverse();
    for (let from = 0; from < late.length; from += from % 2 ? 1 : 2)
      await split.driverApi('POST', '/api/driver/positions', {
        positions: late.slice(from, from + (from % 2 ? 1 : 2)),
      });
    const timeline = async (bus: typeof one) =>
      ((await bus.driverApi('GET', `/api/driver/trips/${bus.pickup}`)).body.data as Manifest).stops.map(
        ({ arrivedAt, departedAt }) => ({ arrivedAt, departedAt }),
      );
    const whole = await timeline(one);
    expect(whole).toEqual([
      { arrivedAt: new Date(at(31)).toISOString(), departedAt: new Date(at(33)).toISOString() },
      { arrivedAt: new Date(at(35)).toISOString(), departedAt: new Date(at(36)).toISOString() },
      { arrivedAt: new Date(at(38)).toISOString(), departedAt: null },
    ]);
    expect(await timeline(split)).toEqual(whole);
  });
});
