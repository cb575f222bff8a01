import { sql, type SQL } from 'drizzle-orm';
import { LAST_NAMES } from '@school-transport/shared';
import type { Database, Transaction } from '../client.js';
import { queryRows } from '../client.js';
import type { ProgressListener } from '../progress-listener.js';

/**
 * What happened on an operator's past school days, for the reports' benchmark, added to a database the dataset
 * generator filled (`generateDataset`, or `npm run generate`): each route's stops and runs, each seated child's stop,
 * credentials and defects, then per school day (newest first) the day's trips with their stop arrivals (4 minutes
 * early to 8 late), the bus's positions (five fixes per leg between stops) and the children's scans (boarded and
 * left; about 3 % no-shows, 0.2 % wrong-bus). Set-based: every statement is an INSERT … SELECT in the database, no
 * row travels through Node. One transaction per day and per step, so a 1M-student history (about 2.6M scans a day)
 * commits as it goes and a stopped run keeps its finished days. The rollups (0021, 0023 to 0025) are kept either by
 * their triggers, a day at a time as a busy day of driver apps would, or counted once per day (`Rollups`).
 */

/** Stops per route: a bus of neighbours calls at a few corners of its neighbourhood. */
const STOPS_PER_ROUTE = 6;
/** Minutes between two stops of a run, and the runs' starts on the wall clock. */
const MINUTES_BETWEEN_STOPS = 5;
/** A block's stops spread this many degrees apart (a third of the generator's neighbourhood, about 200 m). */
const STOP_SPACING_DEGREES = 0.002;
const RANDOM_SEED = 0.23;

