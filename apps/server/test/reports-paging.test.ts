import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPORT_PAGE_SIZE, type ReportTable } from '@school-transport/shared';
import { queryRows } from '../src/db/client.js';
import { generateDataset } from '../src/db/generate/generate-dataset.js';
import { CURSOR_BATCH } from '../src/modules/records/reports/report-cursor.js';
import { tokenFor } from './support/accounts.js';
import { adminTestApp } from './support/requests.js';

const { t, api } = adminTestApp();
/** The generated days' range (they are the school days before today), set once they are generated. */
let ALL_TIME = '';
const span = { from: '', to: '' };

async function table(report: string, query: string): Promise<ReportTable> {
  const answer = await api('GET', `/api/reports/${report}?${query}`);
  expect(answer.status).toBe(200);
  return (answer.body as { data: ReportTable }).data;
}

async function csv(report: string, query: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/reports/${report}/csv?${query}`,
    headers: { authorization: await tokenFor(t.app, 'admin') },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.body.startsWith('\uFEFF')).toBe(true);
  expect(answer.body.includes('\r\n')).toBe(true);
  const [header, ...records] = parse(answer.body, { bom: true }) as string[][];
  return { header, records };
}

/** A table's rows as its CSV writes them: its columns in order, nothing as an empty cell. */
const asRecords = (answer: ReportTable, rows = answer.rows) =>
  rows.map((row) =>
    answer.columns.map((column) => (row[column.key] === null ? '' : String(row[column.key]))),
  );

/** Every page of a paged report, in order. */
async function allPages(report: string) {
  const first = await table(report, ALL_TIME);
  const pages = [first];
  for (let page = 2; (page - 1) * REPORT_PAGE_SIZE < first.paging!.total; page++)
    pages.push(await table(report, `${ALL_TIME}&page=${page}`));
  return { first, rows: pages.flatMap((answer) => answer.rows) };
}

/**
 * The reports' statements as they were before decision 039 (vehicle use with `count(distinct trip_date)`, ridership
 * per stop joined to its names before grouping), run on generated data: the figures must not have changed.
 */
const OLD_VEHICLE_USE = () => sql`
  with ran as (
    select t.id, t.trip_date, t.vehicle_id, t.vehicle_plate from trips t
    where t.trip_date between ${span.from}::date and ${span.to}::date and t.started_at is not null)
  select coalesce(ran.vehicle_id::text, ran.vehicle_plate) as key,
    coalesce(max(v.license_plate), max(ran.vehicle_plate)) as plate,
    count(*)::int as trips, count(distinct ran.trip_date)::int as days,
    (round((coalesce(sum(distance.km), 0))::numeric, 1))::float8 as km
  from ran left join trip_distances distance on distance.trip_id = ran.id left join vehicles v on v.id = ran.vehicle_id
  group by coalesce(ran.vehicle_id::text, ran.vehicle_plate)
  order by plate, key`;
const OLD_RIDERSHIP_PER_STOP = () => sql`
  select coalesce(r.stop_id::text, '') as key, coalesce(max(st.name), 'At home (no stop)') as name,
    coalesce(sum(r.riders) filter (where t.type = 'PICKUP'), 0)::int as pickups,
    coalesce(sum(r.riders) filter (where t.type = 'DROP'), 0)::int as drop_offs
  from trips t
  join trip_stop_riders r on r.trip_id = t.id and r.riders > 0
  left join stops st on st.id = r.stop_id
  where t.trip_date between ${span.from}::date and ${span.to}::date
  group by r.stop_id
  order by name, key`;
const OLD_ON_TIME_PER_STOP = () => sql`
  select coalesce(t.stop_id::text, t.stop_name) as key, coalesce(max(st.name), max(t.stop_name)) as name,
    sum(t.trips)::int as trips, sum(t.arrivals)::int as stops, sum(t.on_time)::int as on_time,
    sum(t.early)::int as early, sum(t.late)::int as late,
    (round((100.0 * sum(t.on_time) / sum(t.arrivals))::numeric, 1))::float8 as on_time_pct,
    (round((sum(t.delay_seconds) / sum(t.arrivals) / 60)::numeric, 1))::float8 as average_delay_min
  from stop_on_time_days t left join stops st on st.id = t.stop_id
  where t.trip_date between ${span.from}::date and ${span.to}::date and t.arrivals > 0
  group by coalesce(t.stop_id::text, t.stop_name)
  order by name, key`;

describe('reports at scale: same figures, per-stop reports paged and ranked, CSVs streamed (decision 039)', () => {
  it('answers the figures the statements before it did, on generated history', async () => {
    const db = t.app.database.db;
    // About 25 routes of 6 stops: more stops than a page.
    await generateDataset(db, { students: 1_500, schoolDays: 3, history: true });
    const [days] = await queryRows<{ from: string; to: string }>(
      db,
      sql`select min(trip_date)::text as from, max(trip_date)::text as to from trips`,
    );
    Object.assign(span, days);
    ALL_TIME = `from=${span.from}&to=${span.to}`;

    const vehicles = await table('vehicle-use', ALL_TIME);
    const oldVehicles = await queryRows<{ plate: string; trips: number; days: number; km: number }>(
      db,
      OLD_VEHICLE_USE(),
    );
    expect(oldVehicles.length).toBeGreaterThan(10);
    expect(oldVehicles.some((row) => row.days === 3 && row.km > 0)).toBe(true);
    expect(vehicles.paging).toBeUndefined();
    expect(vehicles.rows).toEqual(
      oldVehicles.map((row) => ({ vehicle: row.plate, trips: row.trips, days: row.days, km: row.km })),
    );
    // Days in use are counted 64 days to a mask: a range whose first trip day is its 64th day spreads them over two.
    const straddling = `from=${shiftDays(span.from, -63)}&to=${span.to}`;
    expect((await table('vehicle-use', straddling)).rows).toEqual(vehicles.rows);

    // Paged: the pages together are every row, ranked; the old statements' rows in that rank.
    const riders = await allPages('ridership-stops');
    const oldRiders = await queryRows<{ name: string; pickups: number; drop_offs: number }>(
      db,
      OLD_RIDERSHIP_PER_STOP(),
    );
    expect(oldRiders.length).toBeGreaterThan(REPORT_PAGE_SIZE);
    expect(riders.first.paging).toEqual({
      page: 1,
      pageSize: REPORT_PAGE_SIZE,
      total: oldRiders.length,
      rankedBy: 'most picked up first',
    });
    expect(riders.first.rows).toHaveLength(REPORT_PAGE_SIZE);
    const byPickups = [...oldRiders].sort((a, b) => b.pickups - a.pickups); // stable: then by name, as before
    expect(riders.rows).toEqual(
      byPickups.map((row) => ({ stop: row.name, pickups: row.pickups, dropOffs: row.drop_offs })),
    );

    const onTime = await allPages('on-time-stops');
    const oldOnTime = await queryRows<Record<string, number | string>>(db, OLD_ON_TIME_PER_STOP());
    expect(oldOnTime.length).toBeGreaterThan(REPORT_PAGE_SIZE);
    expect(onTime.first.paging).toMatchObject({ total: oldOnTime.length, rankedBy: 'least on time first' });
    const leastOnTime = [...oldOnTime].sort((a, b) => Number(a.on_time_pct) - Number(b.on_time_pct));
    expect(onTime.rows).toEqual(
      leastOnTime.map((row) => ({
        stop: row.name,
        trips: row.trips,
        stops: row.stops,
        onTime: row.on_time,
        early: row.early,
        late: row.late,
        onTimePct: row.on_time_pct,
        averageDelayMin: row.average_delay_min,
      })),
    );

    // The CSV holds every row, in the table's order: page 1 is its first rows.
    const download = await csv('on-time-stops', ALL_TIME);
    expect(download.header).toEqual(onTime.first.columns.map((column) => column.label));
    expect(download.records).toEqual(asRecords(onTime.first, onTime.rows));

    // A page past the end has no rows and still counts them all; page 0 is refused.
    const past = await table('on-time-stops', `${ALL_TIME}&page=1000`);
    expect(past.rows).toEqual([]);
    expect(past.paging).toMatchObject({ page: 1000, total: oldOnTime.length });
    const zero = await api('GET', `/api/reports/on-time-stops?${ALL_TIME}&page=0`);
    expect(zero.status).toBe(400);
  });

  it('streams a CSV of more rows than a cursor batch, with its BOM and formulas neutralised, as before', async () => {
    const db = t.app.database.db;
    // Stops deleted since (no id, their copied name), one a spreadsheet would run as a formula.
    const rows = CURSOR_BATCH * 2 + 17;
    await db.execute(sql`insert into stop_on_time_days
        (trip_date, stop_id, stop_name, trips, arrivals, on_time, early, late, delay_seconds)
      select '2025-06-02'::date, null, case when n = 1 then '=HYPERLINK("x")' else 'Gone stop ' || lpad(n::text, 5, '0') end,
        1, 4, n % 5, 0, 4 - n % 5, 60 * (n % 7)
      from generate_series(1, ${rows}) n`);
    // And its week, as the triggers keep it: the day (a Monday) is read as its week when no trip is on the rest.
    await db.execute(sql`insert into stop_on_time_weeks
        (week_start, stop_id, stop_name, trips, arrivals, on_time, early, late, delay_seconds)
      select trip_date, stop_id, stop_name, trips, arrivals, on_time, early, late, delay_seconds
      from stop_on_time_days where trip_date = '2025-06-02'`);
    const range = 'from=2025-06-02&to=2025-06-02';
    const download = await csv('on-time-stops', range);
    expect(download.records).toHaveLength(rows);
    const first = await table('on-time-stops', range);
    expect(first.paging!.total).toBe(rows);
    expect(download.records.slice(0, REPORT_PAGE_SIZE)).toEqual(asRecords(first));
    // Least on time first (0 of 4), then by name: the formula's row is on time 1 of 4.
    expect(download.records[0]![0]).toBe('Gone stop 00005');
    const formula = download.records.find((record) => record[0]!.includes('HYPERLINK'));
    expect(formula![0]).toBe(`'=HYPERLINK("x")`);
    const names = download.records.map((record) => record[0]);
    expect(new Set(names).size).toBe(rows);
  });
});

/** The day `days` days after `day` (YYYY-MM-DD). */
function shiftDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
