import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  RidershipFlag,
  RidershipKind,
  ScanMethod,
  TripStatus,
  TripType,
} from '@school-transport/shared';
import { queryRows, type Executor } from '../../../db/client.js';
import {
  drivers,
  ridershipEvents,
  trackerDevices,
  trips,
  vehiclePositions,
} from '../../../db/schema/index.js';
import { movedToOnTrip } from '../stop-changes/index.js';
import { drivenBy } from '../trips/index.js';

/** The SQL of ridership events, positions and trackers (rules in ridership-service.ts and tracker-service.ts). */

export type RidershipEventRow = typeof ridershipEvents.$inferSelect;
export type NewVehiclePosition = typeof vehiclePositions.$inferInsert;
export type TrackerRow = typeof trackerDevices.$inferSelect;

/** A trip's events in the order they happened (ties by id, as deriveRiderStates orders them). */
export function eventsOfTrip(db: Executor, tripId: string) {
  return db
    .select()
    .from(ridershipEvents)
    .where(eq(ridershipEvents.tripId, tripId))
    .orderBy(asc(ridershipEvents.occurredAt), asc(ridershipEvents.eventId));
}

/** A trip a batch names, and who sent the batch. */
export interface TripAsked {
  userId: string;
  tripId: string;
}

/**
 * What a batch needs to know of its trips: whether the user who sent it drives them (trips' drivenBy), whether they
 * run and when they started and ended (lib/trip-window.ts), which bus, and for alerts which day, run and route. One
 * statement for many users' batches at once (the positions' group commit). Not locked: a trip cancelled between
 * this check and the insert gets the events it was sent, which is what happened on the bus anyway.
 */
export function tripsForIngest(db: Executor, asked: TripAsked[]) {
  return queryRows<{
    userId: string;
    id: string;
    status: TripStatus;
    vehicleId: string | null;
    tripDate: string;
    type: TripType;
    routeName: string;
    /** Milliseconds since the epoch (a number on both engines, whatever their date parsing), or null. */
    startedAtMs: number | null;
    completedAtMs: number | null;
    yours: boolean;
  }>(
    db,
    sql`select asked."userId", ${trips.id}, ${trips.status}, ${trips.vehicleId} as "vehicleId",
      ${trips.tripDate} as "tripDate", ${trips.type}, ${trips.routeName} as "routeName",
      (extract(epoch from ${trips.startedAt}) * 1000)::float8 as "startedAtMs",
      (extract(epoch from ${trips.completedAt}) * 1000)::float8 as "completedAtMs",
      ${drivenBy(sql`asked."userId"`)} as yours
    from json_to_recordset(${JSON.stringify(asked)}::json) as asked("userId" uuid, "tripId" uuid)
    join ${trips} on ${trips.id} = asked."tripId"`,
  );
}

/** One event of a batch as the ingest statement takes it (ids in lower case, times as ISO text). */
export interface IngestEvent {
  eventId: string;
  tripId: string;
  kind: RidershipKind;
  method: ScanMethod;
  studentId: string | null;
  tagId: string | null;
  occurredAt: string;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
}

/** What became of one event: stored now (`created`) or before, with the child and flag it was stored with. */
export interface IngestOutcome {
  eventId: string;
  created: boolean;
  studentId: string | null;
  studentName: string | null;
  flag: RidershipFlag | null;
  /**
   * Whether the child is seated on the trip's assignment (as they were when the event was first stored): only then
   * may the driver be answered their id, and their parent be told (decision 051).
   */
  seated: boolean;
}

/**
 * A whole batch in one statement, the batch travelling as one JSON parameter (on PGlite, a 50-row VALUES list
 * with 700 parameters took twice as long to parse and bind). Each event's child is found by id or by NFC tag; one
 * found nowhere is kept with UNKNOWN_TAG, one not seated on the trip's assignment with WRONG_BUS (a trip whose
 * assignment is gone has nobody to compare with, so no flag). A field trip's bus seats the children on the field
 * trip's list (decision 078); without a list, nobody is compared. "Seated" is as the day's approved stop changes seat
 * the child (decision 057): moved onto this run, they are this bus's; moved off it, another's. The child's name is
 * stored and answered only for a child seated on the trip's assignment: otherwise a driver could learn any child's
 * name from a tag or an id. The id is kept, for the office. Ids stored before are skipped (ON CONFLICT DO NOTHING)
 * and answered with what was stored then, as long as that was on the same trip: the outer SELECT sees the table as
 * it was before this statement's insert. Answers one row per event, in the batch's order.
 */
