import { sql, type SQL } from 'drizzle-orm';
import type { ReportRange, TripType } from '@school-transport/shared';
import { queryRows, type Database, type Executor } from '../../../db/client.js';
import { splitIntoWeeks } from './report-weeks.js';

/**
 * The SQL of the reports (what each figure means: reports-service.ts). The trip-level reports read rollups kept by
 * triggers in the same transaction as every write they summarise, never a month of scans or positions: per trip
 * (`trip_ridership_counts`, `trip_stop_riders`, `trip_distances`, migration 0021), then per route, stop or vehicle
 * and day and ISO week (migrations 0023 to 0025), read as the weeks wholly inside the range and the days at its
 * edges (decisions 043 and 046). Only on time with another tolerance still reads the range's trips and their stops.
 * Numbers leave PostgreSQL as int or float8 and days and instants as text, so both engines answer alike.
 */

export const REPORT_MEMORY = sql`set local work_mem = '64MB'`;

/**
 * Runs a report's statements in a transaction with room to sort and hash in memory. Set when vehicle use sorted a
 * month of positions (it spilled to disk with the default 4 MB); the on-time reports still group a month of trip
 * stops, the largest input left now that scans and positions come from the rollups.
 */
export function withReportMemory<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(REPORT_MEMORY);
    return work(tx);
  });
}

/**
 * A report's statement: its rows in no order (`body`, selecting `key` and the row's figures) and the order of its
 * table and CSV (`order`, over the body's columns as `q`).
 */
export interface ReportStatement {
  body: SQL;
  order: SQL;
}

/** Every row of a report in its order. */
export const orderedRows = ({ body, order }: ReportStatement) =>
  sql`select * from (${body}) q order by ${order}`;

const byNameAndKey = sql`q.name, q.key`;

const tripsInRange = (range: ReportRange) =>
  sql`t.trip_date between ${range.from}::date and ${range.to}::date`;

/** A bus route's rows: its id while it exists, its name as copied on the trip after it was deleted. */
const routeKey = sql`coalesce(t.route_id::text, t.route_name)`;
const routeName = sql`coalesce(max(r.name), max(t.route_name))`;

/** Rounds a float8 to one decimal (round() of float8 to a scale does not exist). */
const oneDecimal = (value: SQL) => sql`(round((${value})::numeric, 1))::float8`;

export interface OnTimeRow {
  key: string;
  name: string;
  trips: number;
  stops: number;
  on_time: number;
  early: number;
  late: number;
  on_time_pct: number | null;
  average_delay_min: number | null;
}

/** The on-time figures of a group, from its arrivals' count, on-time count and delay sum (seconds). */
const onTimeFigures = (arrivals: SQL, onTimeCount: SQL, delaySeconds: SQL) =>
  sql`${oneDecimal(sql`100.0 * ${onTimeCount} / ${arrivals}`)} as on_time_pct,
      ${oneDecimal(sql`${delaySeconds} / ${arrivals} / 60`)} as average_delay_min`;

/**
 * A row of an on-time report: a route (its id while it exists, else its name as copied on the trip) or a stop (the
 * same with the stop's name copied as `stopName`), named now as the route or stop is named.
 */
function onTimeGroup(by: 'route' | 'stop', stopName: SQL) {
  return by === 'route'
    ? { key: routeKey, name: routeName, join: sql`left join routes r on r.id = t.route_id` }
    : {
        key: sql`coalesce(t.stop_id::text, ${stopName})`,
        name: sql`coalesce(max(st.name), max(${stopName}))`,
        join: sql`left join stops st on st.id = t.stop_id`,
      };
}

/**
 * Stop arrivals of the range's trips that had a planned time, grouped by route or stop, against ±`toleranceMin`
 * minutes, counted from the trips' stops themselves: the definition the rollups must equal, and the answer when
 * the rollups were counted with another tolerance (another server on the same database, or the moment before a
 * restart counts them again).
 */
