import { sql, type SQL } from 'drizzle-orm';
import type { TripStatus, TripType } from '@school-transport/shared';
import { queryRows, type Executor } from '../../../db/client.js';
import { guardianUsersOf } from '../../../db/guardian-queries.js';
import { ridersOfTrip } from '../stop-changes/index.js';

/**
 * The SQL of the board: a day's trips, or one trip, in two statements whatever their number (rules in
 * board-service.ts). Times are read as milliseconds since the epoch, what the ETA functions compute with, so both
 * drivers answer plain numbers.
 */

/** Which trips: those of some days (optionally of one status), or one. */
export type BoardFilter = { dates: string[]; status?: TripStatus } | { tripId: string };

function tripsOf(filter: BoardFilter): SQL {
  if ('tripId' in filter) return sql`t.id = ${filter.tripId}::uuid`;
  const days = sql`t.trip_date in (${sql.join(
    filter.dates.map((date) => sql`${date}::date`),
    sql`, `,
  )})`;
  return filter.status ? sql`${days} and t.status = ${filter.status}` : days;
}

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

export interface BoardTripRow {
  id: string;
  type: TripType;
  status: TripStatus;
  date: string;
  routeId: string | null;
  routeName: string;
  driverName: string;
  vehiclePlate: string;
  vehicleId: string | null;
  plannedStartAt: number | null;
  startedAt: number | null;
  completedAt: number | null;
  /** The trip's latest position, all null when it has none. */
  fixLat: number | null;
  fixLng: number | null;
  fixAccuracy: number | null;
  fixAt: number | null;
  openAlerts: number;
  onBoard: number;
  /** Who was planned, on a trip a cover changed (decision 054); null on a trip run as planned. */
  plannedDriverName: string | null;
  plannedVehiclePlate: string | null;
  delayMinutes: number | null;
  /** The rescue's original, or the original's rescue (decision 056), by id and plate; null on neither. */
  rescueOfTripId: string | null;
  handedOverToTripId: string | null;
  otherPlate: string | null;
  /** Combined runs (decision 061): the joined runs' routes on a host, the host's route on a joined run. */
  carries: string[];
  ridesWith: string | null;
}

/**
 * The trips with what the board counts of each, every count a lateral look-up by the trip's id on an index (latest
 * position: vehicle_positions_trip_idx; open alerts: alerts_trip_idx; riders: ridership_events_trip_student_idx,
 * read backwards and from the index alone, so no sort), so a day of a thousand trips is one statement of a few
 * thousand index probes. Cheap enough in the planner's eyes, too, that PostgreSQL does not JIT-compile it (which
 * took a second on its own before that index). On board: children whose latest event, in the order things
 * happened (occurred_at, then event id, as the shared riderStates orders them), is a boarding; children of other buses
 * included, unknown tags not (they name nobody).
 */
export function boardTrips(db: Executor, filter: BoardFilter): Promise<BoardTripRow[]> {
  return queryRows<BoardTripRow>(
    db,
    sql`
    select t.id, t.type, t.status, t.trip_date::text as date, t.route_id as "routeId", t.route_name as "routeName",
      t.driver_name as "driverName", t.vehicle_plate as "vehiclePlate", t.vehicle_id as "vehicleId",
      ${epochMs(sql`t.planned_start_at`)} as "plannedStartAt", ${epochMs(sql`t.started_at`)} as "startedAt",
      ${epochMs(sql`t.completed_at`)} as "completedAt",
      fix.lat as "fixLat", fix.lng as "fixLng", fix.accuracy as "fixAccuracy",
      ${epochMs(sql`fix.recorded_at`)} as "fixAt",
      open_alerts.n as "openAlerts", riders.n as "onBoard",
      t.planned_driver_name as "plannedDriverName", t.planned_vehicle_plate as "plannedVehiclePlate",
      t.delay_minutes as "delayMinutes", t.rescue_of_trip_id as "rescueOfTripId",
      t.handed_over_to_trip_id as "handedOverToTripId", other.vehicle_plate as "otherPlate",
      carries.names as "carries", rides_with.route_name as "ridesWith"
    from trips t
    left join trips other on other.id = coalesce(t.rescue_of_trip_id, t.handed_over_to_trip_id)
    cross join lateral (
      select coalesce(array_agg(joined.route_name order by joined.route_name), '{}') as names
      from combined_runs cr join trips joined on joined.id = cr.joined_trip_id
      where cr.host_trip_id = t.id
    ) carries
    left join lateral (
      select host.route_name from combined_runs cr join trips host on host.id = cr.host_trip_id
      where cr.joined_trip_id = t.id limit 1
    ) rides_with on true
    left join lateral (
      select p.lat, p.lng, p.accuracy, p.recorded_at from vehicle_positions p
      where p.trip_id = t.id order by p.recorded_at desc limit 1
    ) fix on true
    cross join lateral (
      select count(*)::int as n from alerts a where a.trip_id = t.id and a.acknowledged_at is null
    ) open_alerts
    cross join lateral (
      select count(*)::int as n from (
        select distinct on (e.student_id) e.kind from ridership_events e
        where e.trip_id = t.id and e.student_id is not null
        order by e.student_id desc, e.occurred_at desc, e.event_id desc
      ) latest where latest.kind = 'BOARD'
    ) riders
    where ${tripsOf(filter)}`,
  );
}

