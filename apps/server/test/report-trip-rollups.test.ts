import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReportRange } from '@school-transport/shared';
import { queryRows } from '../src/db/client.js';
import {
  exceptionsByRoute,
  orderedRows,
  ridershipByDay,
  ridershipByRoute,
  vehicleUse,
  type ReportStatement,
} from '../src/modules/records/reports/reports-queries.js';
import { historyOverWeeks } from './support/report-ranges.js';
import { adminTestApp } from './support/requests.js';

/**
 * Ridership per route, exceptions, ridership per day and vehicle use read route and vehicle rollups per day and ISO
 * week (migration 0025, decision 046). On generated history spanning three weeks, and after each kind of write that
 * changes them, each report must answer what its statement before 0025 answered from the trips and their per-trip
 * rollups, every day row must be a recount from the trips, and every week the sum of its days.
 */
const { t } = adminTestApp();
const db = () => t.app.database.db;
const rows = <T>(query: SQL) => queryRows<T>(db(), query);

const inRange = (range: ReportRange) => sql`t.trip_date between ${range.from}::date and ${range.to}::date`;

/** The four statements as they were before 0025 (reports-queries.ts), over the range's trips. */
const BEFORE_0025: Record<string, (range: ReportRange) => SQL> = {
  ridershipByRoute: (range) => sql`
    with per_trip as (
      select t.id, t.route_id, t.route_name, coalesce(c.boardings, 0) as boardings,
        coalesce(c.alightings, 0) as alightings, coalesce(c.no_shows, 0) as no_shows
      from trips t left join trip_ridership_counts c on c.trip_id = t.id
      where ${inRange(range)} and t.status <> 'CANCELLED')
    select coalesce(t.route_id::text, t.route_name) as key, coalesce(max(r.name), max(t.route_name)) as name,
      count(*)::int as trips, sum(t.boardings)::int as boardings, sum(t.alightings)::int as alightings,
      sum(t.no_shows)::int as no_shows,
      (round((sum(t.boardings)::float8 / count(*))::numeric, 1))::float8 as boardings_per_trip
    from per_trip t left join routes r on r.id = t.route_id
    group by coalesce(t.route_id::text, t.route_name)
    order by name, key`,
  ridershipByDay: (range) => sql`
    select t.trip_date::text as day, count(*)::int as trips,
      sum(coalesce(c.boardings, 0))::int as boardings, sum(coalesce(c.no_shows, 0))::int as no_shows
    from trips t left join trip_ridership_counts c on c.trip_id = t.id
    where ${inRange(range)} and t.status <> 'CANCELLED'
    group by t.trip_date
    order by day`,
  exceptionsByRoute: (range) => sql`
    select coalesce(t.route_id::text, t.route_name) as key, coalesce(max(r.name), max(t.route_name)) as name,
      sum(c.no_shows)::int as no_shows, sum(c.wrong_bus)::int as wrong_bus, sum(c.unknown_tags)::int as unknown_tags
    from trips t
    join trip_ridership_counts c on c.trip_id = t.id and c.no_shows + c.wrong_bus + c.unknown_tags > 0
    left join routes r on r.id = t.route_id
    where ${inRange(range)} and t.status <> 'CANCELLED'
    group by coalesce(t.route_id::text, t.route_name)
    order by name, key`,
  vehicleUse: (range) => sql`
    with per_mask as (
      select t.vehicle_id, case when t.vehicle_id is null then t.vehicle_plate end as deleted,
        (t.trip_date - ${range.from}::date) / 64 as mask, max(t.vehicle_plate) as copied_plate, count(*) as trips,
        bit_or(1::bigint << ((t.trip_date - ${range.from}::date) % 64)) as days, sum(distance.km) as km
      from trips t left join trip_distances distance on distance.trip_id = t.id
      where ${inRange(range)} and t.started_at is not null
      group by 1, 2, 3),
    per_vehicle as (
      select vehicle_id, deleted, max(copied_plate) as copied_plate, sum(trips)::int as trips,
        sum(bit_count(days::bit(64)))::int as days, (round((coalesce(sum(km), 0))::numeric, 1))::float8 as km
      from per_mask group by 1, 2)
    select coalesce(g.vehicle_id::text, g.deleted) as key, coalesce(v.license_plate, g.copied_plate) as plate,
      g.trips, g.days, g.km
    from per_vehicle g left join vehicles v on v.id = g.vehicle_id
    order by plate, key`,
};

