import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReportRange } from '@school-transport/shared';
import { queryRows } from '../src/db/client.js';
import {
  countOnTimeRollupsWith,
  onTimeByStop,
  onTimeFromStops,
  orderedRows,
  ridershipByStop,
} from '../src/modules/records/reports/reports-queries.js';
import { historyOverWeeks } from './support/report-ranges.js';
import { adminTestApp } from './support/requests.js';

/**
 * The per-stop reports read weeks wholly inside their range and days at its edges (migration 0024, decision 043).
 * On generated history spanning three weeks, and after each kind of write that changes the rollups, the reports must
 * answer what the raw rows say (on time: `onTimeFromStops`; ridership: `trip_stop_riders` by trip, as the report read
 * it before), and every week must be the sum of its days.
 */
const { t } = adminTestApp();
const db = () => t.app.database.db;
const rows = <T>(query: SQL) => queryRows<T>(db(), query);
const TOLERANCE = 5;
const AT_HOME = 'At home (no stop)';

/** Ridership per stop as the report read it before 0024: every trip's rows of the range. */
const ridershipFromTrips = (range: ReportRange) => sql`
  select coalesce(g.stop_id::text, '') as key, coalesce(st.name, ${AT_HOME}) as name, g.pickups, g.drop_offs
  from (
    select r.stop_id,
      coalesce(sum(r.riders) filter (where t.type = 'PICKUP'), 0)::int as pickups,
      coalesce(sum(r.riders) filter (where t.type = 'DROP'), 0)::int as drop_offs
    from trips t join trip_stop_riders r on r.trip_id = t.id and r.riders > 0
    where t.trip_date between ${range.from}::date and ${range.to}::date
    group by r.stop_id) g
  left join stops st on st.id = g.stop_id
  order by name, key`;

async function expectReportsAsFromRawRows(range: ReportRange) {
  const label = JSON.stringify(range);
  expect(await onTimeByStop(db(), range, TOLERANCE), label).toEqual(
    await onTimeFromStops(db(), range, TOLERANCE, 'stop'),
  );
  expect(await rows(orderedRows(ridershipByStop(range, AT_HOME))), label).toEqual(
    await rows(ridershipFromTrips(range)),
  );
}

/** Both sides of a rollup's invariant as sorted rows, zero rows left out. */
const sorted = (query: SQL) =>
  rows<Record<string, unknown>>(sql`select * from (${query}) q order by 1, 2, 3, 4`);

async function expectWeeksToBeTheirDays() {
  const onTimeCounts = (group: SQL, from: SQL) => sql`
    select ${group} as period, stop_id::text, stop_name, sum(trips)::int as trips, sum(arrivals)::int as arrivals,
      sum(on_time)::int as on_time, sum(early)::int as early, sum(late)::int as late,
      round(sum(delay_seconds)::numeric, 3)::float8 as delay_seconds
    from ${from} group by 1, 2, 3
    having sum(trips) <> 0 or sum(arrivals) <> 0 or sum(on_time) <> 0 or sum(early) <> 0 or sum(late) <> 0
      or round(sum(delay_seconds)::numeric, 3) <> 0`;
  const onTimeWeeks = await sorted(onTimeCounts(sql`week_start::text`, sql`stop_on_time_weeks`));
  expect(onTimeWeeks.length).toBeGreaterThan(0);
  expect(onTimeWeeks).toEqual(
    await sorted(onTimeCounts(sql`iso_week_start(trip_date)::text`, sql`stop_on_time_days`)),
  );

  // Rides per stop and run from the rollups (pickups on the morning run, drop-offs on the afternoon one) and from
  // trip_stop_riders by its trip's day and run.
  const rides = (group: SQL, from: SQL) => sql`
    select ${group} as period, r.stop_id::text, sum(r.pickups)::int as pickups, sum(r.drop_offs)::int as drop_offs
    from ${from} group by 1, 2 having sum(r.pickups) <> 0 or sum(r.drop_offs) <> 0`;
  const riderDays = await sorted(rides(sql`r.trip_date::text`, sql`stop_rider_days r`));
  expect(riderDays.length).toBeGreaterThan(0);
  expect(riderDays).toEqual(
    await sorted(
      rides(
        sql`r.trip_date::text`,
        sql`(select t.trip_date, r.stop_id,
            case when t.type = 'PICKUP' then r.riders else 0 end as pickups,
            case when t.type = 'DROP' then r.riders else 0 end as drop_offs
          from trip_stop_riders r join trips t on t.id = r.trip_id) r`,
      ),
    ),
  );
  expect(await sorted(rides(sql`r.week_start::text`, sql`stop_rider_weeks r`))).toEqual(
    await sorted(rides(sql`iso_week_start(r.trip_date)::text`, sql`stop_rider_days r`)),
  );
}

/** A trip of the generated history with counted arrivals and rides, not `except`. */
async function aTripWithArrivalsAndRides(except: string[] = []) {
  const [trip] = await rows<{ id: string; trip_date: string }>(sql`
    select t.id::text, t.trip_date::text from trips t
    where exists (select 1 from trip_stops ts where ts.trip_id = t.id and ts.arrived_at is not null
        and ts.planned_at is not null)
      and exists (select 1 from trip_stop_riders r where r.trip_id = t.id and r.riders > 0 and r.stop_id is not null)
      and extract(isodow from t.trip_date) = 1
      and not (t.id::text = any (${`{${except.join(',')}}`}::text[]))
    order by t.id limit 1`);
  expect(trip).toBeDefined();
  return trip!;
}