const LAST = `array[${LAST_NAMES.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/** Every assignment with a route, numbered: the generator's blocks, read back from the database. */
const numberedAssignments = sql`(select row_number() over (order by ra.id) - 1 as b, ra.id as assignment_id,
    ra.route_id, ra.driver_id, ra.vehicle_id
  from route_assignments ra where ra.route_id is not null)`;

/** The blocks with their neighbourhood's centre (the mean of their seated children's homes), for their stops. */
const blocks = sql`(select g.*, c.lat, c.lng from ${numberedAssignments} g
  join (select a.assignment_id, avg(s.pickup_lat) as lat, avg(s.pickup_lng) as lng
    from assignment_students a join students s on s.id = a.student_id group by a.assignment_id) c
  on c.assignment_id = g.assignment_id)`;

/** One timed statement of a step; `onStatement` hears how long each took and how many rows it wrote. */
export interface StatementTiming {
  step: string;
  ms: number;
  rows: number;
}
type OnStatement = (timing: StatementTiming) => void;

async function timed(tx: Transaction, step: string, statement: SQL, onStatement?: OnStatement) {
  const started = performance.now();
  const result = (await tx.execute(statement)) as unknown as { rowCount?: number; affectedRows?: number };
  onStatement?.({ step, ms: performance.now() - started, rows: result.rowCount ?? result.affectedRows ?? 0 });
}

/**
 * How a generated day's rollups are kept. `triggers`: the day's trip stops, positions and scans are written with
 * the rollup triggers on (what `bench/rollup-write-cost.ts` measures). `per-day`: they are written with triggers off
 * (`session_replication_role = replica`, which skips foreign-key checks too: every row is built from the rows it
 * points to) and each rollup is then counted once from the whole day's rows. At a million children the triggers
 * took 50 s of a day's 200k trip stops, most of its 817k positions' 65 s and minutes of its 2.6M scans, so 60 days
 * of history did not fit in a working session. The counting follows the triggers' definitions (the on-time one
 * through the migration's own functions, as its rebuild does); `generate-history.test.ts` writes the same rows both
 * ways and finds the same rollups. Rollups of rollups are kept by their own triggers on the tables written here,
 * which stay on: 0024's weeks and stop riders, and 0025's route and vehicle days and weeks (from the trips, written
 * with triggers on in both modes, and from `trip_ridership_counts` and `trip_distances` as counted here).
 */
export type Rollups = 'triggers' | 'per-day';

/** Runs `write` with the triggers off (and back on after) when the day's rollups are counted per day. */
async function withoutTriggers(tx: Transaction, rollups: Rollups, write: () => Promise<void>) {
  if (rollups === 'per-day') await tx.execute(sql`set local session_replication_role = replica`);
  await write();
  if (rollups === 'per-day') await tx.execute(sql`set local session_replication_role = origin`);
}

const dayTrips = (day: string) => sql`select t.id from trips t where t.trip_date = ${day}::date`;

/** The day's on-time rollups and trip distances, counted from its trip stops and positions. */
async function countDayTrips(tx: Transaction, day: string, onStatement?: OnStatement) {
  await timed(
    tx,
    'on-time rollups',
    sql`select on_time_rollup_add(on_time_arrivals_of(1, 1, array(
      select ts from trips t join trip_stops ts on ts.trip_id = t.id
      where t.trip_date = ${day}::date and ts.planned_at is not null and ts.arrived_at is not null)))`,
    onStatement,
  );
  await timed(
    tx,
    'trip distances',
    sql`insert into trip_distances (trip_id, km)
      select trip_id,
        -- great_circle_km of a missing fix is half the Earth (least() skips nulls): a trip's first fix starts no leg.
        coalesce(sum(great_circle_km(prev_lat, prev_lng, lat, lng)) filter (where prev_lat is not null), 0)
      from (select p.trip_id, p.lat, p.lng, lag(p.lat) over w as prev_lat, lag(p.lng) over w as prev_lng
        from vehicle_positions p where p.trip_id in (${dayTrips(day)})
        window w as (partition by p.trip_id order by p.recorded_at, p.position_id)) legs
      group by trip_id order by trip_id`,
    onStatement,
  );
}

/** The day's per-trip scan counts and riders per trip and stop, counted from its scans. */
async function countDayScans(tx: Transaction, day: string, onStatement?: OnStatement) {
  await timed(
    tx,
    'ridership counts',
    sql`insert into trip_ridership_counts (trip_id, boardings, alightings, no_shows, wrong_bus, unknown_tags)
      select trip_id, count(*) filter (where kind = 'BOARD'), count(*) filter (where kind = 'ALIGHT'),
        count(*) filter (where kind = 'NO_SHOW'), count(*) filter (where flag = 'WRONG_BUS'),
        count(*) filter (where flag = 'UNKNOWN_TAG')
      from ridership_events where trip_id in (${dayTrips(day)}) group by trip_id order by trip_id`,
    onStatement,
  );
  await timed(
    tx,
    'stop riders',
    sql`insert into trip_stop_riders (trip_id, stop_id, riders)
      select e.trip_id, ss.stop_id, count(*)
      from ridership_events e
      join trips t on t.id = e.trip_id
        and e.kind = (case when t.type = 'PICKUP' then 'BOARD' else 'ALIGHT' end)::ridership_kind
      left join student_stops ss on ss.student_id = e.student_id and ss.run = t.type
      where t.trip_date = ${day}::date and e.student_id is not null
      group by 1, 2 order by 1, 2`,
    onStatement,
  );
}

/**
 * Each block's stops (spread around its centre), its route's two runs (07:00 pickup, 15:00 drop) calling at them in
 * order (the drop in reverse), every seated child's stop for both runs, every driver's and vehicle's credentials of
 * each kind (a few already expired) and an open defect on every tenth vehicle.
 */
export async function generateStopsAndCompliance(db: Database, onStatement?: OnStatement) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table gen_blocks on commit drop as select * from ${blocks} blocks`);
    await tx.execute(sql`create temporary table gen_stops on commit drop as
      select g.b, g.route_id, k as position, gen_random_uuid() as id,
        g.lat + (k - 3.5) * ${STOP_SPACING_DEGREES} as lat,
        g.lng + ((k * 5) % ${STOPS_PER_ROUTE} - 2.5) * ${STOP_SPACING_DEGREES} as lng
      from gen_blocks g cross join generate_series(1, ${STOPS_PER_ROUTE}) k`);
    await timed(
      tx,
      'stops',
      sql`insert into stops (id, name, lat, lng, address)
      select id, (${sql.raw(LAST)})[1 + (b * 7 + position) % ${LAST_NAMES.length}] || ' Corner ' || (b + 1) || '-' || position,
        lat, lng, position || ' ' || (${sql.raw(LAST)})[1 + (b + position) % ${LAST_NAMES.length}] || ' Street'
      from gen_stops`,
      onStatement,
    );
    await tx.execute(sql`insert into route_runs (route_id, run, start_time)
      select distinct route_id, run::trip_type, (case when run = 'PICKUP' then '07:00' else '15:00' end)::time
      from gen_stops cross join (values ('PICKUP'), ('DROP')) r(run)`);
    await tx.execute(sql`insert into route_stops (route_id, run, position, stop_id, minutes_after_start)
      select route_id, run::trip_type, case when run = 'PICKUP' then position else ${STOPS_PER_ROUTE + 1} - position end,
        id, (case when run = 'PICKUP' then position - 1 else ${STOPS_PER_ROUTE} - position end) * ${MINUTES_BETWEEN_STOPS}
      from gen_stops cross join (values ('PICKUP'), ('DROP')) r(run)`);
    await timed(
      tx,
      'student stops',
      sql`insert into student_stops (student_id, run, stop_id)
      select a.student_id, run::trip_type, st.id
      from (select assignment_id, student_id, row_number() over (partition by assignment_id order by student_id) as n
        from assignment_students) a
      join gen_blocks g on g.assignment_id = a.assignment_id
      join gen_stops st on st.b = g.b and st.position = 1 + a.n % ${STOPS_PER_ROUTE}
      cross join (values ('PICKUP'), ('DROP')) r(run)`,
      onStatement,
    );
    await tx.execute(sql`insert into credentials (kind_id, driver_id, vehicle_id, number, expires_on)
      select k.id, case when k.subject = 'DRIVER' then g.driver_id end, case when k.subject = 'VEHICLE' then g.vehicle_id end,
        upper(left(k.name, 3)) || '-' || lpad(g.b::text, 7, '0'),
        current_date + ((g.b * 37 + length(k.name) * 11) % 400 - 30)::int
      from gen_blocks g cross join credential_kinds k
      where (k.subject = 'DRIVER' and g.driver_id is not null) or (k.subject = 'VEHICLE' and g.vehicle_id is not null)`);
    await tx.execute(sql`create temporary table gen_inspections on commit drop as
      select g.vehicle_id, gen_random_uuid() as id, current_date - (g.b % 20)::int as day
      from gen_blocks g where g.b % 10 = 0 and g.vehicle_id is not null`);
    await tx.execute(sql`insert into inspections (id, vehicle_id, driver_name, inspected_on, items, completed_at)
      select id, vehicle_id, 'Generated driver', day, '[{"itemId":"brakes","label":"Brakes","ok":false,"note":"Soft pedal"}]'::jsonb,
        day + interval '6 hours 30 minutes'
      from gen_inspections`);
    await tx.execute(sql`insert into inspection_defects (inspection_id, vehicle_id, item_label, note, out_of_service, opened_at)
      select id, vehicle_id, 'Brakes', 'Soft pedal', (extract(day from day)::int % 3 = 0), day + interval '6 hours 30 minutes'
      from gen_inspections`);
  });
}

