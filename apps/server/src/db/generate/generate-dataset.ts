import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.js';
import { queryRows } from '../client.js';
import type { ProgressListener } from '../progress-listener.js';
import { generateHistory } from './generate-history.js';
import {
  CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  PICKUP_SPREAD_DEGREES,
  ROUTE_DIRECTIONS,
  SCHOOLS,
  SECTIONS,
  VEHICLE_COLOURS,
  VEHICLE_MODELS,
} from '@school-transport/shared';

/**
 * Fills a database with a coherent, realistic dataset of `students` children, generated inside the database with
 * generate_series (one statement per table: no row travels through Node, so 1M students load in about a minute):
 * - one school near the centre of each of the first three cities, bells at 08:00, 08:30 and 09:00;
 * - parents with 1 to 3 children, spread evenly over those cities, each block of children below in a
 *   neighbourhood of its own;
 *   names, cities, vehicle models, colours and schools come from the same sample lists as the tests' records;
 * - one vehicle (20 to 60 seats), one driver and one route to the city's school per block of 60 children of one
 *   city, tied by an assignment; each assignment filled to its vehicle's capacity (the rest of the block stays
 *   unassigned, as in life). That is what an operator without a planner does: a bus per block of neighbours,
 *   each bus full, and the baseline the route planner's benchmark measures itself against;
 * - `schoolDays` past school days of trips (pickup and drop) for every assignment, mostly COMPLETED, with what
 *   happened on them: stop arrivals, the bus's positions and the children's scans (for the reports);
 * - six stops per route, the route's two runs calling at them, and each seated child's stop on both runs;
 * - credentials of every kind for each driver and vehicle, and an open defect on every tenth vehicle.
 * Names, e-mails and phones are made up; addresses use the example.com domain.
 */
export interface DatasetSize {
  students: number;
  schoolDays: number;
  /**
   * Stops, runs and what happened on the trips (arrivals, positions, scans, credentials, defects), for the reports'
   * benchmark; default false. They multiply the rows (a month of scans is about 50 per child) and the time to
   * generate, and the list benchmarks and the planner's (which wants the bare operator, no stops to reuse) do
   * without them.
   */
  history?: boolean;
}

export interface DatasetSummary {
  schools: number;
  parents: number;
  students: number;
  drivers: number;
  vehicles: number;
  routes: number;
  assignments: number;
  seated: number;
  trips: number;
}

/** A SQL array literal of the texts (quotes doubled), for the statements below to pick from. */
const textArray = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/** Each family's city has a school, so that every child has one within a bus ride. */
export const DATASET_SCHOOLS = SCHOOLS.slice(0, 3).map((name, index) => {
  const city = CITIES[index]!;
  return {
    name,
    city: city.name,
    // A little north-east of the centre: a school is seldom on the main square.
    lat: city.lat + 0.01,
    lng: city.lng + 0.01,
    bellTime: `${String(8 + Math.floor(index / 2)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`,
    dismissalTime: `${String(15 + Math.floor(index / 2))}:${index % 2 === 0 ? '00' : '30'}`,
  };
});
const HOME_CITIES = CITIES.slice(0, DATASET_SCHOOLS.length);

const FIRST = textArray(FIRST_NAMES);
const LAST = textArray(LAST_NAMES);
const CITY_NAME = textArray(HOME_CITIES.map((city) => city.name));
const CITY_STATE = textArray(HOME_CITIES.map((city) => city.state));
const CITY_LAT = `array[${HOME_CITIES.map((city) => city.lat).join(', ')}]`;
const CITY_LNG = `array[${HOME_CITIES.map((city) => city.lng).join(', ')}]`;
/** The city (0-based, before `% cities`) of family number `n`: `n` alone would follow the number of children
 * (1 + 7n mod 3) and put every family of one child in the same city. */
const familyCity = (n: string) => `(${n} + ${n} / 3)`;
const SCHOOL_NAME = textArray(DATASET_SCHOOLS.map((school) => school.name));
const RANDOM_SEED = 0.17;
/** Seats are handed out per block of this many children; a vehicle holds at most this many. */
const BLOCK = 60;
/** A block's homes lie within this many degrees each way of its neighbourhood's centre (about 650 m)... */
const NEIGHBOURHOOD_DEGREES = 0.006;
/** ...and neighbourhood centres within this many degrees of the city's centre (about 7 km), so that every home is
 * within PICKUP_SPREAD_DEGREES of it and a bus of neighbours reaches the school within the longest ride. */
const NEIGHBOURHOOD_CENTRE_SPREAD = 0.5 * PICKUP_SPREAD_DEGREES;

const pick = (array: string, seed: string) =>
  sql.raw(`(${array})[1 + ((${seed}) % array_length(${array}, 1))]`);