describe('per-stop reports from weeks and edge days (decision 043)', () => {
  it('answer what the raw rows say over ranges from and to every weekday, and after every kind of write', async () => {
    const { ranges, whole } = await historyOverWeeks(db());
    const [counted] = await rows<{ weeks: number; rides: number }>(sql`
      select (select count(distinct week_start) from stop_on_time_weeks where arrivals > 0)::int as weeks,
        (select count(*) from stop_rider_weeks where pickups > 0 and drop_offs > 0)::int as rides`);
    expect(counted!.weeks).toBeGreaterThanOrEqual(3);
    expect(counted!.rides).toBeGreaterThan(0);
    await expectWeeksToBeTheirDays();
    for (const range of ranges) await expectReportsAsFromRawRows(range);

    // A trip moved from a Monday to the Sunday before it (another week), another deleted.
    const moved = await aTripWithArrivalsAndRides();
    await db().execute(sql`update trips set trip_date = trip_date - 1 where id = ${moved.id}`);
    const deleted = await aTripWithArrivalsAndRides([moved.id]);
    await db().execute(sql`delete from trips where id = ${deleted.id}`);
    await expectWeeksToBeTheirDays();
    await expectReportsAsFromRawRows(whole);

    // Arrivals rewritten (some turn late), then counted again with another tolerance and back.
    const rewritten = await aTripWithArrivalsAndRides([moved.id]);
    await db().execute(
      sql`update trip_stops set arrived_at = arrived_at + interval '7 minutes' where trip_id = ${rewritten.id}`,
    );
    await expectWeeksToBeTheirDays();
    await expectReportsAsFromRawRows(whole);
    expect(await countOnTimeRollupsWith(db(), 2)).toBe(true);
    await expectWeeksToBeTheirDays();
    expect(await onTimeByStop(db(), whole, 2)).toEqual(await onTimeFromStops(db(), whole, 2, 'stop'));
    expect(await countOnTimeRollupsWith(db(), TOLERANCE)).toBe(true);

    // Scans added and deleted.
    await db().execute(sql`
      insert into ridership_events (event_id, trip_id, kind, method, student_id, student_name, occurred_at)
      select gen_random_uuid(), trip_id, kind, method, student_id, student_name, occurred_at + interval '1 second'
      from ridership_events where kind in ('BOARD', 'ALIGHT') and student_id is not null
      order by event_id limit 40`);
    await db().execute(sql`
      delete from ridership_events where event_id in (
        select event_id from ridership_events where kind in ('BOARD', 'ALIGHT') order by event_id desc limit 60)`);
    await expectWeeksToBeTheirDays();
    await expectReportsAsFromRawRows(whole);

    // Children's morning stop changed (their rides move), a child deleted (their rides leave).
    await db().execute(sql`
      update student_stops ss set stop_id = (select id from stops where id <> ss.stop_id order by id limit 1)
      where ss.run = 'PICKUP' and ss.student_id in (
        select distinct student_id from ridership_events where kind = 'BOARD' and student_id is not null
        order by student_id limit 5)`);
    await db().execute(sql`
      delete from students where id = (
        select student_id from ridership_events where kind = 'ALIGHT' and student_id is not null
        order by student_id desc limit 1)`);
    await expectWeeksToBeTheirDays();
    for (const range of ranges) await expectReportsAsFromRawRows(range);
  });
});

describe('an edge of the range read as its week (decision 048)', () => {
  it('reads the week when no trip falls on its days outside the range, and the days once one does', async () => {
    // A week far from any generated trip (1 January 2024 is a Monday), its rollups written by hand with the week
    // deliberately unequal to its day, so that the answer tells which of the two was read.
    const range = { from: '2024-01-01', to: '2024-01-05' };
    await db().execute(sql`insert into stop_on_time_days
        (trip_date, stop_id, stop_name, trips, arrivals, on_time, early, late, delay_seconds)
      values ('2024-01-01', null, 'Gate stop', 1, 4, 4, 0, 0, 0)`);
    await db().execute(sql`insert into stop_on_time_weeks
        (week_start, stop_id, stop_name, trips, arrivals, on_time, early, late, delay_seconds)
      values ('2024-01-01', null, 'Gate stop', 2, 9, 9, 0, 0, 0)`);
    await db().execute(sql`insert into stop_rider_days (trip_date, stop_id, pickups, drop_offs)
      values ('2024-01-01', null, 3, 0)`);
    await db().execute(sql`insert into stop_rider_weeks (week_start, stop_id, pickups, drop_offs)
      values ('2024-01-01', null, 7, 0)`);
    const read = async () => ({
      arrivals: (await onTimeByStop(db(), range, TOLERANCE)).find((row) => row.name === 'Gate stop')?.stops,
      pickups: (
        await rows<{ key: string; pickups: number }>(orderedRows(ridershipByStop(range, AT_HOME)))
      ).find((row) => row.key === '')?.pickups,
    });
    // Saturday and Sunday, outside the range, have no trips: the week's row stands for the edge.
    expect(await read()).toEqual({ arrivals: 9, pickups: 7 });

    // A trip on the Saturday: the week would count it, so the edge is read as its days.
    if ((await rows(sql`select 1 from trips limit 1`)).length === 0) await historyOverWeeks(db());
    await db().execute(sql`create temporary table saturday_trip as select * from trips limit 1`);
    await db().execute(sql`update saturday_trip set id = gen_random_uuid(), trip_date = '2024-01-06'`);
    await db().execute(sql`insert into trips select * from saturday_trip`);
    expect(await read()).toEqual({ arrivals: 4, pickups: 3 });
  });
});
