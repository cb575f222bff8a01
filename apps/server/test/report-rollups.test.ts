import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PositionInput, RidershipEventInput, RidershipKind } from '@school-transport/shared';
import { queryRows } from '../src/db/client.js';
import {
  countOnTimeRollupsWith,
  onTimeByRoute,
  onTimeByStop,
  onTimeFromStops,
} from '../src/modules/records/reports/reports-queries.js';
import { tokenFor } from './support/accounts.js';
import { busWithTrips, type Bus } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * The reports read per-trip rollups kept by triggers (migration 0021). After each kind of write that can change
 * them, the rollups must equal a recount from the raw scans, positions and children's stops, done here the way the
 * reports counted before the rollups existed.
 */
// 15:30, after the day's scans and fixes (07:25 to 15:21) of trips started at 07:00: a driver's events and fixes
// are taken only with times from the trip's start to now (decision 051).
const time = manualClock(new Date('2026-03-02T15:30:00Z'));
const STARTED_AT = new Date('2026-03-02T07:00:00Z');
let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { LOG_LEVEL: 'silent' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  return () => t.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.database.db, query);

interface Counts {
  trip_id: string;
  boardings: number;
  alightings: number;
  no_shows: number;
  wrong_bus: number;
  unknown_tags: number;
}

/** Both sides of each rollup for `tripIds`, rows with nothing in them left out, in one order. */
async function rollupsAndRecounts(tripIds: string[]) {
  const ids = sql`(select unnest(${`{${tripIds.join(',')}}`}::uuid[]))`;
  const counts = (from: ReturnType<typeof sql>) =>
    rows<Counts>(sql`
    select trip_id::text, boardings::int, alightings::int, no_shows::int, wrong_bus::int, unknown_tags::int
    from (${from}) c
    where trip_id in ${ids} and boardings + alightings + no_shows + wrong_bus + unknown_tags > 0
    order by trip_id`);
  const riders = (from: ReturnType<typeof sql>) =>
    rows<{ trip_id: string; stop_id: string | null; riders: number }>(sql`
    select trip_id::text, stop_id::text, riders::int from (${from}) r
    where trip_id in ${ids} and riders > 0 order by trip_id, stop_id nulls first`);
  const km = (from: ReturnType<typeof sql>) =>
    rows<{ trip_id: string; km: number }>(sql`
    select trip_id::text, round(km::numeric, 6)::float8 as km from (${from}) d
    where trip_id in ${ids} and km > 0 order by trip_id`);
  return {
    rollup: {
      counts: await counts(sql`select * from trip_ridership_counts`),
      riders: await riders(sql`select * from trip_stop_riders`),
      km: await km(sql`select * from trip_distances`),
    },
    recount: {
      counts: await counts(sql`
        select trip_id, count(*) filter (where kind = 'BOARD') as boardings,
          count(*) filter (where kind = 'ALIGHT') as alightings, count(*) filter (where kind = 'NO_SHOW') as no_shows,
          count(*) filter (where flag = 'WRONG_BUS') as wrong_bus,
          count(*) filter (where flag = 'UNKNOWN_TAG') as unknown_tags
        from ridership_events group by trip_id`),
      riders: await riders(sql`
        select e.trip_id, ss.stop_id, count(*) as riders
        from ridership_events e
        join trips t on t.id = e.trip_id
          and e.kind = (case when t.type = 'PICKUP' then 'BOARD' else 'ALIGHT' end)::ridership_kind
        left join student_stops ss on ss.student_id = e.student_id and ss.run = t.type
        where e.student_id is not null
        group by e.trip_id, ss.stop_id`),
      km: await km(sql`
        select trip_id, sum(2 * 6371.0088 * asin(least(1, sqrt(
          power(sin(radians(lat - prev_lat) / 2), 2)
          + cos(radians(prev_lat)) * cos(radians(lat)) * power(sin(radians(lng - prev_lng) / 2), 2))))) as km
        from (select trip_id, lat, lng, lag(lat) over w as prev_lat, lag(lng) over w as prev_lng
          from vehicle_positions where trip_id is not null
          window w as (partition by trip_id order by recorded_at, position_id)) f
        where prev_lat is not null group by trip_id`),
    },
  };
}

async function expectRollupsToMatch(tripIds: string[]) {
  const { rollup, recount } = await rollupsAndRecounts(tripIds);
  expect(rollup).toEqual(recount);
  return rollup;
}

const scan = (
  tripId: string,
  who: { studentId: string } | { tagId: string },
  kind: RidershipKind,
  occurredAt: string,
): RidershipEventInput => ({ eventId: randomUUID(), tripId, kind, method: 'TAP', occurredAt, ...who });