function onTimeFromStopsStatement(
  range: ReportRange,
  toleranceMin: number,
  by: 'route' | 'stop',
): ReportStatement {
  // The arrivals are named `t` below, so that the route's key and name read as on trips.
  const { key, name, join } = onTimeGroup(by, sql`t.name`);
  const seconds = sql`${toleranceMin * 60}::float8`;
  return {
    body: sql`
    with arrivals as (
      select t.id as trip_id, t.route_id, t.route_name, ts.stop_id, ts.name,
        extract(epoch from ts.arrived_at - ts.planned_at)::float8 as delay
      from trips t join trip_stops ts on ts.trip_id = t.id
      where ${tripsInRange(range)} and ts.planned_at is not null and ts.arrived_at is not null)
    select ${key} as key, ${name} as name,
      count(distinct t.trip_id)::int as trips, count(*)::int as stops,
      count(*) filter (where abs(t.delay) <= ${seconds})::int as on_time,
      count(*) filter (where t.delay < -(${seconds}))::int as early,
      count(*) filter (where t.delay > ${seconds})::int as late,
      ${onTimeFigures(sql`count(*)`, sql`count(*) filter (where abs(t.delay) <= ${seconds})`, sql`sum(t.delay)`)}
    from arrivals t ${join}
    group by ${key}`,
    order: byNameAndKey,
  };
}

/** Whether any trip, of any state, falls on one of these days. */
const anyTripOn = (spans: ReportRange[]) =>
  sql`exists (select 1 from trips x where ${sql.join(
    spans.map((part) => sql`x.trip_date between ${part.from}::date and ${part.to}::date`),
    sql` or `,
  )})`;

/**
 * The rows of a day rollup over the range, or, when it also has a week rollup (`weeks`), of the weeks lying wholly
 * inside the range and of its edges (`splitIntoWeeks`): a month of a per-stop rollup is then a fifth to a third of
 * the rows (decision 043). An edge is read as its week's row when no trip falls on the days of that week outside the
 * range, else as its days (decision 048): a month ending on a Friday reads its last week as one row, not five. Each
 * edge is two branches of the `union all`, one gated by `exists`, the other by `not exists`: an uncorrelated gate
 * is a one-time filter, so the branch not taken reads nothing, and both gates see the statement's one snapshot.
 * Both tables have the same columns but their first; `t.` names them in `columns` (`weekColumns` for the weeks when
 * they differ) and `where`.
 */
function daysAndWeeks(
  range: ReportRange,
  days: SQL,
  weeks: SQL | null,
  columns: SQL,
  where: SQL,
  weekColumns: SQL = columns,
): SQL {
  const fromWeeks = (condition: SQL) =>
    sql`select ${weekColumns} from ${weeks} t where ${condition} and ${where}`;
  const fromDays = (part: ReportRange, gate: SQL = sql`true`) =>
    sql`select ${columns} from ${days} t
      where t.trip_date between ${part.from}::date and ${part.to}::date and ${gate} and ${where}`;
  if (!weeks) return fromDays(range);
  const split = splitIntoWeeks(range);
  const parts: SQL[] = [];
  if (split.weeks)
    parts.push(fromWeeks(sql`t.week_start between ${split.weeks.from}::date and ${split.weeks.to}::date`));
  for (const edge of split.edges) {
    const tripsOutside = anyTripOn(edge.outside);
    parts.push(fromWeeks(sql`t.week_start = ${edge.week}::date and not ${tripsOutside}`));
    parts.push(fromDays(edge.days, tripsOutside));
  }
  return sql.join(parts, sql` union all `);
}

/**
 * Rollup rows (`rows`, as `t`) summed per route, stop or vehicle first (`sums`: by its id `id` while it exists, by
 * the name or plate copied on the trip, `copied`, once it is deleted), then named as `names` names it now (its
 * column `name`, answered as `as`), with the group's `figures` (over the sums, as `g`). At a million children a
 * month is hundreds of thousands of rollup rows for 16.7k routes (or 100k stops), and joining the names before
 * grouping doubled the work (decision 039).
 */