/** The `days` school days (weekdays) before today, newest first. */
export async function pastSchoolDays(db: Database, days: number): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select day::date::text as day
      from generate_series((current_date - ${days * 2}::int)::timestamp, (current_date - 1)::timestamp, interval '1 day') day
      where extract(isodow from day) < 6 order by day desc limit ${days}`,
  );
  return rows.map((row) => row.day);
}

/**
 * One day's trips (pickup and drop per assignment; every fiftieth block's trips that day cancelled, the others
 * completed) with their stops, arrivals and positions: what a day of driver apps writes, minus the scans.
 */
export async function generateDayTrips(
  tx: Transaction,
  day: string,
  onStatement?: OnStatement,
  rollups: Rollups = 'triggers',
) {
  const dayOfYear = sql`extract(doy from ${day}::date)::int`;
  await timed(
    tx,
    'trips',
    sql`insert into trips (assignment_id, type, trip_date, status, started_at, completed_at, cancelled_at,
        route_name, driver_name, driver_license_no, driver_phone, vehicle_plate, driver_id, vehicle_id, route_id,
        planned_start_at)
      select g.assignment_id, t.type::trip_type, ${day}::date,
        (case when (g.b + ${dayOfYear}) % 50 = 0 then 'CANCELLED' else 'COMPLETED' end)::trip_status,
        ${day}::date + t.start,
        case when (g.b + ${dayOfYear}) % 50 <> 0 then ${day}::date + t.start + interval '1 hour' end,
        case when (g.b + ${dayOfYear}) % 50 = 0 then ${day}::date + interval '6 hours' end,
        r.name, u.name, dr.license_no, dr.phone, v.license_plate, g.driver_id, g.vehicle_id, g.route_id,
        ${day}::date + t.start
      from ${numberedAssignments} g
      join routes r on r.id = g.route_id
      join drivers dr on dr.id = g.driver_id
      join users u on u.id = dr.user_id
      join vehicles v on v.id = g.vehicle_id
      cross join (values ('PICKUP', interval '7 hours'), ('DROP', interval '15 hours')) t(type, start)`,
    onStatement,
  );
  // The triggers' statements below are planned with the day's trips counted (analyze sees its own transaction's).
  await tx.execute(sql`analyze trips`);
  await withoutTriggers(tx, rollups, () => writeDayStopsAndPositions(tx, day, onStatement));
  if (rollups === 'per-day') await countDayTrips(tx, day, onStatement);
}

/** The day's trip stops with their arrivals, and the bus's positions between them. */
async function writeDayStopsAndPositions(tx: Transaction, day: string, onStatement?: OnStatement) {
  await timed(
    tx,
    'trip stops',
    sql`insert into trip_stops (trip_id, position, stop_id, name, lat, lng, planned_at, arrived_at, departed_at)
      select t.id, rs.position, s.id, s.name, s.lat, s.lng, planned, arrived, arrived + interval '1 minute'
      from trips t
      join route_stops rs on rs.route_id = t.route_id and rs.run = t.type
      join stops s on s.id = rs.stop_id
      cross join lateral (select t.planned_start_at + rs.minutes_after_start * interval '1 minute' as planned) p
      cross join lateral (select case when t.status = 'COMPLETED'
        then planned + round((random() * 12 - 4) * 60) * interval '1 second' end as arrived) a
      where t.trip_date = ${day}::date`,
    onStatement,
  );
  await timed(
    tx,
    'positions',
    sql`insert into vehicle_positions (position_id, trip_id, vehicle_id, lat, lng, accuracy, speed, recorded_at, received_at, source)
      select gen_random_uuid(), legs.trip_id, legs.vehicle_id,
        legs.lat + (legs.next_lat - legs.lat) * f / 5.0, legs.lng + (legs.next_lng - legs.lng) * f / 5.0, 10, 8,
        legs.departed_at + (legs.next_arrived_at - legs.departed_at) * f / 5.0,
        legs.departed_at + (legs.next_arrived_at - legs.departed_at) * f / 5.0, 'app'
      from (select ts.trip_id, t.vehicle_id, ts.lat, ts.lng, ts.departed_at,
          lead(ts.lat) over w as next_lat, lead(ts.lng) over w as next_lng, lead(ts.arrived_at) over w as next_arrived_at
        from trip_stops ts join trips t on t.id = ts.trip_id
        where t.trip_date = ${day}::date and ts.arrived_at is not null
        window w as (partition by ts.trip_id order by ts.position)) legs
      cross join generate_series(0, 4) f
      where legs.next_lat is not null`,
    onStatement,
  );
}

/**
 * One day's scans on the trips that ran: mornings on at the child's stop and off at school, afternoons on at school
 * and off at the stop; about 3 % of morning riders a no-show, 0.2 % of boardings flagged as on the wrong bus.
 */
export async function generateDayScans(
  tx: Transaction,
  day: string,
  onStatement?: OnStatement,
  rollups: Rollups = 'triggers',
) {
  await withoutTriggers(tx, rollups, () => writeDayScans(tx, day, onStatement));
  if (rollups === 'per-day') await countDayScans(tx, day, onStatement);
}

async function writeDayScans(tx: Transaction, day: string, onStatement?: OnStatement) {
  await timed(
    tx,
    'scans',
    sql`insert into ridership_events (event_id, trip_id, kind, method, student_id, student_name, occurred_at, received_at, flag)
      select gen_random_uuid(), x.trip_id, e.kind::ridership_kind, 'NFC', x.student_id, x.name, e.at, e.at,
        (case when e.kind = 'BOARD' and x.r < 0.002 then 'WRONG_BUS' end)::ridership_flag
      from (select t.id as trip_id, t.type, s.id as student_id, s.name, random() as r, t.started_at, t.completed_at,
          coalesce(ts.arrived_at, t.started_at) as at_stop
        from trips t
        join assignment_students a on a.assignment_id = t.assignment_id
        join students s on s.id = a.student_id
        left join student_stops ss on ss.student_id = s.id and ss.run = t.type
        left join trip_stops ts on ts.trip_id = t.id and ts.stop_id = ss.stop_id
        where t.trip_date = ${day}::date and t.status = 'COMPLETED') x
      cross join lateral unnest(
        case when x.type = 'PICKUP' and x.r > 0.97 then array['NO_SHOW'] else array['BOARD', 'ALIGHT'] end,
        case when x.type = 'PICKUP' and x.r > 0.97 then array[x.at_stop]
          when x.type = 'PICKUP' then array[x.at_stop, x.completed_at]
          else array[x.started_at, x.at_stop] end) e(kind, at)`,
    onStatement,
  );
}

export interface HistoryOptions {
  schoolDays: number;
  /** Scans for the newest this many days only (default all): at 1M children a day is about 2.6M scans. */
  scanDays?: number;
  /** Start no new day once this instant has passed (the days written are whole: trips, stops, positions, scans). */
  until?: Date;
  /** How the rollups are kept (default `per-day`: several times faster, the same rollups). */
  rollups?: Rollups;
  onStatement?: OnStatement;
  onDay?: (day: string, part: 'trips' | 'scans', ms: number) => void;
  progress?: ProgressListener;
}

/** Which of `days` have trips already, and which have scans. */
async function daysDone(db: Database, days: string[]) {
  const rows = await queryRows<{ day: string; trips: boolean; scans: boolean }>(
    db,
    sql`select d::text as day, exists (select 1 from trips t where t.trip_date = d) as trips,
      exists (select 1 from trips t join ridership_events e on e.trip_id = t.id where t.trip_date = d) as scans
    from unnest(${`{${days.join(',')}}`}::date[]) d`,
  );
  return {
    withTrips: new Set(rows.filter((row) => row.trips).map((row) => row.day)),
    withScans: new Set(rows.filter((row) => row.scans).map((row) => row.day)),
  };
}

/** The history of the past `schoolDays` school days; answers the days that got trips and those that got scans. */
export async function generateHistory(db: Database, options: HistoryOptions) {
  const [done] = await queryRows<{ stops: boolean }>(
    db,
    sql`select exists (select 1 from route_stops) as stops`,
  );
  if (!done!.stops) {
    options.progress?.phase('stops, runs, credentials and defects');
    await generateStopsAndCompliance(db, options.onStatement);
  }
  const days = await pastSchoolDays(db, options.schoolDays);
  // A stopped run goes on where it stopped: days with trips (or scans) already are left as they are.
  const { withTrips, withScans } = await daysDone(db, days);
  const scanned: string[] = [];
  const written: string[] = [];
  // Newest first and a whole day at a time, so that a run stopped by `until` leaves the latest days complete.
  options.progress?.phase('school days of history', days.length);
  for (const [index, day] of days.entries()) {
    if (options.until && Date.now() > options.until.getTime()) break;
    options.progress?.update(index, day);
    if (!withTrips.has(day)) {
      const started = performance.now();
      await db.transaction(async (tx) => {
        // The same day gives the same arrivals each run (not the same ids).
        await tx.execute(sql`select setseed(${RANDOM_SEED + index / 1000})`);
        await generateDayTrips(tx, day, options.onStatement, options.rollups ?? 'per-day');
      });
      options.onDay?.(day, 'trips', performance.now() - started);
    }
    written.push(day);
    if (withScans.has(day)) scanned.push(day);
    else if (index < (options.scanDays ?? days.length)) {
      const started = performance.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql`select setseed(${RANDOM_SEED - index / 1000})`);
        await generateDayScans(tx, day, options.onStatement, options.rollups ?? 'per-day');
      });
      scanned.push(day);
      options.onDay?.(day, 'scans', performance.now() - started);
    }
  }
  options.progress?.update(written.length);
  options.progress?.phase('vacuum analyze');
  await db.execute(sql`vacuum analyze`);
  return { days: written, scanned };
}