const fix = (tripId: string, lat: number, recordedAt: string): PositionInput => ({
  positionId: randomUUID(),
  tripId,
  lat,
  lng: 77.0,
  recordedAt,
});

async function send(bus: Bus, body: { events: RidershipEventInput[] } | { positions: PositionInput[] }) {
  const url = 'events' in body ? '/api/driver/events' : '/api/driver/positions';
  const answer = await bus.driverApi('POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('report rollups', () => {
  it('equal a recount after scans, an offline batch, a duplicate, new stops, a cancellation and deletions', async () => {
    const [b, other] = await Promise.all([
      busWithTrips(t.app, admin, time.clock, {
        children: 4,
        start: ['PICKUP', 'DROP'],
        startedAt: STARTED_AT,
      }),
      busWithTrips(t.app, admin, time.clock, { children: 1, startedAt: STARTED_AT }),
    ]);
    const trips = [b.pickup, b.drop, other.pickup];
    const [k1, k2, k3, k4] = b.kids as { id: string }[];
    const stopA = randomUUID();
    const stopB = randomUUID();
    await t.app.database.db.execute(sql`insert into stops (id, name, lat, lng) values
      (${stopA}, 'Rollup A', 12.0, 77.0), (${stopB}, 'Rollup B', 12.01, 77.0)`);
    await t.app.database.db.execute(sql`insert into student_stops (student_id, run, stop_id) values
      (${k1!.id}, 'PICKUP', ${stopA}), (${k2!.id}, 'PICKUP', ${stopB}), (${k2!.id}, 'DROP', ${stopB})`);

    // Live scans: three boardings, a no-show, an unknown tag and another bus's child (wrong bus); live fixes.
    await send(b, {
      events: [
        scan(b.pickup, { studentId: k1!.id }, 'BOARD', '2026-03-02T07:31:00Z'),
        scan(b.pickup, { studentId: k2!.id }, 'BOARD', '2026-03-02T07:32:00Z'),
        scan(b.pickup, { studentId: k3!.id }, 'BOARD', '2026-03-02T07:33:00Z'),
        scan(b.pickup, { studentId: k4!.id }, 'NO_SHOW', '2026-03-02T07:34:00Z'),
        scan(b.pickup, { tagId: `NOTAG${randomUUID().slice(0, 8)}` }, 'BOARD', '2026-03-02T07:35:00Z'),
        scan(b.pickup, { studentId: other.kids[0]!.id }, 'BOARD', '2026-03-02T07:36:00Z'),
      ],
    });
    await send(b, { positions: [fix(b.pickup, 12.0, '2026-03-02T07:30:00Z')] });
    await send(b, { positions: [fix(b.pickup, 12.01, '2026-03-02T07:40:00Z')] });
    const live = await expectRollupsToMatch(trips);
    expect(live.counts).toEqual([
      { trip_id: b.pickup, boardings: 5, alightings: 0, no_shows: 1, wrong_bus: 1, unknown_tags: 1 },
    ]);

    // An offline batch: earlier and later fixes out of order, between and around the ones stored, and alightings.
    const offlineFixes = [
      fix(b.pickup, 12.03, '2026-03-02T07:50:00Z'),
      fix(b.pickup, 11.99, '2026-03-02T07:25:00Z'),
      fix(b.pickup, 12.004, '2026-03-02T07:35:00Z'),
      fix(b.pickup, 12.02, '2026-03-02T07:45:00Z'),
    ];
    await send(b, { positions: offlineFixes });
    const alightings = [k1!, k2!, k3!].map((kid, i) =>
      scan(b.pickup, { studentId: kid.id }, 'ALIGHT', `2026-03-02T07:5${i}:00Z`),
    );
    await send(b, { events: alightings });
    await send(b, {
      events: [
        scan(b.drop, { studentId: k1!.id }, 'BOARD', '2026-03-02T15:00:00Z'),
        scan(b.drop, { studentId: k2!.id }, 'BOARD', '2026-03-02T15:01:00Z'),
        scan(b.drop, { studentId: k1!.id }, 'ALIGHT', '2026-03-02T15:20:00Z'),
        scan(b.drop, { studentId: k2!.id }, 'ALIGHT', '2026-03-02T15:21:00Z'),
      ],
    });
    await send(b, {
      positions: [fix(b.drop, 12.0, '2026-03-02T15:00:00Z'), fix(b.drop, 12.02, '2026-03-02T15:20:00Z')],
    });
    const offline = await expectRollupsToMatch(trips);
    // 11.99 → 12.0 → 12.004 → 12.01 → 12.02 → 12.03 in time order: 0.04° of latitude.
    expect(offline.km.find((row) => row.trip_id === b.pickup)?.km).toBeCloseTo(4.4478, 3);

    // The same scans and fixes again (a retry): nothing changes.
    await send(b, { events: alightings });
    await send(b, { positions: offlineFixes });
    expect(await expectRollupsToMatch(trips)).toEqual(offline);

    // A child's stop changes, is removed and given: their past rides move with them.
    await t.app.database.db.execute(sql`update student_stops set stop_id = ${stopA}
      where student_id = ${k2!.id} and run = 'PICKUP'`);
    await expectRollupsToMatch(trips);
    await t.app.database.db.execute(sql`delete from student_stops where student_id = ${k1!.id}`);
    await expectRollupsToMatch(trips);
    await t.app.database.db.execute(sql`insert into student_stops (student_id, run, stop_id)
      values (${k3!.id}, 'PICKUP', ${stopB}), (${k1!.id}, 'DROP', ${stopA})
      on conflict (student_id, run) do update set stop_id = excluded.stop_id`);
    await expectRollupsToMatch(trips);

    // A cancelled trip keeps its counts (the reports leave it out by its status).
    expect((await admin('POST', `/api/trips/cancel/${b.drop}`, { reason: 'Road closed' })).status).toBe(200);
    await expectRollupsToMatch(trips);

    // A deleted child: their scans lose the child (and their stops go), whichever cascade runs first.
    expect((await admin('DELETE', `/api/students/delete/${k2!.id}`)).status).toBe(200);
    await expectRollupsToMatch(trips);

    // The retention job's deletes: old fixes and scans go, the trips are measured again from what is left.
    await t.app.database.db.execute(sql`delete from vehicle_positions
      where trip_id = ${b.pickup} and recorded_at < '2026-03-02T07:36:00Z'`);
    await t.app.database.db.execute(sql`delete from ridership_events
      where trip_id = ${b.pickup} and occurred_at < '2026-03-02T07:33:00Z'`);
    const after = await expectRollupsToMatch(trips);
    expect(after.km.find((row) => row.trip_id === b.pickup)?.km).toBeCloseTo(2.2239, 3);
  });
});