export async function generateDataset(
  db: Database,
  size: DatasetSize,
  progress?: ProgressListener,
): Promise<DatasetSummary> {
  const parents = Math.ceil(size.students / 2);
  const history = size.history ?? false;
  // One statement per table, in this order: each later one derives its rows from the work tables made before it.
  const statements: Array<[table: string, statement: SQL]> = [
    [
      'schools',
      sql`insert into schools (name, address, lat, lng, bell_time, dismissal_time)
      values ${sql.join(
        DATASET_SCHOOLS.map(
          (school) =>
            sql`(${school.name}, ${`School Road, ${school.city}`}, ${school.lat}, ${school.lng}, ${school.bellTime}, ${school.dismissalTime})`,
        ),
        sql`, `,
      )}
      on conflict do nothing`,
    ],
    // Work tables: a number per generated row, so that every later statement can derive its values from it.
    [
      'parents (numbered)',
      sql`create temporary table gen_parents on commit drop as
      select n::bigint as n, gen_random_uuid() as user_id, gen_random_uuid() as parent_id from generate_series(1, ${parents}) n`,
    ],
    [
      'parents (users)',
      sql`insert into users (id, name, email, role, created_at)
      select user_id, ${pick(FIRST, 'n * 7')} || ' ' || ${pick(LAST, 'n * 13')}, 'parent' || n || '@example.com', 'parent',
        now() - (n || ' seconds')::interval
      from gen_parents`,
    ],
    [
      'parents',
      sql`insert into parents (id, user_id, phone, alternative_phone, address, city, state, pin_code, created_at)
      select parent_id, user_id, '9' || lpad(((n * 7919) % 1000000000)::text, 9, '0'), '8' || lpad(((n * 104729) % 1000000000)::text, 9, '0'),
        (n % 400 + 1) || ', ' || ${pick(LAST, 'n')} || ' Road', ${pick(CITY_NAME, familyCity('n'))},
        ${pick(CITY_STATE, familyCity('n'))}, lpad(((n * 31) % 100000 + 500000)::text, 6, '0'),
        now() - (n || ' seconds')::interval
      from gen_parents`,
    ],
    // 1 to 3 children per parent, numbered 1..students across all families; each family in its parent's city
    // (0-based), and each child ranked within the city, which cuts the city's children into blocks of neighbours.
    [
      'children (numbered)',
      sql`create temporary table gen_students on commit drop as
      select n, id, parent_id, family, k, city, row_number() over (partition by city order by n) - 1 as city_rank
      from (select row_number() over (order by p.n, k) as n, gen_random_uuid() as id, p.parent_id, p.n as family, k,
          ${sql.raw(familyCity('p.n'))} % ${HOME_CITIES.length} as city
        from gen_parents p cross join lateral generate_series(1, 1 + (p.n * 7) % 3) k
        limit ${size.students}) numbered`,
    ],
    // One driver, vehicle and route per block of one city's children, tied by an assignment. Each block lives in
    // a neighbourhood of its own: a centre within half the spread from the city's centre, uniform over that disc.
    [
      'buses (blocks)',
      sql`create temporary table gen_blocks on commit drop as
      select b, city, chunk, gen_random_uuid() as driver_user, gen_random_uuid() as driver_id,
        gen_random_uuid() as vehicle_id, gen_random_uuid() as route_id, gen_random_uuid() as assignment_id,
        20 + (b * 37) % 41 as capacity, sqrt(random()) * ${NEIGHBOURHOOD_CENTRE_SPREAD} as centre_distance,
        random() * 2 * pi() as centre_angle
      from (select row_number() over (order by city, chunk) - 1 as b, city, chunk
        from (select distinct city, city_rank / ${BLOCK} as chunk from gen_students) chunks) numbered`,
    ],
    [
      'students',
      sql`insert into students (id, parent_id, name, class, roll_no, nfc_tag_id, pickup_lat, pickup_lng, pickup_address, created_at)
      select s.id, s.parent_id, ${pick(FIRST, 's.n * 11 + s.k')} || ' ' || ${pick(LAST, 's.family * 13')},
        (1 + s.n % 12)::text || ${pick(textArray(SECTIONS), 's.n')}, (1 + s.n % 45)::text,
        'NFC' || lpad(to_hex(s.n::int), 8, '0'),
        (${sql.raw(CITY_LAT)})[1 + s.city] + g.centre_distance * sin(g.centre_angle) + (random() - 0.5) * ${2 * NEIGHBOURHOOD_DEGREES},
        (${sql.raw(CITY_LNG)})[1 + s.city] + g.centre_distance * cos(g.centre_angle) + (random() - 0.5) * ${2 * NEIGHBOURHOOD_DEGREES},
        'Gate ' || (s.n % 5 + 1),
        now() - (s.n || ' seconds')::interval
      from gen_students s join gen_blocks g on g.city = s.city and g.chunk = s.city_rank / ${BLOCK}`,
    ],
    [
      'drivers (users)',
      sql`insert into users (id, name, email, role)
      select driver_user, ${pick(FIRST, 'b * 3 + 1')} || ' ' || ${pick(LAST, 'b * 5 + 2')}, 'driver' || b || '@example.com', 'driver' from gen_blocks`,
    ],
    [
      'drivers',
      sql`insert into drivers (id, user_id, phone, license_no, address)
      select driver_id, driver_user, '7' || lpad(((b * 7919) % 1000000000)::text, 9, '0'), 'DL-' || lpad(b::text, 8, '0'), 'Depot ' || (b % 20 + 1)
      from gen_blocks`,
    ],
    [
      'vehicles',
      sql`insert into vehicles (id, license_plate, model, type, color, capacity)
      select vehicle_id, 'KA' || lpad((b % 99 + 1)::text, 2, '0') || 'SB' || lpad(b::text, 6, '0'),
        ${pick(textArray(VEHICLE_MODELS), 'b')},
        case when capacity > 30 then 'Bus' else 'Van' end, ${pick(textArray(VEHICLE_COLOURS), 'b')}, capacity
      from gen_blocks`,
    ],
    [
      'routes',
      sql`insert into routes (id, name, start_location, end_location, distance_km, duration_min)
      select route_id, 'Route ' || (b + 1) || ' ' || ${pick(textArray(ROUTE_DIRECTIONS), 'b')},
        'Depot ' || (b % 20 + 1), (${sql.raw(SCHOOL_NAME)})[1 + city],
        round((5 + (b * 13) % 250 / 10.0)::numeric, 2), 20 + (b * 7) % 50
      from gen_blocks`,
    ],
    [
      'route assignments',
      sql`insert into route_assignments (id, driver_id, vehicle_id, route_id)
      select assignment_id, driver_id, vehicle_id, route_id from gen_blocks`,
    ],
    [
      'seats',
      sql`insert into assignment_students (assignment_id, student_id)
      select g.assignment_id, s.id
      from gen_students s join gen_blocks g on g.city = s.city and g.chunk = s.city_rank / ${BLOCK}
      where s.city_rank % ${BLOCK} < g.capacity`,
    ],
    // Past school days (weekdays) of trips, copied from the assignments as generation would.
    [
      'trips',
      sql`insert into trips (assignment_id, type, trip_date, status, started_at, completed_at, cancelled_at,
        route_name, driver_name, driver_license_no, driver_phone, vehicle_plate, driver_id, vehicle_id, route_id,
        planned_start_at)
      select g.assignment_id, t.type::trip_type, d.day,
        (case when (g.b + extract(doy from d.day)::int) % 50 = 0 then 'CANCELLED' else 'COMPLETED' end)::trip_status,
        d.day + (case when t.type = 'PICKUP' then interval '7 hours' else interval '15 hours' end),
        case when (g.b + extract(doy from d.day)::int) % 50 = 0 then null
          else d.day + (case when t.type = 'PICKUP' then interval '8 hours' else interval '16 hours' end) end,
        case when (g.b + extract(doy from d.day)::int) % 50 = 0 then d.day + interval '6 hours' end,
        r.name, u.name, dr.license_no, dr.phone, v.license_plate, g.driver_id, g.vehicle_id, g.route_id,
        d.day + (case when t.type = 'PICKUP' then interval '7 hours' else interval '15 hours' end)
      from gen_blocks g
      join routes r on r.id = g.route_id
      join drivers dr on dr.id = g.driver_id
      join users u on u.id = dr.user_id
      join vehicles v on v.id = g.vehicle_id
      cross join (select day::date as day from generate_series((current_date - ${size.schoolDays * 2}::int)::timestamp, (current_date - 1)::timestamp, interval '1 day') day
        where extract(isodow from day) < 6 order by day desc limit ${history ? 0 : size.schoolDays}) d
      cross join (values ('PICKUP'), ('DROP')) t(type)`,
    ],
  ];
  progress?.phase('tables', statements.length);
  await db.transaction(async (tx) => {
    // The same size gives the same homes, neighbourhoods and seats (not the same ids), so benchmarks on generated
    // data can be repeated. random() follows the seed on the transaction's connection.
    await tx.execute(sql`select setseed(${RANDOM_SEED})`);
    for (const [index, [table, statement]] of statements.entries()) {
      progress?.update(index, table);
      await tx.execute(statement);
    }
    progress?.update(statements.length);
  });
  // With history the days' trips come with what happened on them, a day per transaction; and its last statement is
  // the vacuum below.
  if (history) await generateHistory(db, { schoolDays: size.schoolDays, progress });
  else {
    // Vacuum sets the visibility map, so newest-first paging reads its index alone (Index Only Scan), as it would
    // on a database that autovacuum has visited; analyze gives the planner the new tables' statistics.
    progress?.phase('vacuum analyze');
    await db.execute(sql`vacuum analyze`);
  }
  const [summary] = await queryRows<DatasetSummary>(
    db,
    sql`select (select count(*)::int from schools) as schools, (select count(*)::int from parents) as parents, (select count(*)::int from students) as students,
      (select count(*)::int from drivers) as drivers, (select count(*)::int from vehicles) as vehicles,
      (select count(*)::int from routes) as routes, (select count(*)::int from route_assignments) as assignments,
      (select count(*)::int from assignment_students) as seated, (select count(*)::int from trips) as trips`,
  );
  return summary!;
}

/** True when no drivers, vehicles or families exist yet (admins may). */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select (select count(*)::int from parents) + (select count(*)::int from drivers) + (select count(*)::int from vehicles) as n`,
  );
  return row!.n === 0;
}