const NOW: Record<string, (range: ReportRange) => ReportStatement> = {
  ridershipByRoute,
  ridershipByDay,
  exceptionsByRoute,
  vehicleUse,
};

async function expectReportsAsBefore(range: ReportRange) {
  for (const [report, before] of Object.entries(BEFORE_0025)) {
    const label = `${report} ${JSON.stringify(range)}`;
    expect(await rows(orderedRows(NOW[report]!(range))), label).toEqual(await rows(before(range)));
  }
}

/** Rows as sorted JSON, rows of zeros left out, km to a millimetre (the same trips summed in another order). */
async function sorted(query: SQL) {
  return (await rows<Record<string, unknown>>(query))
    .map((row) =>
      Object.entries(row).map(([key, value]) => [
        key,
        typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : value,
      ]),
    )
    .filter((entries) => entries.some(([, value]) => typeof value === 'number' && value !== 0))
    .map((entries) => JSON.stringify(entries))
    .sort();
}

const routeSums = (period: SQL, from: SQL) => sql`
  select ${period}::text as period, route_id::text, route_name, sum(trips)::int as trips,
    sum(boardings)::int as boardings, sum(alightings)::int as alightings, sum(no_shows)::int as no_shows,
    sum(wrong_bus)::int as wrong_bus, sum(unknown_tags)::int as unknown_tags
  from ${from} group by 1, 2, 3`;
const vehicleSums = (period: SQL, from: SQL, days: SQL) => sql`
  select ${period}::text as period, vehicle_id::text, plate, sum(trips)::int as trips, sum(km)::float8 as km,
    ${days} as days
  from ${from} group by 1, 2, 3`;

/** Every day row is what the trips and their per-trip rollups say; every week is the sum of its days. */
async function expectDaysToBeTheTripsAndWeeksTheirDays() {
  const routeDays = await sorted(routeSums(sql`trip_date`, sql`route_trip_days`));
  expect(routeDays.length).toBeGreaterThan(0);
  expect(routeDays).toEqual(
    await sorted(
      routeSums(
        sql`trip_date`,
        sql`(select t.trip_date, t.route_id, t.route_name, 1 as trips, coalesce(c.boardings, 0) as boardings,
          coalesce(c.alightings, 0) as alightings, coalesce(c.no_shows, 0) as no_shows,
          coalesce(c.wrong_bus, 0) as wrong_bus, coalesce(c.unknown_tags, 0) as unknown_tags
        from trips t left join trip_ridership_counts c on c.trip_id = t.id where t.status <> 'CANCELLED') t`,
      ),
    ),
  );
  expect(await sorted(routeSums(sql`week_start`, sql`route_trip_weeks`))).toEqual(
    await sorted(routeSums(sql`iso_week_start(trip_date)`, sql`route_trip_days`)),
  );

  const vehicleDays = await sorted(vehicleSums(sql`trip_date`, sql`vehicle_trip_days`, sql`0`));
  expect(vehicleDays.length).toBeGreaterThan(0);
  expect(vehicleDays).toEqual(
    await sorted(
      vehicleSums(
        sql`trip_date`,
        sql`(select t.trip_date, t.vehicle_id, case when t.vehicle_id is null then t.vehicle_plate end as plate,
          1 as trips, coalesce(k.km, 0) as km
        from trips t left join trip_distances k on k.trip_id = t.id where t.started_at is not null) t`,
        sql`0`,
      ),
    ),
  );
  expect(await sorted(vehicleSums(sql`week_start`, sql`vehicle_trip_weeks`, sql`sum(days)::int`))).toEqual(
    await sorted(
      vehicleSums(
        sql`iso_week_start(trip_date)`,
        sql`vehicle_trip_days`,
        sql`count(*) filter (where trips > 0)::int`,
      ),
    ),
  );
}