export async function ingestEvents(
  db: Executor,
  events: IngestEvent[],
  { receivedAt, recordedBy }: { receivedAt: Date; recordedBy: string },
): Promise<IngestOutcome[]> {
  const batch = JSON.stringify(events.map((event, ord) => ({ ord, ...event })));
  // Both drivers answer raw statements with `rows` (pg's QueryResult, PGlite's Results).
  const result = (await db.execute(sql`
    with input as (
      select * from json_to_recordset(${batch}::json) as x(
        ord int, "eventId" uuid, "tripId" uuid, kind ridership_kind, method scan_method, "studentId" uuid,
        "tagId" text, "occurredAt" timestamptz, lat float8, lng float8, accuracy float8)
    ),
    resolved as (
      select input.*, child.id as child_id,
        -- a name only for a child seated on this trip (or on its field trip's list, decision 078): a tag or id
        -- of anyone else must not name them to a driver
        case when riding.assignment_id = trip.assignment_id or listed.student_id is not null
          then child.name end as child_name,
        (riding.assignment_id = trip.assignment_id or listed.student_id is not null) is true as seated,
        case
          when child.id is null then 'UNKNOWN_TAG'::ridership_flag
          when trip.assignment_id is not null and riding.assignment_id is distinct from trip.assignment_id
            then 'WRONG_BUS'::ridership_flag
          -- a field trip with a list: a child not on it is another group's
          when trip.field_trip_id is not null and listed.student_id is null and exists (
            select 1 from field_trip_children any_listed where any_listed.field_trip_id = trip.field_trip_id)
            then 'WRONG_BUS'::ridership_flag
        end as flag
      from input
      join trips trip on trip.id = input."tripId"
      left join students by_id on by_id.id = input."studentId"
      left join students by_tag on input."studentId" is null and by_tag.nfc_tag_id = input."tagId"
      cross join lateral (select coalesce(by_id.id, by_tag.id) as id, coalesce(by_id.name, by_tag.name) as name) child
      left join assignment_students seat on seat.student_id = child.id
      -- where the child rides on this trip's day and run: their seat, unless an approved stop change moves them
      left join lateral ${movedToOnTrip(sql`child.id`, sql`trip`)} moved on true
      cross join lateral (select coalesce(moved.assignment_id, seat.assignment_id) as assignment_id) riding
      left join field_trip_children listed
        on listed.field_trip_id = trip.field_trip_id and listed.student_id = child.id
    ),
    inserted as (
      insert into ridership_events (event_id, trip_id, kind, method, student_id, student_name, tag_id, occurred_at,
        received_at, lat, lng, accuracy, flag, recorded_by)
      select "eventId", "tripId", kind, method, child_id, child_name, "tagId", "occurredAt",
        ${receivedAt.toISOString()}::timestamptz, lat, lng, accuracy, flag, ${recordedBy}::uuid
      from resolved
      on conflict (event_id) do nothing
      returning event_id
    )
    select r."eventId" as "eventId",
      inserted.event_id is not null as created,
      case when before.event_id is null then r.child_id else before.student_id end as "studentId",
      case when before.event_id is null then r.child_name else before.student_name end as "studentName",
      case when before.event_id is null then r.flag else before.flag end as flag,
      -- a stored event names its child only if they were seated then
      case when before.event_id is null then r.seated else before.student_name is not null end as seated
    from resolved r
    left join inserted on inserted.event_id = r."eventId"
    left join ridership_events before on before.event_id = r."eventId" and before.trip_id = r."tripId"
    order by r.ord`)) as unknown as { rows: IngestOutcome[] };
  return result.rows;
}

export function insertPositions(db: Executor, rows: NewVehiclePosition[]) {
  return db
    .insert(vehiclePositions)
    .values(rows)
    .onConflictDoNothing({ target: vehiclePositions.positionId })
    .returning({ positionId: vehiclePositions.positionId });
}

/** The trip a vehicle is on now, with its driver's account: the one started last, should two be running. */
export async function startedTripOfVehicle(db: Executor, vehicleId: string) {
  const [row] = await db
    .select({
      id: trips.id,
      driverUserId: drivers.userId,
      startedAt: trips.startedAt,
      completedAt: trips.completedAt,
    })
    .from(trips)
    .leftJoin(drivers, eq(drivers.id, trips.driverId))
    .where(and(eq(trips.vehicleId, vehicleId), eq(trips.status, 'STARTED')))
    .orderBy(desc(trips.startedAt))
    .limit(1);
  return row;
}

/**
 * The latest fix (by the time it was recorded) of each of `tripIds`, along the (trip, recorded time) index: what the
 * live map is sent when a request brought a newer one.
 */
export function latestFixesOf(db: Executor, tripIds: string[]) {
  return db
    .selectDistinctOn([vehiclePositions.tripId], {
      positionId: vehiclePositions.positionId,
      tripId: vehiclePositions.tripId,
      lat: vehiclePositions.lat,
      lng: vehiclePositions.lng,
      accuracy: vehiclePositions.accuracy,
      recordedAt: vehiclePositions.recordedAt,
    })
    .from(vehiclePositions)
    .where(inArray(vehiclePositions.tripId, tripIds))
    .orderBy(vehiclePositions.tripId, desc(vehiclePositions.recordedAt), desc(vehiclePositions.positionId));
}

export function listTrackers(db: Executor, vehicleId?: string) {
  return db
    .select()
    .from(trackerDevices)
    .where(vehicleId ? eq(trackerDevices.vehicleId, vehicleId) : undefined)
    .orderBy(asc(trackerDevices.deviceId));
}

