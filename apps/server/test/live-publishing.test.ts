import { randomUUID } from 'node:crypto';
import { asc, eq, gt, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PositionInput, RidershipEventInput } from '@school-transport/shared';
import { liveEvents, trips, tripStops } from '../src/db/schema/index.js';
import { liveEventsPruneJob } from '../src/modules/operations/live/live-events-prune-job.js';
import { latestLiveEventId } from '../src/modules/operations/live/live-queries.js';
import { runDailyJob } from '../src/modules/platform/jobs/job-claims.js';
import { tokenFor } from './support/accounts.js';
import { busWithTrips } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * What each change puts on the live stream's log (live_events), in its own transaction: exactly one event per thing
 * that happened, none for a duplicate or a refused request, each naming the trip's driver (who may receive it
 * besides admins). The stream itself is the live-stream test's business.
 */
const TODAY = '2026-03-02';
const time = manualClock(new Date(`${TODAY}T07:30:00Z`));
let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await createTestApp({
    clock: time.clock,
    // London is on UTC in March; no trips generated ahead, so the calendar only moves the trips a test made.
    env: { LOG_LEVEL: 'silent', TIME_ZONE: 'Europe/London', TRIPS_AHEAD_DAYS: '0' },
  });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  return () => t.close();
});

const bus = (options: Parameters<typeof busWithTrips>[3] = {}) =>
  busWithTrips(t.app, admin, time.clock, options);

/** Runs `action` and answers the live events it wrote, in order, without their ids and times. */
async function eventsOf(action: () => Promise<unknown>) {
  const db = t.app.database.db;
  const before = await latestLiveEventId(db);
  await action();
  const rows = await db
    .select()
    .from(liveEvents)
    .where(gt(liveEvents.id, before))
    .orderBy(asc(liveEvents.id));
  return rows.map(({ type, tripId, driverUserId, payload }) => ({ type, tripId, driverUserId, payload }));
}

const event = (tripId: string, who: { studentId: string } | { tagId: string }, minute = 31) =>
  ({
    eventId: randomUUID(),
    tripId,
    kind: 'BOARD',
    method: 'TAP',
    occurredAt: `${TODAY}T07:${minute}:00.000Z`,
    ...who,
  }) satisfies RidershipEventInput;

const fix = (tripId: string, minute: number, place = { lat: 12.9, lng: 77.6 }): PositionInput => ({
  positionId: randomUUID(),
  tripId,
  accuracy: 8,
  speed: 0,
  recordedAt: `${TODAY}T07:${String(minute).padStart(2, '0')}:00.000Z`,
  ...place,
});

describe('ridership events', () => {
  it('writes one event per event stored, as stored, for the trip’s driver; a batch sent again writes none', async () => {
    const b = await bus();
    const other = await bus({ children: 1 });
    const batch = [
      event(b.pickup, { studentId: b.kids[0]!.id }),
      event(b.pickup, { tagId: b.kids[1]!.nfcTagId! }),
      event(b.pickup, { tagId: 'NO-SUCH-TAG' }),
      // a child of another bus: stored with its id, flagged, and neither named nor identified on the stream
      event(b.pickup, { studentId: other.kids[0]!.id }),
    ];
    const written = await eventsOf(async () => {
      const answer = await b.driverApi('POST', '/api/driver/events', { events: batch });
      expect(answer.status).toBe(200);
    });
    const ridership = (e: RidershipEventInput, studentId: string | null) => ({
      type: 'ridership',
      tripId: b.pickup,
      driverUserId: b.driver.user.id,
      payload: {
        tripId: b.pickup,
        eventId: e.eventId,
        kind: 'BOARD',
        studentId,
        occurredAt: e.occurredAt,
      },
    });
    expect(written.filter((row) => row.type === 'ridership')).toEqual([
      ridership(batch[0]!, b.kids[0]!.id),
      ridership(batch[1]!, b.kids[1]!.id),
      ridership(batch[2]!, null),
      ridership(batch[3]!, null),
    ]);
    // The wrong-bus alert, for the office alone: it names a child the driver does not carry.
    expect(written.filter((row) => row.type !== 'ridership')).toEqual([
      expect.objectContaining({ type: 'alert', tripId: b.pickup, driverUserId: null }),
    ]);

    expect(
      await eventsOf(() => b.driverApi('POST', '/api/driver/events', { events: batch.slice(0, 2) })),
    ).toEqual([]);
  });

  it('writes nothing for a batch refused as a whole', async () => {
    const b = await bus();
    const other = await bus();
    const written = await eventsOf(async () => {
      const answer = await b.driverApi('POST', '/api/driver/events', {
        events: [
          event(b.pickup, { studentId: b.kids[0]!.id }),
          event(other.pickup, { studentId: other.kids[0]!.id }),
        ],
      });
      expect(answer.status).toBe(404);
    });
    expect(written).toEqual([]);
  });

  it('tells of a stop timeline that a located scan changed, once', async () => {
    const b = await bus();
    const stop = { lat: 12.95, lng: 77.61 };
    await t.app.database.db
      .insert(tripStops)
      .values({ tripId: b.pickup, position: 1, name: 'Mill', ...stop });
    const scan = { ...event(b.pickup, { studentId: b.kids[0]!.id }), ...stop };
    const written = await eventsOf(() => b.driverApi('POST', '/api/driver/events', { events: [scan] }));
    expect(written.map(({ type }) => type)).toEqual(['ridership', 'stops']);
    expect(written[1]).toEqual({
      type: 'stops',
      tripId: b.pickup,
      driverUserId: b.driver.user.id,
      payload: { tripId: b.pickup },
    });
    // Another scan at the same stop later changes nothing of the timeline: no 'stops' event.
    const again = { ...event(b.pickup, { studentId: b.kids[1]!.id }, 32), ...stop };
    const second = await eventsOf(() => b.driverApi('POST', '/api/driver/events', { events: [again] }));
    expect(second.map(({ type }) => type)).toEqual(['ridership']);
  });
});