function summedAndNamed(parts: {
  rows: SQL;
  id: string;
  copied: string;
  names: string;
  name: string;
  as: string;
  sums: SQL;
  figures: SQL;
}): SQL {
  const [id, copied, name] = [sql.raw(parts.id), sql.raw(parts.copied), sql.raw(parts.name)];
  return sql`
    select coalesce(g.id::text, g.deleted) as key, coalesce(n.${name}, g.copied) as ${sql.raw(parts.as)},
      ${parts.figures}
    from (
      select t.${id} as id, case when t.${id} is null then t.${copied} end as deleted, max(t.${copied}) as copied,
        ${parts.sums}
      from (${parts.rows}) t
      group by 1, 2) g
    left join ${sql.raw(parts.names)} n on n.id = g.id`;
}

/**
 * The same from the rollups (`route_on_time_days`, `stop_on_time_days`, migration 0023; per stop, also
 * `stop_on_time_weeks`, migration 0024): one row per day (or week) and route or stop, so a month reads a month of
 * those instead of every trip's stops. A trip counts once per route and per stop it arrived at (the rollup's
 * `trips`), as `count(distinct …)` does above; a trip has one day, so days and weeks add up. The rows are summed per
 * route or stop first (by id, or by the copied name once the route or stop is deleted) and named after: at a million
 * children a month is 2M stop-day rows for 100k stops, and joining the names before grouping doubled the work. The
 * route report stays on days: 16.7k routes × 21 school days is 350k rows, and no on-time week rollup is kept for routes.
 */
function onTimeFromRollups(range: ReportRange, by: 'route' | 'stop'): ReportStatement {
  const [days, weeks, id, copied, names] =
    by === 'route'
      ? [sql`route_on_time_days`, null, 'route_id', 'route_name', 'routes']
      : [sql`stop_on_time_days`, sql`stop_on_time_weeks`, 'stop_id', 'stop_name', 'stops'];
  const rows = daysAndWeeks(
    range,
    days,
    weeks,
    sql`t.${sql.raw(id)}, t.${sql.raw(copied)}, t.trips, t.arrivals, t.on_time, t.early, t.late, t.delay_seconds`,
    sql`t.arrivals > 0`,
  );
  return {
    body: summedAndNamed({
      rows,
      id,
      copied,
      names,
      name: 'name',
      as: 'name',
      sums: sql`sum(t.trips)::int as trips, sum(t.arrivals)::int as stops, sum(t.on_time)::int as on_time,
        sum(t.early)::int as early, sum(t.late)::int as late,
        ${onTimeFigures(sql`sum(t.arrivals)`, sql`sum(t.on_time)`, sql`sum(t.delay_seconds)`)}`,
      figures: sql`g.trips, g.stops, g.on_time, g.early, g.late, g.on_time_pct, g.average_delay_min`,
    }),
    order: byNameAndKey,
  };
}

export const onTimeFromStops = (
  db: Executor,
  range: ReportRange,
  toleranceMin: number,
  by: 'route' | 'stop',
) => queryRows<OnTimeRow>(db, orderedRows(onTimeFromStopsStatement(range, toleranceMin, by)));

/** Reads the rollups when they were counted with this tolerance, else the trips' stops. */
export async function onTimeStatement(
  db: Executor,
  range: ReportRange,
  toleranceMin: number,
  by: 'route' | 'stop',
): Promise<ReportStatement> {
  const [settings] = await queryRows<{ minutes: number }>(
    db,
    sql`select minutes from on_time_rollup_settings`,
  );
  return settings?.minutes === toleranceMin
    ? onTimeFromRollups(range, by)
    : onTimeFromStopsStatement(range, toleranceMin, by);
}

/** Counts the on-time rollups again when they were counted with another tolerance (a changed setting). */
export async function countOnTimeRollupsWith(db: Executor, toleranceMin: number): Promise<boolean> {
  const [settings] = await queryRows<{ minutes: number }>(
    db,
    sql`select minutes from on_time_rollup_settings`,
  );
  if (settings?.minutes === toleranceMin) return false;
  await db.execute(sql`select rebuild_on_time_rollups(${toleranceMin}::int)`);
  return true;
}