/** A Monday trip that ran, with scans and a distance, other than the trips `except` and of no vehicle `notOf`. */
async function aMondayTrip(except: string[] = [], notOf: string[] = []) {
  const [trip] = await rows<{ id: string; route_id: string; vehicle_id: string }>(sql`
    select t.id::text, t.route_id::text, t.vehicle_id::text from trips t
    join trip_ridership_counts c on c.trip_id = t.id and c.boardings > 0
    join trip_distances k on k.trip_id = t.id and k.km > 0
    where t.status <> 'CANCELLED' and t.route_id is not null and t.vehicle_id is not null
      and extract(isodow from t.trip_date) = 1
      and not (t.id::text = any (${`{${except.join(',')}}`}::text[]))
      and not (t.vehicle_id::text = any (${`{${notOf.join(',')}}`}::text[]))
    order by t.id limit 1`);
  expect(trip).toBeDefined();
  return trip!;
}

describe('route and vehicle reports from weeks and edge days (decision 046)', () => {
  it('answer what the statements before them did over ranges from every weekday, and after every kind of write', async () => {
    const { ranges, whole } = await historyOverWeeks(db());
    const [counted] = await rows<{ route_weeks: number; vehicle_weeks: number; exceptions: number }>(sql`
      select (select count(distinct week_start) from route_trip_weeks where trips > 0)::int as route_weeks,
        (select count(distinct week_start) from vehicle_trip_weeks where days > 0)::int as vehicle_weeks,
        (select count(*) from route_trip_weeks where no_shows + wrong_bus + unknown_tags > 0)::int as exceptions`);
    expect(counted!.route_weeks).toBeGreaterThanOrEqual(3);
    expect(counted!.vehicle_weeks).toBeGreaterThanOrEqual(3);
    expect(counted!.exceptions).toBeGreaterThan(0);
    await expectDaysToBeTheTripsAndWeeksTheirDays();
    for (const range of ranges) await expectReportsAsBefore(range);

    const check = async () => {
      await expectDaysToBeTheTripsAndWeeksTheirDays();
      await expectReportsAsBefore(whole);
    };

    // Scans added (boardings, no-shows, an unknown tag, a wrong bus) and deleted.
    await db().execute(sql`
      insert into ridership_events (event_id, trip_id, kind, method, student_id, student_name, occurred_at, flag)
      select gen_random_uuid(), trip_id, kind, method, student_id, student_name, occurred_at + interval '1 second',
        (array[null, 'WRONG_BUS', 'UNKNOWN_TAG'])[1 + n % 3]::ridership_flag
      from (select e.*, row_number() over (order by event_id) as n from ridership_events e) e
      where n <= 40`);
    await db().execute(sql`
      insert into ridership_events (event_id, trip_id, kind, method, occurred_at)
      select gen_random_uuid(), id, 'NO_SHOW', 'NFC', started_at from trips order by id limit 5`);
    await db().execute(sql`
      delete from ridership_events where event_id in (
        select event_id from ridership_events order by event_id desc limit 60)`);
    await check();

    // A trip cancelled, then running again.
    const cancelled = await aMondayTrip();
    await db().execute(sql`update trips set status = 'CANCELLED' where id = ${cancelled.id}`);
    await check();
    await db().execute(sql`update trips set status = 'COMPLETED' where id = ${cancelled.id}`);
    await check();

    // A trip moved from a Monday to the Sunday before it (another week).
    const moved = await aMondayTrip();
    await db().execute(sql`update trips set trip_date = trip_date - 1 where id = ${moved.id}`);
    await check();

    // A trip given another route and another vehicle, then another plate copied on a trip of the same vehicle
    // (renamed): still one vehicle, its days counted once.
    const other = await aMondayTrip([moved.id]);
    const [elsewhere] = await rows<{
      route_id: string;
      route_name: string;
      vehicle_id: string;
      plate: string;
    }>(sql`
      select r.id::text as route_id, r.name as route_name, v.id::text as vehicle_id, v.license_plate as plate
      from routes r, vehicles v
      where r.id <> ${other.route_id} and v.id <> ${other.vehicle_id} order by r.id, v.id limit 1`);
    await db()
      .execute(sql`update trips set route_id = ${elsewhere!.route_id}, route_name = ${elsewhere!.route_name}
      where id = ${other.id}`);
    await db()
      .execute(sql`update trips set vehicle_id = ${elsewhere!.vehicle_id}, vehicle_plate = ${elsewhere!.plate}
      where id = ${other.id}`);
    await db().execute(sql`update trips set vehicle_plate = 'OLD PLATE' where id = (
      select id from trips where vehicle_id = ${elsewhere!.vehicle_id} and id <> ${other.id} order by id limit 1)`);
    await check();

    // Positions added and deleted (a trip measured again), a trip started.
    await db().execute(sql`
      insert into vehicle_positions (position_id, trip_id, vehicle_id, lat, lng, recorded_at, source)
      select gen_random_uuid(), p.trip_id, p.vehicle_id, p.lat + 0.01, p.lng, p.recorded_at + interval '1 hour', 'app'
      from vehicle_positions p where p.trip_id = ${other.id} order by p.recorded_at desc limit 2`);
    await db().execute(sql`delete from vehicle_positions where position_id in (
      select position_id from vehicle_positions where trip_id = ${moved.id} order by recorded_at limit 3)`);
    await check();
    const started = await aMondayTrip([moved.id, other.id]);
    await db().execute(sql`update trips set status = 'PENDING', started_at = null, completed_at = null
      where id = ${started.id}`);
    await check();
    await db().execute(sql`update trips set status = 'STARTED', started_at = now() where id = ${started.id}`);
    await check();

    // A route and a vehicle deleted (their assignment first): their trips keep the copied name and plate, and the
    // vehicle's trips under an older plate make a row of their own, as before. Not the vehicle renamed above: its
    // 'OLD PLATE' would be a third.
    const gone = await aMondayTrip([moved.id, other.id, started.id], [elsewhere!.vehicle_id]);
    await db().execute(sql`update trips set vehicle_plate = 'EARLIER PLATE' where id = (
      select id from trips where vehicle_id = ${gone.vehicle_id} and id <> ${gone.id} order by id limit 1)`);
    await db().execute(sql`delete from route_assignments where route_id = ${gone.route_id}`);
    await db().execute(sql`delete from routes where id = ${gone.route_id}`);
    await db().execute(sql`delete from vehicles where id = ${gone.vehicle_id}`);
    const [deletedRows] = await rows<{ routes: number; vehicles: number }>(sql`
      select (select count(*) from route_trip_days where route_id is null and trips > 0)::int as routes,
        (select count(distinct plate) from vehicle_trip_days where vehicle_id is null and trips > 0)::int as vehicles`);
    expect(deletedRows).toEqual({ routes: expect.any(Number), vehicles: 2 });
    expect(deletedRows!.routes).toBeGreaterThan(0);
    await check();

    // A trip deleted (its counts and distance leave with it, by cascade).
    const deleted = await aMondayTrip([moved.id, other.id, started.id]);
    await db().execute(sql`delete from trips where id = ${deleted.id}`);
    await expectDaysToBeTheTripsAndWeeksTheirDays();
    for (const range of ranges) await expectReportsAsBefore(range);
  });
});
