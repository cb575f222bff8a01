import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsThrough, uniqueTag } from '@school-transport/testing';
import { tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Every report over a small set of days whose right answers are worked out by hand below. The range is
 * 2026-03-02..03; a trip on 03-04 and a cancelled one lie outside what is counted. Today is 2026-03-05 (UTC).
 */
const time = manualClock(new Date('2026-03-05T12:00:00Z'));
let t: TestApp;
let api: Api;
const RANGE = 'from=2026-03-02&to=2026-03-03';
const seeded = {} as {
  routeId: string;
  routeName: string;
  plate: string;
  driverName: string;
  kids: { id: string; name: string }[];
  stops: { s1: string; s2: string };
};

const run = (query: ReturnType<typeof sql>) => t.app.database.db.execute(query);

async function trip(type: 'PICKUP' | 'DROP', day: string, status = 'COMPLETED') {
  const id = crypto.randomUUID();
  const started = status === 'CANCELLED' ? null : `${day}T07:00:00Z`;
  await run(sql`insert into trips (id, type, trip_date, status, started_at, route_name, driver_name,
      driver_license_no, driver_phone, vehicle_plate, route_id, vehicle_id)
    select ${id}, ${type}::trip_type, ${day}::date, ${status}::trip_status, ${started}::timestamptz,
      r.name, 'Driver', 'DL-1', '9000000000', v.license_plate, r.id, v.id
    from routes r, vehicles v where r.id = ${seeded.routeId} and v.license_plate = ${seeded.plate}`);
  return id;
}

async function tripStop(
  tripId: string,
  position: number,
  stopId: string,
  planned: string,
  arrived: string | null,
) {
  await run(sql`insert into trip_stops (trip_id, position, stop_id, name, lat, lng, planned_at, arrived_at)
    select ${tripId}, ${position}, id, name, lat, lng, ${planned}::timestamptz, ${arrived}::timestamptz
    from stops where id = ${stopId}`);
}

async function event(
  tripId: string,
  kind: 'BOARD' | 'ALIGHT' | 'NO_SHOW',
  studentId: string | null,
  flag: 'WRONG_BUS' | 'UNKNOWN_TAG' | null = null,
) {
  await run(sql`insert into ridership_events (event_id, trip_id, kind, method, student_id, occurred_at, flag)
    values (gen_random_uuid(), ${tripId}, ${kind}::ridership_kind, 'TAP', ${studentId},
      '2026-03-02T07:05:00Z', ${flag}::ridership_flag)`);
}

async function position(tripId: string, lat: number, at: string) {
  await run(sql`insert into vehicle_positions (position_id, trip_id, lat, lng, recorded_at, source)
    values (gen_random_uuid(), ${tripId}, ${lat}, 77.0, ${at}::timestamptz, 'app')`);
}

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { TIME_ZONE: 'UTC' } });
  api = apiAs(t.app, await tokenFor(t.app, 'admin'));
  const make = recordsThrough(api);
  const [driver, vehicle, route, kids, other] = await Promise.all([
    make.driver(),
    make.vehicle({ capacity: 30 }),
    make.busRoute({ name: `Report Route ${uniqueTag()}` }),
    make.children(2),
    make.children(1),
  ]);
  await make.assignment(
    { driverId: driver.id, vehicleId: vehicle.id, routeId: route.id },
    kids.map((kid: { id: string }) => kid.id),
  );
  Object.assign(seeded, {
    routeId: route.id,
    routeName: route.name,
    plate: vehicle.licensePlate,
    driverName: driver.user.name,
    kids,
  });
  const [k1, k2] = kids as { id: string }[];
  const k3 = (other as { id: string }[])[0]!;

  const s1 = crypto.randomUUID();
  const s2 = crypto.randomUUID();
  seeded.stops = { s1, s2 };
  await run(sql`insert into stops (id, name, lat, lng, address) values
    (${s1}, 'Oak Corner', 12.0, 77.0, '1 Oak Street'), (${s2}, 'Elm Gate', 12.01, 77.0, null)`);
  await run(sql`insert into route_runs (route_id, run, start_time) values
    (${route.id}, 'PICKUP', '07:00'), (${route.id}, 'DROP', '15:00')`);
  await run(sql`insert into route_stops (route_id, run, position, stop_id, minutes_after_start) values
    (${route.id}, 'PICKUP', 1, ${s1}, 0), (${route.id}, 'PICKUP', 2, ${s2}, 10), (${route.id}, 'DROP', 1, ${s2}, 10)`);
  // k1 waits at Oak Corner in the morning and goes home door to door; k2 uses Elm Gate both ways; k3 has no stop.
  await run(sql`insert into student_stops (student_id, run, stop_id) values
    (${k1!.id}, 'PICKUP', ${s1}), (${k2!.id}, 'PICKUP', ${s2}), (${k2!.id}, 'DROP', ${s2})`);

  const t1 = await trip('PICKUP', '2026-03-02');
  const t2 = await trip('DROP', '2026-03-02');
  const t3 = await trip('PICKUP', '2026-03-03');
  const t4 = await trip('PICKUP', '2026-03-04');
  const t5 = await trip('DROP', '2026-03-03', 'CANCELLED');
  // Delays: +3 (on time), +10 (late), -6 (early), +5 (on time: the tolerance is inclusive); no arrival is not counted.
  await tripStop(t1, 1, s1, '2026-03-02T07:00:00Z', '2026-03-02T07:03:00Z');
  await tripStop(t1, 2, s2, '2026-03-02T07:10:00Z', '2026-03-02T07:20:00Z');
  await tripStop(t3, 1, s1, '2026-03-03T07:00:00Z', '2026-03-03T06:54:00Z');
  await tripStop(t3, 2, s2, '2026-03-03T07:10:00Z', '2026-03-03T07:15:00Z');
  await tripStop(t2, 1, s2, '2026-03-02T15:10:00Z', null);
  await tripStop(t4, 1, s1, '2026-03-04T07:00:00Z', '2026-03-04T07:30:00Z');

  for (const tripId of [t1, t2]) {
    await event(tripId, 'BOARD', k1!.id);
    await event(tripId, 'BOARD', k2!.id);
    await event(tripId, 'ALIGHT', k1!.id);
    await event(tripId, 'ALIGHT', k2!.id);
  }
  await event(t3, 'BOARD', k1!.id);
  await event(t3, 'ALIGHT', k1!.id);
  await event(t3, 'NO_SHOW', k2!.id);
  await event(t3, 'BOARD', null, 'UNKNOWN_TAG');
  await event(t3, 'BOARD', k3.id, 'WRONG_BUS');
  await event(t4, 'BOARD', k1!.id);
  await event(t4, 'NO_SHOW', k2!.id);
  await event(t5, 'NO_SHOW', k2!.id);

  // 0.01° of latitude is 1.11195 km, 0.009° is 1.00076 km: 3.2 km in all. Stored out of order: time orders them.
  await position(t1, 12.02, '2026-03-02T07:20:00Z');
  await position(t1, 12.0, '2026-03-02T07:00:00Z');
  await position(t1, 12.01, '2026-03-02T07:10:00Z');
  await position(t3, 12.0, '2026-03-03T07:00:00Z');
  await position(t3, 12.009, '2026-03-03T07:10:00Z');
  await position(t4, 12.5, '2026-03-04T07:00:00Z');
  await position(t4, 12.0, '2026-03-04T07:10:00Z');
}, 60_000);
afterAll(() => t?.close());