/** Every row of the on-time reports, as their tables order them. */
export const onTimeByRoute = async (db: Executor, range: ReportRange, toleranceMin: number) =>
  queryRows<OnTimeRow>(db, orderedRows(await onTimeStatement(db, range, toleranceMin, 'route')));
export const onTimeByStop = async (db: Executor, range: ReportRange, toleranceMin: number) =>
  queryRows<OnTimeRow>(db, orderedRows(await onTimeStatement(db, range, toleranceMin, 'stop')));

/**
 * The route rollups (`route_trip_days`, `route_trip_weeks`, migration 0025, decision 046) over the range: per route
 * (its id, and its name as copied on the trips) and day or ISO week, the trips that ran (not cancelled) and their
 * scan counts, kept from `trip_ridership_counts` and `trips` by triggers. Weeks wholly inside the range, days at
 * its edges: a month is about a third of the route-day rows, which are themselves a route's two trips a day in one.
 */
const routeTrips = (range: ReportRange, where: SQL) =>
  daysAndWeeks(
    range,
    sql`route_trip_days`,
    sql`route_trip_weeks`,
    sql`t.route_id, t.route_name, t.trips, t.boardings, t.alightings, t.no_shows, t.wrong_bus, t.unknown_tags`,
    where,
  );

/** A route report: the route rollups' rows (`where`) summed per route (`sums`, over `t`), then named. */
const perRoute = (range: ReportRange, where: SQL, sums: SQL, figures: SQL): ReportStatement => ({
  body: summedAndNamed({
    rows: routeTrips(range, where),
    id: 'route_id',
    copied: 'route_name',
    names: 'routes',
    name: 'name',
    as: 'name',
    sums,
    figures,
  }),
  order: byNameAndKey,
});

/**
 * Boardings, alightings and no-shows of each route's trips that ran (not cancelled): routes with a trip that ran in
 * the range, each trip counted once, its scans from its counts (none: zeros).
 */
export const ridershipByRoute = (range: ReportRange): ReportStatement =>
  perRoute(
    range,
    sql`t.trips > 0`,
    sql`sum(t.trips)::int as trips, sum(t.boardings)::int as boardings, sum(t.alightings)::int as alightings,
      sum(t.no_shows)::int as no_shows, ${oneDecimal(sql`sum(t.boardings)::float8 / sum(t.trips)`)} as boardings_per_trip`,
    sql`g.trips, g.boardings, g.alightings, g.no_shows, g.boardings_per_trip`,
  );

/**
 * Children picked up at each stop (boardings of morning runs) and dropped at each (alightings of afternoon runs),
 * at the stop each child is given for that run; children without one are picked up and dropped at home. Read from
 * the rides per day and per week of each stop (`stop_rider_days`, `stop_rider_weeks`, migration 0024, both runs in
 * one row since 0026, summed from `trip_stop_riders`): weeks wholly inside the range, days at its edges (decisions
 * 043 and 048).
 */
export function ridershipByStop(range: ReportRange, atHome: string): ReportStatement {
  const rides = daysAndWeeks(
    range,
    sql`stop_rider_days`,
    sql`stop_rider_weeks`,
    sql`t.stop_id, t.pickups, t.drop_offs`,
    sql`(t.pickups > 0 or t.drop_offs > 0)`,
  );
  return {
    body: sql`
    select coalesce(g.stop_id::text, '') as key, coalesce(st.name, ${atHome}) as name, g.pickups, g.drop_offs
    from (
      select r.stop_id, sum(r.pickups)::int as pickups, sum(r.drop_offs)::int as drop_offs
      from (${rides}) r
      group by r.stop_id) g
    left join stops st on st.id = g.stop_id`,
    order: byNameAndKey,
  };
}