describe('positions', () => {
  it('writes one event per trip per request, with its newest fix; older or repeated fixes write none', async () => {
    const b = await bus({ start: ['PICKUP', 'DROP'] });
    const fixes = [fix(b.pickup, 33), fix(b.pickup, 35), fix(b.pickup, 31), fix(b.drop, 34)];
    const written = await eventsOf(async () => {
      const answer = await b.driverApi('POST', '/api/driver/positions', { positions: fixes });
      expect(answer.body.data).toMatchObject({ created: 4 });
    });
    const position = (f: PositionInput) => ({
      type: 'position',
      tripId: f.tripId,
      driverUserId: b.driver.user.id,
      payload: {
        tripId: f.tripId,
        lat: f.lat,
        lng: f.lng,
        accuracy: 8,
        recordedAt: f.recordedAt,
      },
    });
    expect(written).toHaveLength(2);
    expect(written).toEqual(expect.arrayContaining([position(fixes[1]!), position(fixes[3]!)]));

    // An outbox catching up with an older fix: stored, but the bus is not moved back.
    const late = await eventsOf(() =>
      b.driverApi('POST', '/api/driver/positions', { positions: [fix(b.pickup, 32)] }),
    );
    expect(late).toEqual([]);
    const repeated = await eventsOf(() => b.driverApi('POST', '/api/driver/positions', { positions: fixes }));
    expect(repeated).toEqual([]);
  });

  it('writes nothing for positions refused as a whole', async () => {
    const b = await bus({ start: [] });
    const written = await eventsOf(async () => {
      const answer = await b.driverApi('POST', '/api/driver/positions', { positions: [fix(b.pickup, 33)] });
      expect(answer.status).toBe(409);
    });
    expect(written).toEqual([]);
  });

  it('tells of a tracker’s fix on a running trip, and nothing of one with no trip running', async () => {
    const b = await bus();
    const created = await admin('POST', '/api/trackers/create', {
      deviceId: `tracker-${randomUUID()}`,
      vehicleId: b.vehicle.id,
    });
    const { deviceId, secret } = created.body.data as { deviceId: string; secret: string };
    const send = (timestamp: number) =>
      t.app.inject({
        method: 'GET',
        url: '/api/osmand',
        query: { id: deviceId, key: secret, lat: '12.91', lon: '77.61', timestamp: String(timestamp) },
      });
    // 07:33: inside the running trip's span (started 07:30, now 07:30 plus the 5 minutes of clock skew).
    const at = Date.parse(`${TODAY}T07:33:00Z`) / 1000;
    const written = await eventsOf(() => send(at));
    expect(written).toEqual([
      {
        type: 'position',
        tripId: b.pickup,
        driverUserId: b.driver.user.id,
        payload: expect.objectContaining({
          tripId: b.pickup,
          lat: 12.91,
          lng: 77.61,
          recordedAt: `${TODAY}T07:33:00.000Z`,
        }),
      },
    ]);
    expect(await eventsOf(() => send(at))).toEqual([]);

    await t.app.database.db.update(trips).set({ status: 'COMPLETED' }).where(eq(trips.id, b.pickup));
    const idle = await eventsOf(async () => {
      expect((await send(at + 60)).json().message).toBe('Position received.');
    });
    expect(idle).toEqual([]);
  });
});