const report = async (name: string, query = RANGE) => {
  const answer = await api('GET', `/api/reports/${name}?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { title: string; columns: { key: string; label: string }[]; rows: object[] };
};

describe('reports', () => {
  it('on-time performance per route: arrivals within ±5 minutes of plan', async () => {
    const table = await report('on-time-routes');
    expect(table.title).toBe('On-time performance per route (±5 min)');
    expect(table.rows).toEqual([
      {
        route: seeded.routeName,
        trips: 2,
        stops: 4,
        onTime: 2,
        early: 1,
        late: 1,
        onTimePct: 50,
        averageDelayMin: 3,
      },
    ]);
  });

  it('on-time performance per stop', async () => {
    const table = await report('on-time-stops');
    expect(table.rows).toEqual([
      {
        stop: 'Elm Gate',
        trips: 2,
        stops: 2,
        onTime: 1,
        early: 0,
        late: 1,
        onTimePct: 50,
        averageDelayMin: 7.5,
      },
      {
        stop: 'Oak Corner',
        trips: 2,
        stops: 2,
        onTime: 1,
        early: 1,
        late: 0,
        onTimePct: 50,
        averageDelayMin: -1.5,
      },
    ]);
  });

  it('ridership per route counts the scans of the trips that ran', async () => {
    const table = await report('ridership-routes');
    expect(table.rows).toEqual([
      {
        route: seeded.routeName,
        trips: 3,
        boardings: 7,
        alightings: 5,
        noShows: 1,
        boardingsPerTrip: 2.3,
      },
    ]);
  });

  it('ridership per stop: morning boardings and afternoon alightings at each child’s stop', async () => {
    const table = await report('ridership-stops');
    // Ranked, most picked up first (then by name): the order of its chart and, paged, of its table.
    expect(table.rows).toEqual([
      { stop: 'Oak Corner', pickups: 2, dropOffs: 0 },
      { stop: 'At home (no stop)', pickups: 1, dropOffs: 1 },
      { stop: 'Elm Gate', pickups: 1, dropOffs: 1 },
    ]);
  });

  it('ridership per day', async () => {
    const table = await report('ridership-days');
    expect(table.rows).toEqual([
      { day: '2026-03-02', trips: 2, boardings: 4, noShows: 0 },
      { day: '2026-03-03', trips: 1, boardings: 3, noShows: 1 },
    ]);
  });

  it('no-shows and wrong-bus scans per route', async () => {
    const table = await report('exceptions');
    // The cancelled trip's no-show and 03-04's are not counted.
    expect(table.rows).toEqual([{ route: seeded.routeName, noShows: 1, wrongBus: 1, unknownTags: 1 }]);
  });

  it('vehicle use: trips that started and km between consecutive fixes', async () => {
    const table = await report('vehicle-use');
    expect(table.rows).toEqual([{ vehicle: seeded.plate, trips: 3, days: 2, km: 3.2 }]);
    const longer = await report('vehicle-use', 'from=2026-03-02&to=2026-03-04');
    // 0.5° of latitude more: 55.6 km.
    expect(longer.rows).toEqual([{ vehicle: seeded.plate, trips: 4, days: 3, km: 58.8 }]);
  });

  it('a range without trips answers empty tables', async () => {
    for (const name of [
      'on-time-routes',
      'ridership-routes',
      'ridership-days',
      'exceptions',
      'vehicle-use',
    ]) {
      expect((await report(name, 'from=2025-01-01&to=2025-01-31')).rows).toEqual([]);
    }
  });

  it('expiring credentials: expired or expiring by the end of the range, soonest first', async () => {
    await run(sql`insert into credentials (kind_id, driver_id, vehicle_id, number, expires_on)
      select k.id, d.id, null::uuid, 'DL-77', '2026-03-10'::date from credential_kinds k, drivers d
        where k.name = 'Driving licence' and d.license_no = (select license_no from drivers limit 1)
      union all
      select k.id, null::uuid, v.id, 'INS-1', '2026-02-20'::date from credential_kinds k, vehicles v
        where k.name = 'Insurance' and v.license_plate = ${seeded.plate}
      union all
      select k.id, null::uuid, v.id, 'REG-9', '2026-06-01'::date from credential_kinds k, vehicles v
        where k.name = 'Registration' and v.license_plate = ${seeded.plate}`);
    const table = await report('expiring-credentials', 'from=2026-03-01&to=2026-03-31');
    expect(table.rows).toEqual([
      {
        holderType: 'Vehicle',
        holder: seeded.plate,
        kind: 'Insurance',
        number: 'INS-1',
        expiresOn: '2026-02-20',
        daysLeft: -13,
        blocks: true,
      },
      {
        holderType: 'Driver',
        holder: seeded.driverName,
        kind: 'Driving licence',
        number: 'DL-77',
        expiresOn: '2026-03-10',
        daysLeft: 5,
        blocks: true,
      },
    ]);
  });

  it('open defects found by the end of the range', async () => {
    const inspection = crypto.randomUUID();
    await run(sql`insert into inspections (id, vehicle_id, driver_name, inspected_on, items, completed_at)
      select ${inspection}, id, 'Driver', '2026-03-02', '[]'::jsonb, '2026-03-02T06:30:00Z'
      from vehicles where license_plate = ${seeded.plate}`);
    await run(sql`insert into inspection_defects (inspection_id, vehicle_id, item_label, note, out_of_service, opened_at, closed_at)
      select ${inspection}, vehicle_id, item, note, oos, opened::timestamptz, closed::timestamptz
      from inspections, (values ('Brakes', 'Soft pedal', true, '2026-03-02T06:30:00Z', null),
          ('Wipers', null, false, '2026-03-02T06:30:00Z', '2026-03-03T10:00:00Z'),
          ('Mirror', null, false, '2026-04-02T06:30:00Z', null)) d(item, note, oos, opened, closed)
      where inspections.id = ${inspection}`);
    const table = await report('open-defects', 'from=2026-03-01&to=2026-03-31');
    expect(table.rows).toEqual([
      {
        vehicle: seeded.plate,
        item: 'Brakes',
        note: 'Soft pedal',
        outOfService: true,
        openedOn: '2026-03-02',
        daysOpen: 3,
      },
    ]);
  });

  it('covered runs: who was planned and who drove, day by day, within the range', async () => {
    const covered = await trip('PICKUP', '2026-03-02');
    const later = await trip('DROP', '2026-03-03', 'PENDING');
    const outside = await trip('PICKUP', '2026-04-01', 'PENDING');
    for (const id of [covered, later, outside])
      await run(sql`update trips set planned_driver_name = 'Raj', planned_vehicle_plate = 'KA-10',
        driver_name = 'Priya' where id = ${id}`);
    const table = await report('covered-runs', 'from=2026-03-01&to=2026-03-31');
    const row = { route: seeded.routeName, plannedDriver: 'Raj', plannedVehicle: 'KA-10', driver: 'Priya' };
    expect(table.rows).toEqual([
      { day: '2026-03-02', run: 'PICKUP', status: 'COMPLETED', vehicle: seeded.plate, ...row },
      { day: '2026-03-03', run: 'DROP', status: 'PENDING', vehicle: seeded.plate, ...row },
    ]);
  });

  it('the CSV of a report equals its table', async () => {
    for (const name of ['on-time-stops', 'ridership-stops', 'vehicle-use', 'open-defects', 'covered-runs']) {
      const table = await report(name, 'from=2026-03-01&to=2026-03-31');
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/reports/${name}/csv?from=2026-03-01&to=2026-03-31`,
        headers: { authorization: await tokenFor(t.app, 'admin') },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="${name}_2026-03-01_2026-03-31.csv"`,
      );
      expect(answer.body.startsWith('\uFEFF')).toBe(true);
      const [header, ...records] = parse(answer.body, { bom: true }) as string[][];
      expect(header).toEqual(table.columns.map((column) => column.label));
      expect(records).toEqual(
        table.rows.map((row) =>
          table.columns.map((column) => {
            const cell = (row as Record<string, unknown>)[column.key];
            return cell === null ? '' : String(cell);
          }),
        ),
      );
      expect(records.length).toBeGreaterThan(0);
    }
  });

  it('refuses a range that is backwards, too long or not dates, and a report that does not exist', async () => {
    const backwards = await api('GET', '/api/reports/vehicle-use?from=2026-03-03&to=2026-03-02');
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      expect.objectContaining({ field: 'to', message: 'To must not be before From' }),
    ]);
    const long = await api('GET', '/api/reports/vehicle-use?from=2025-01-01&to=2026-03-02');
    expect(long.status).toBe(400);
    expect(long.body.errors[0].message).toBe('A report covers at most 366 days');
    expect((await api('GET', '/api/reports/vehicle-use?from=2026-3-1&to=2026-03-02')).status).toBe(400);
    expect((await api('GET', '/api/reports/vehicle-use')).status).toBe(400);
    expect((await api('GET', `/api/reports/salaries?${RANGE}`)).status).toBe(400);
    expect((await api('GET', `/api/reports/salaries/csv?${RANGE}`)).status).toBe(400);
  });

  it('only admins see reports', async () => {
    for (const url of [`/api/reports/vehicle-use?${RANGE}`, `/api/reports/vehicle-use/csv?${RANGE}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      for (const role of ['driver', 'parent'] as const) {
        const answer = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: await tokenFor(t.app, role) },
        });
        expect(answer.statusCode).toBe(403);
      }
    }
  });
});