/**
 * Each day of the range with trips that ran: trips, boardings and no-shows, summed from the route-day rows (a day
 * is about 16.7k of them at a million children). A rollup per day alone would be one row that every scan batch of
 * the day updates: every bus's writes would queue for its lock.
 */
export function ridershipByDay(range: ReportRange): ReportStatement {
  return {
    body: sql`
    select t.trip_date::text as day, sum(t.trips)::int as trips, sum(t.boardings)::int as boardings,
      sum(t.no_shows)::int as no_shows
    from (${daysAndWeeks(range, sql`route_trip_days`, null, sql`t.trip_date, t.trips, t.boardings, t.no_shows`, sql`t.trips > 0`)}) t
    group by t.trip_date`,
    order: sql`q.day`,
  };
}

/**
 * No-shows and the scans the office must look at on trips that ran, per route; routes without any are left out.
 * Counts are never negative, so a route's sums over all its trips that ran are its sums over those with an
 * exception, and a route (or a route-day or -week row) has an exception exactly when they are not all zero.
 */
export const exceptionsByRoute = (range: ReportRange): ReportStatement =>
  perRoute(
    range,
    sql`t.no_shows + t.wrong_bus + t.unknown_tags > 0`,
    sql`sum(t.no_shows)::int as no_shows, sum(t.wrong_bus)::int as wrong_bus, sum(t.unknown_tags)::int as unknown_tags`,
    sql`g.no_shows, g.wrong_bus, g.unknown_tags`,
  );

/**
 * Trips each vehicle made (started ones), the days it was in use (days with a started trip) and the distance its
 * positions cover: per trip, the great-circle distance between each fix and the one before it in time order
 * (`trip_distances`, kept as fixes arrive), summed. A vehicle is its id while it exists (a renamed plate is still
 * one vehicle) and the plate copied on its trips once it is deleted, named with its plate now. Read from the vehicle
 * rollups (`vehicle_trip_days`, `vehicle_trip_weeks`, migration 0025, decision 046): weeks wholly inside the range,
 * each with the days of it the vehicle was in use, and days at its edges, each a day in use. Before, a month's 700k
 * trips were grouped per vehicle, with a bitmask of days in use (1.25 s of statement at a million children).
 */
export function vehicleUse(range: ReportRange): ReportStatement {
  return {
    body: summedAndNamed({
      rows: daysAndWeeks(
        range,
        sql`vehicle_trip_days`,
        sql`vehicle_trip_weeks`,
        sql`t.vehicle_id, t.plate, t.trips, t.km, 1 as days`,
        sql`t.trips > 0`,
        sql`t.vehicle_id, t.plate, t.trips, t.km, t.days`,
      ),
      id: 'vehicle_id',
      copied: 'plate',
      names: 'vehicles',
      name: 'license_plate',
      as: 'plate',
      sums: sql`sum(t.trips)::int as trips, sum(t.days)::int as days,
        ${oneDecimal(sql`coalesce(sum(t.km), 0)`)} as km`,
      figures: sql`g.trips, g.days, g.km`,
    }),
    order: sql`q.plate, q.key`,
  };
}

/** Credentials expired or expiring on or before `until`, soonest first; `today` counts the days left. */
export function expiringCredentials(until: string, today: string): ReportStatement {
  return {
    body: sql`
    select c.id, k.subject::text as holder_type, coalesce(u.name, v.license_plate) as holder, k.name as kind,
      c.number, c.expires_on::text as expires_on, (c.expires_on - ${today}::date)::int as days_left, k.blocks
    from credentials c
    join credential_kinds k on k.id = c.kind_id
    left join drivers d on d.id = c.driver_id left join users u on u.id = d.user_id
    left join vehicles v on v.id = c.vehicle_id
    where c.expires_on <= ${until}::date`,
    order: sql`q.expires_on, q.holder, q.kind`,
  };
}

/**
 * The runs of the range that a cover changed (decision 054): who was planned and who drove, day by day. A covered
 * run counts under its route in every other report (its route is the route's); this one says who drove it. Read
 * through the partial index of covered trips (migration 0035), so a year of trips is not scanned for the few.
 */