describe('trip status', () => {
  const statusEvent = (tripId: string, driverUserId: string | null, status: string) => ({
    type: 'trip',
    tripId,
    driverUserId,
    payload: { tripId, status },
  });

  it('writes one event per move of the office, none for a refused one', async () => {
    const b = await bus({ start: [] });
    const user = b.driver.user.id;
    expect(await eventsOf(() => admin('POST', `/api/trips/start/${b.drop}`))).toEqual([
      statusEvent(b.drop, user, 'STARTED'),
    ]);
    expect(await eventsOf(() => admin('POST', `/api/trips/complete/${b.drop}`))).toEqual([
      statusEvent(b.drop, user, 'COMPLETED'),
    ]);
    expect(
      await eventsOf(() => admin('POST', `/api/trips/cancel/${b.pickup}`, { reason: 'Road closed' })),
    ).toEqual([statusEvent(b.pickup, user, 'CANCELLED')]);
    const refused = await eventsOf(async () => {
      expect((await admin('POST', `/api/trips/cancel/${b.drop}`, { reason: 'Road closed' })).status).toBe(
        409,
      );
    });
    expect(refused).toEqual([]);
  });

  it('writes one event for the driver app’s start and finish', async () => {
    const b = await bus({ start: [] });
    const user = b.driver.user.id;
    expect(await eventsOf(() => b.driverApi('POST', `/api/driver/trips/${b.pickup}/start`))).toEqual([
      statusEvent(b.pickup, user, 'STARTED'),
    ]);
    const finished = await eventsOf(async () => {
      const answer = await b.driverApi('POST', `/api/driver/trips/${b.pickup}/finish`, {});
      expect(answer.status).toBe(200);
    });
    expect(finished).toEqual([statusEvent(b.pickup, user, 'COMPLETED')]);
  });

  it('writes an event for each trip the calendar cancels or puts back, with the driver it has then', async () => {
    const day = '2026-03-20';
    const b = await bus({ date: day, start: [] });
    // The drop trip's driver record is gone: its event is for admins only.
    await t.app.database.db.update(trips).set({ driverId: null }).where(eq(trips.id, b.drop));
    const byTrip = (rows: Awaited<ReturnType<typeof eventsOf>>) =>
      [...rows].sort((x, y) => (x.tripId === b.pickup ? -1 : y.tripId === b.pickup ? 1 : 0));

    const cancelled = await eventsOf(() => admin('PUT', `/api/calendar/${day}`, { kind: 'HOLIDAY' }));
    expect(byTrip(cancelled)).toEqual([
      statusEvent(b.pickup, b.driver.user.id, 'CANCELLED'),
      statusEvent(b.drop, null, 'CANCELLED'),
    ]);
    const back = await eventsOf(() => admin('DELETE', `/api/calendar/${day}`));
    expect(byTrip(back)).toEqual([
      statusEvent(b.pickup, b.driver.user.id, 'PENDING'),
      statusEvent(b.drop, null, 'PENDING'),
    ]);
    const stored = await t.app.database.db
      .select({ status: trips.status })
      .from(trips)
      .where(inArray(trips.id, [b.pickup, b.drop]));
    expect(stored.map((row) => row.status)).toEqual(['PENDING', 'PENDING']);
  });
});

describe('the log', () => {
  it('is pruned once a day of what is older than three days', async () => {
    const db = t.app.database.db;
    const now = time.clock().getTime();
    const hours = (n: number) => new Date(now - n * 3_600_000);
    const [old, kept] = await db
      .insert(liveEvents)
      .values([
        { type: 'stops', tripId: null, driverUserId: null, payload: { old: true }, createdAt: hours(73) },
        { type: 'stops', tripId: null, driverUserId: null, payload: { old: false }, createdAt: hours(71) },
      ])
      .returning();
    const job = { name: 'live-events-prune', ...liveEventsPruneJob(time.clock) };
    const report = await runDailyJob(db, job, TODAY, time.clock);
    expect(report!.figures.pruned).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(inArray(liveEvents.id, [old!.id, kept!.id]));
    expect(left).toEqual([{ id: kept!.id }]);
    // once a day: the day's run is claimed
    expect(await runDailyJob(db, job, TODAY, time.clock)).toBeNull();
  });
});