export interface BoardStopRow {
  tripId: string;
  position: number;
  name: string;
  lat: number;
  lng: number;
  plannedAt: number | null;
  arrivedAt: number | null;
  departedAt: number | null;
}

/** The stops of the same trips, in each trip's order (trip_stops' primary key is trip, position). */
export function boardStops(db: Executor, filter: BoardFilter): Promise<BoardStopRow[]> {
  return queryRows<BoardStopRow>(
    db,
    sql`
    select s.trip_id as "tripId", s.position, s.name, s.lat, s.lng,
      ${epochMs(sql`s.planned_at`)} as "plannedAt", ${epochMs(sql`s.arrived_at`)} as "arrivedAt",
      ${epochMs(sql`s.departed_at`)} as "departedAt"
    from trips t
    join trip_stops s on s.trip_id = t.id
    where ${tripsOf(filter)}
    order by s.trip_id, s.position`,
  );
}

/** A child waiting for the bus at a stop of a running trip, or on board to be dropped there, and their parent. */
export interface WaitingChild {
  tripId: string;
  position: number;
  stopName: string;
  type: TripType;
  routeName: string;
  studentId: string;
  name: string;
  parentUserId: string;
}

/**
 * The children of `tripIds` whose stop the bus has still to reach and who are expected there: on a morning run,
 * children riding it who have not boarded, at their morning stop; on an afternoon run, children on board, at their
 * afternoon stop. Who rides a trip, and from which stop, is `ridersOfTrip` (decision 057): a child an approved stop
 * change moves to another run is not waiting here, a child moved here waits at the changed stop. A child marked absent for the trip's day and run is not waiting.
 */
export function waitingChildren(db: Executor, tripIds: string[]): Promise<WaitingChild[]> {
  if (!tripIds.length) return Promise.resolve([]);
  return queryRows<WaitingChild>(
    db,
    sql`
    select t.id as "tripId", ts.position, ts.name as "stopName", t.type, t.route_name as "routeName",
      st.id as "studentId", st.name, guardian.user_id as "parentUserId"
    from trips t
    cross join lateral ${ridersOfTrip(sql`t`)} rider
    join students st on st.id = rider.student_id
    cross join lateral ${guardianUsersOf(sql`st.id`)} guardian
    join trip_stops ts on ts.trip_id = t.id and ts.stop_id = rider.stop_id and ts.arrived_at is null
    where t.id in (${sql.join(
      tripIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      and not exists (select 1 from absences ab
        where ab.student_id = st.id and ab.date = t.trip_date and ab.run = t.type)
      and case when t.type = 'PICKUP'
        then not exists (select 1 from ridership_events e
          where e.trip_id = t.id and e.student_id = st.id and e.kind = 'BOARD')
        else exists (select 1 from ridership_events e
          where e.trip_id = t.id and e.student_id = st.id and e.kind = 'BOARD')
          and not exists (select 1 from ridership_events e
          where e.trip_id = t.id and e.student_id = st.id and e.kind = 'ALIGHT')
      end`,
  );
}