export function coveredRuns(range: ReportRange): ReportStatement {
  return {
    body: sql`
    select t.id, t.trip_date::text as day, t.route_name, t.type::text as run, t.status::text as status,
      t.planned_driver_name, t.planned_vehicle_plate, t.driver_name, t.vehicle_plate
    from trips t
    where t.planned_driver_name is not null
      and t.trip_date between ${range.from}::date and ${range.to}::date`,
    order: sql`q.day, q.route_name, q.run, q.id`,
  };
}

/** Defects still open that were found on or before `until` (an operator's day in `timeZone`), oldest first. */
export function openDefects(until: string, today: string, timeZone: string): ReportStatement {
  return {
    body: sql`
    with open as (
      select d.*, (d.opened_at at time zone ${timeZone})::date as opened_on
      from inspection_defects d where d.closed_at is null)
    select o.id, v.license_plate as plate, o.item_label as item, o.note, o.out_of_service,
      o.opened_on::text as opened_on, (${today}::date - o.opened_on)::int as days_open, o.opened_at
    from open o join vehicles v on v.id = o.vehicle_id
    where o.opened_on <= ${until}::date`,
    order: sql`q.opened_at, q.id`,
  };
}

export interface ManifestHeadRow {
  id: string;
  name: string;
  start_time: string | null;
  vehicle_plate: string | null;
  driver_name: string | null;
}

/** The route, its run's start (HH:MM) and who drives it now; none when the route does not exist. */
export async function manifestHead(db: Executor, routeId: string, run: TripType) {
  const [row] = await queryRows<ManifestHeadRow>(
    db,
    sql`
    select r.id, r.name, to_char(rr.start_time, 'HH24:MI') as start_time,
      v.license_plate as vehicle_plate, u.name as driver_name
    from routes r
    left join route_runs rr on rr.route_id = r.id and rr.run = ${run}::trip_type
    left join route_assignments ra on ra.route_id = r.id
    left join vehicles v on v.id = ra.vehicle_id
    left join drivers d on d.id = ra.driver_id left join users u on u.id = d.user_id
    where r.id = ${routeId}`,
  );
  return row;
}

export interface ManifestStopRow {
  position: number;
  stop_id: string;
  name: string;
  address: string | null;
  planned_time: string | null;
}

/** The run's stops in order, each with its planned time on the wall clock. */
export function manifestStops(db: Executor, routeId: string, run: TripType) {
  return queryRows<ManifestStopRow>(
    db,
    sql`
    select rs.position, rs.stop_id, s.name, s.address,
      to_char(rr.start_time + rs.minutes_after_start * interval '1 minute', 'HH24:MI') as planned_time
    from route_stops rs
    join stops s on s.id = rs.stop_id
    left join route_runs rr on rr.route_id = rs.route_id and rr.run = rs.run
    where rs.route_id = ${routeId} and rs.run = ${run}::trip_type
    order by rs.position`,
  );
}

export interface ManifestChildRow {
  stop_id: string | null;
  name: string;
  class: string;
  parent_name: string;
  parent_phone: string;
  alternative_phone: string | null;
  address: string;
}

/** The children seated on the route's assignment, each with the stop they are given for the run (or none). */
export function manifestChildren(db: Executor, routeId: string, run: TripType) {
  return queryRows<ManifestChildRow>(
    db,
    sql`
    select ss.stop_id, s.name, s.class, u.name as parent_name, p.phone as parent_phone,
      nullif(p.alternative_phone, '') as alternative_phone,
      coalesce(s.pickup_address, p.address) as address
    from route_assignments ra
    join assignment_students a on a.assignment_id = ra.id
    join students s on s.id = a.student_id
    join parents p on p.id = s.parent_id join users u on u.id = p.user_id
    left join student_stops ss on ss.student_id = s.id and ss.run = ${run}::trip_type
    where ra.route_id = ${routeId}
    order by s.name, s.id`,
  );
}