export async function insertTracker(db: Executor, row: typeof trackerDevices.$inferInsert) {
  const [created] = await db.insert(trackerDevices).values(row).returning();
  return created!;
}

export async function deleteTracker(db: Executor, id: string) {
  const [deleted] = await db.delete(trackerDevices).where(eq(trackerDevices.id, id)).returning();
  return deleted;
}

export async function trackerByDeviceId(db: Executor, deviceId: string) {
  const [row] = await db.select().from(trackerDevices).where(eq(trackerDevices.deviceId, deviceId));
  return row;
}

export async function touchTracker(db: Executor, id: string, at: Date) {
  await db.update(trackerDevices).set({ lastSeenAt: at }).where(eq(trackerDevices.id, id));
}

/** How near a fix must be to a stop for the bus to count as there: a bus stop's length plus GPS error. */
export const AT_STOP_RADIUS_M = 40;
/** A fix faster than this (walking pace, in m/s) is a bus driving past the stop, not standing at it. */
export const AT_STOP_MAX_SPEED_MS = 2;

/** A fix that says where a trip's bus was: a position, or a scan made with a location (speed unknown). */
export interface StopFix {
  tripId: string;
  at: Date;
  lat: number;
  lng: number;
  speed: number | null;
}

/**
 * Updates when the bus arrived at and left each stop of the trips of `fixes`, the fixes just stored (positions, and
 * scans made with a location), in the transaction that stored them. At a stop: a fix within AT_STOP_RADIUS_M at
 * walking speed (a fix that says nothing of its speed counts), or a scan there (a child got on or off, so the bus
 * stood). Arrived: the first such fix; last near: the last one; departed: the last near once any later fix of the
 * trip (at any speed) shows the bus has moved on. Arrived and last near are a minimum and a maximum, so each batch
 * updates them from its own fixes alone, and fixes that arrive late or out of order (an outbox catching up) give
 * the timeline a full recomputation would: the cost of a request does not grow with the trip's length. The
 * distance is the equirectangular approximation, exact to well under a metre at these distances. Answers the trips
 * whose timeline changed (a stop reached or left, or either moved), each once.
 */
export async function recordStopVisits(db: Executor, fixes: StopFix[]): Promise<string[]> {
  if (fixes.length === 0) return [];
  const batch = JSON.stringify(fixes.map((fix) => ({ ...fix, at: fix.at.toISOString() })));
  const rows = await queryRows<{ tripId: string }>(
    db,
    sql`
    with input as (
      select * from json_to_recordset(${batch}::json)
        as x("tripId" uuid, at timestamptz, lat float8, lng float8, speed float8)
    ),
    touched as (select distinct "tripId" as trip_id from input),
    near as (
      select s.trip_id, s.position, min(i.at) as first_near, max(i.at) as last_near
      from trip_stops s
      join input i on i."tripId" = s.trip_id
      where (i.speed is null or i.speed <= ${AT_STOP_MAX_SPEED_MS})
        and power((i.lng - s.lng) * cos(radians(s.lat)) * 111320, 2) + power((i.lat - s.lat) * 110540, 2)
          < ${AT_STOP_RADIUS_M * AT_STOP_RADIUS_M}
      group by s.trip_id, s.position
    ),
    -- The newest fix of each touched trip, stored before or in this batch (already inserted: the same transaction).
    latest as (
      select t.trip_id, greatest(
        (select max(p.recorded_at) from vehicle_positions p where p.trip_id = t.trip_id),
        (select max(e.occurred_at) from ridership_events e where e.trip_id = t.trip_id and e.lat is not null),
        (select max(i.at) from input i where i."tripId" = t.trip_id)
      ) as at
      from touched t
    ),
    visits as (
      select s.trip_id, s.position, s.arrived_at as was_arrived, s.departed_at as was_departed,
        least(s.arrived_at, n.first_near) as arrived,
        greatest(s.last_near_at, n.last_near) as last_near
      from trip_stops s
      join touched t on t.trip_id = s.trip_id
      left join near n on n.trip_id = s.trip_id and n.position = s.position
      where s.arrived_at is not null or n.trip_id is not null
    ),
    timeline as (
      select v.trip_id, v.position, v.was_arrived, v.was_departed, v.arrived, v.last_near,
        case when l.at > v.last_near then v.last_near end as departed
      from visits v join latest l on l.trip_id = v.trip_id
    ),
    changed as (
      update trip_stops ts
      set arrived_at = tl.arrived, last_near_at = tl.last_near, departed_at = tl.departed
      from timeline tl
      where ts.trip_id = tl.trip_id and ts.position = tl.position
        and (ts.arrived_at is distinct from tl.arrived or ts.last_near_at is distinct from tl.last_near
          or ts.departed_at is distinct from tl.departed)
      -- Only arrival and departure are shown: a later last-near alone changes nothing anyone sees.
      returning ts.trip_id,
        (tl.was_arrived is distinct from tl.arrived or tl.was_departed is distinct from tl.departed) as shown
    )
    select distinct trip_id as "tripId" from changed where shown`,
  );
  return rows.map((row) => row.tripId);
}