describe('on-time rollups', () => {
  const MONTH = { from: '2026-03-01', to: '2026-03-31' };
  const db = () => t.app.database.db;

  /** The rollups' answer (what the reports read at this tolerance) equals the count from the trips' stops. */
  async function expectOnTimeToMatch(toleranceMin = 5) {
    const [settings] = await rows<{ minutes: number }>(sql`select minutes from on_time_rollup_settings`);
    expect(settings!.minutes).toBe(toleranceMin);
    const [negative] = await rows<{ n: number }>(sql`select count(*)::int as n from (
      select trips, arrivals, on_time, early, late from route_on_time_days
      union all select trips, arrivals, on_time, early, late from stop_on_time_days) r
      where least(trips, arrivals, on_time, early, late) < 0`);
    expect(negative!.n).toBe(0);
    const byRoute = await onTimeByRoute(db(), MONTH, toleranceMin);
    const byStop = await onTimeByStop(db(), MONTH, toleranceMin);
    expect(byRoute).toEqual(await onTimeFromStops(db(), MONTH, toleranceMin, 'route'));
    expect(byStop).toEqual(await onTimeFromStops(db(), MONTH, toleranceMin, 'stop'));
    return { byRoute, byStop };
  }

  it('equal a count from the stops after inserts, arrivals, updates, deletions and another tolerance', async () => {
    const b = await busWithTrips(t.app, admin, time.clock, {
      children: 1,
      start: ['PICKUP', 'DROP'],
      startedAt: STARTED_AT,
    });
    const stopIds = [randomUUID(), randomUUID(), randomUUID()];
    await db().execute(sql`insert into stops (id, name, lat, lng) values
      (${stopIds[0]}, 'On time A', 13.0, 77.0), (${stopIds[1]}, 'On time B', 13.01, 77.0),
      (${stopIds[2]}, 'On time C', 13.02, 77.0)`);
    const addStop = (
      tripId: string,
      position: number,
      stop: number,
      planned: string,
      arrived: string | null,
    ) =>
      sql`(${tripId}, ${position}, ${stopIds[stop]}, ${`On time ${'ABC'[stop]}`}, ${13 + stop / 100}, 77.0,
        ${planned}::timestamptz, ${arrived}::timestamptz)`;

    // Generated stops (one statement per trip, as trip generation writes them): on time, late, not reached yet.
    await db()
      .execute(sql`insert into trip_stops (trip_id, position, stop_id, name, lat, lng, planned_at, arrived_at)
      values ${addStop(b.pickup, 1, 0, '2026-03-02T07:30:00Z', '2026-03-02T07:32:00Z')},
        ${addStop(b.pickup, 2, 1, '2026-03-02T07:40:00Z', '2026-03-02T07:47:30Z')},
        ${addStop(b.pickup, 3, 2, '2026-03-02T07:50:00Z', null)}`);
    await db()
      .execute(sql`insert into trip_stops (trip_id, position, stop_id, name, lat, lng, planned_at, arrived_at)
      values ${addStop(b.drop, 1, 2, '2026-03-02T15:00:00Z', '2026-03-02T14:54:00Z')},
        ${addStop(b.drop, 2, 0, '2026-03-02T15:10:00Z', null)}`);
    const first = await expectOnTimeToMatch();
    expect(first.byRoute).toMatchObject([{ trips: 2, stops: 3, on_time: 1, early: 1, late: 1 }]);

    // The driver app reaches the third stop: the positions' timeline writes its arrival (an update).
    await send(b, { positions: [fix(b.pickup, 13.02, '2026-03-02T07:53:00Z')] });
    const [reached] = await rows<{ arrived_at: string | null }>(
      sql`select arrived_at::text from trip_stops where trip_id = ${b.pickup} and position = 3`,
    );
    expect(reached!.arrived_at).not.toBeNull();
    expect((await expectOnTimeToMatch()).byRoute).toMatchObject([{ trips: 2, stops: 4, on_time: 2 }]);
    // Another fix at the same stop only moves last_near_at: nothing counted changes.
    await send(b, { positions: [fix(b.pickup, 13.02, '2026-03-02T07:54:00Z')] });
    await expectOnTimeToMatch();

    // Hand-written fixes: a planned time moved, a stop moved to the other trip, an arrival taken back.
    await db().execute(sql`update trip_stops set planned_at = '2026-03-02T07:45:00Z'
      where trip_id = ${b.pickup} and position = 2`);
    await expectOnTimeToMatch();
    await db().execute(sql`update trip_stops set trip_id = ${b.drop}, position = 3
      where trip_id = ${b.pickup} and position = 1`);
    await expectOnTimeToMatch();
    await db().execute(
      sql`update trip_stops set arrived_at = null where trip_id = ${b.drop} and position = 1`,
    );
    await expectOnTimeToMatch();

    // Deletions: a trip's stop, a stop itself (the trip's stop keeps its name), the trip's route (it keeps its
    // name), a trip's day and route name changed, then a whole trip.
    await db().execute(sql`delete from trip_stops where trip_id = ${b.pickup} and position = 2`);
    await expectOnTimeToMatch();
    await db().execute(sql`delete from stops where id = ${stopIds[2]}`);
    await expectOnTimeToMatch();
    await db().execute(sql`update trips set route_id = null where id = ${b.drop}`);
    await expectOnTimeToMatch();
    await db().execute(
      sql`update trips set trip_date = '2026-03-03', route_name = 'Renamed' where id = ${b.pickup}`,
    );
    await expectOnTimeToMatch();
    await db().execute(sql`delete from trips where id = ${b.drop}`);
    const [left] = await rows<{ n: number }>(
      sql`select count(*)::int as n from trip_stops where trip_id = ${b.drop}`,
    );
    expect(left!.n).toBe(0);
    await expectOnTimeToMatch();

    // Another tolerance: the reports read the stops until the rollups are counted again with it (as at a start).
    await db()
      .execute(sql`insert into trip_stops (trip_id, position, stop_id, name, lat, lng, planned_at, arrived_at)
      values ${addStop(b.pickup, 7, 1, '2026-03-03T07:30:00Z', '2026-03-03T07:32:30Z')}`);
    expect(await onTimeByRoute(db(), MONTH, 2)).toEqual(await onTimeFromStops(db(), MONTH, 2, 'route'));
    expect(await countOnTimeRollupsWith(db(), 2)).toBe(true);
    expect(await countOnTimeRollupsWith(db(), 2)).toBe(false);
    await expectOnTimeToMatch(2);
    expect(await countOnTimeRollupsWith(db(), 5)).toBe(true);
    await expectOnTimeToMatch(5);

    // The report over HTTP is the rollups' answer.
    const answer = await admin('GET', `/api/reports/on-time-routes?from=${MONTH.from}&to=${MONTH.to}`);
    expect(answer.status).toBe(200);
    const byRoute = await onTimeFromStops(db(), MONTH, 5, 'route');
    expect((answer.body as { data: { rows: { trips: number; stops: number }[] } }).data.rows).toEqual(
      byRoute.map((row) =>
        expect.objectContaining({ trips: row.trips, stops: row.stops, onTime: row.on_time }),
      ),
    );
  });
});