describe('printable manifest', () => {
  it('lists the run’s stops in order with planned times and each stop’s children with a parent phone', async () => {
    const answer = await api('GET', `/api/reports/manifest?routeId=${seeded.routeId}&run=PICKUP`);
    expect(answer.status).toBe(200);
    const manifest = answer.body.data;
    expect(manifest).toMatchObject({
      route: { id: seeded.routeId, name: seeded.routeName },
      run: 'PICKUP',
      startTime: '07:00',
      vehiclePlate: seeded.plate,
      driverName: seeded.driverName,
      atHome: [],
    });
    expect(
      manifest.stops.map((stop: { name: string; plannedTime: string }) => [stop.name, stop.plannedTime]),
    ).toEqual([
      ['Oak Corner', '07:00'],
      ['Elm Gate', '07:10'],
    ]);
    expect(manifest.stops[0].address).toBe('1 Oak Street');
    const [k1, k2] = seeded.kids;
    expect(manifest.stops[0].children.map((child: { name: string }) => child.name)).toEqual([k1!.name]);
    expect(manifest.stops[1].children.map((child: { name: string }) => child.name)).toEqual([k2!.name]);
    expect(manifest.stops[0].children[0].parentPhone).toMatch(/\d{5}/);
  });

  it('puts children without a stop on the run apart, with their address', async () => {
    const answer = await api('GET', `/api/reports/manifest?routeId=${seeded.routeId}&run=DROP`);
    const manifest = answer.body.data;
    expect(manifest.startTime).toBe('15:00');
    expect(manifest.stops).toHaveLength(1);
    expect(manifest.stops[0]).toMatchObject({ name: 'Elm Gate', plannedTime: '15:10' });
    expect(manifest.stops[0].children.map((child: { name: string }) => child.name)).toEqual([
      seeded.kids[1]!.name,
    ]);
    expect(manifest.atHome.map((child: { name: string }) => child.name)).toEqual([seeded.kids[0]!.name]);
    expect(manifest.atHome[0].address).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown route and 400 for a bad run', async () => {
    const missing = await api('GET', `/api/reports/manifest?routeId=${crypto.randomUUID()}&run=PICKUP`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Route not found');
    const bad = await api('GET', `/api/reports/manifest?routeId=${seeded.routeId}&run=NIGHT`);
    expect(bad.status).toBe(400);
  });
});
