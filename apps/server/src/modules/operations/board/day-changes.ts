import { sql } from 'drizzle-orm';
import { RUN_NAMES, type DayChange, type TripType } from '@school-transport/shared';
import { queryRows, type Executor } from '../../../db/client.js';

/**
 * The changes of a day's plan, for the office's "Changes today" (issue 34, item 8; decision 060): who changed what of
 * that day's runs, and when, read from where each change is already kept rather than from a log of its own.
 *
 * - Covers (decision 054) whose days include the date, made or undone: their audit entries (`cover.created`,
 *   `cover.deleted`, found by the action's index: covers are few), which keep the days, the run, the substitutes,
 *   the reason and who. The route and substitutes are named as they are now.
 * - Trips of the date cancelled by a person: their history rows (trip_events, by the trip's index), with the
 *   reason kept on the trip; a cancellation of many trips in one go (a day made a holiday) is one change.
 * - Runs of the date marked late or on time again (decision 056): their audit entries (`trip.delayed`,
 *   `trip.delayCleared`, by the action's index, then the trip by its key), which keep the minutes and the reason.
 * - Rescues (decision 056): the date's rescue trips, with the original's reason and who started the rescue.
 * - Combined runs (decision 061), made or undone: their audit entries (`trip.combined`, `trip.uncombined`, by the
 *   action's index, then both trips by their keys). The joined trip's cancellation that a combine made is shown as
 *   the combine, not again as a cancellation (the combine's entry names the instant of it).
 *
 * Newest first, at most MAX_CHANGES.
 */
export const MAX_CHANGES = 200;

interface CoverChangeRow {
  id: string;
  action: 'cover.created' | 'cover.deleted';
  at: Date;
  by: string | null;
  run: TripType | null;
  routeName: string | null;
  driverName: string | null;
  vehiclePlate: string | null;
  reason: string | null;
  tripIds: string[] | null;
}

function coverChanges(db: Executor, date: string): Promise<CoverChangeRow[]> {
  return queryRows<CoverChangeRow>(
    db,
    sql`
    select a.id::text, a.action, a.created_at as at, a.actor_email as by, a.details->>'run' as run,
      r.name as "routeName", u.name as "driverName", v.license_plate as "vehiclePlate",
      coalesce(c.reason, a.details->>'reason') as reason, a.details->'tripIds' as "tripIds"
    from audit_log a
    left join route_assignments ra on ra.id = (a.details->>'assignmentId')::uuid
    left join routes r on r.id = ra.route_id
    left join drivers d on d.id = (a.details->>'driverId')::uuid
    left join users u on u.id = d.user_id
    left join vehicles v on v.id = (a.details->>'vehicleId')::uuid
    left join covers c on c.id::text = a.entity_id
    where a.action in ('cover.created', 'cover.deleted')
      and (a.details->>'firstDate')::date <= ${date}::date and (a.details->>'lastDate')::date >= ${date}::date
    order by a.created_at desc
    limit ${MAX_CHANGES}`,
  );
}

interface CancellationRow {
  at: Date;
  by: string | null;
  reason: string | null;
  trips: { tripId: string; routeName: string; type: TripType }[];
}

function cancellations(db: Executor, date: string): Promise<CancellationRow[]> {
  return queryRows<CancellationRow>(
    db,
    sql`
    select e.at, e.actor_email as by, t.finish_reason as reason,
      json_agg(json_build_object('tripId', t.id, 'routeName', t.route_name, 'type', t.type)
        order by t.route_name, t.type) as trips
    from trips t
    join trip_events e on e.trip_id = t.id and e.status = 'CANCELLED' and e.actor_id is not null
    where t.trip_date = ${date}::date
      and not exists (
        select 1 from audit_log a
        where a.action = 'trip.combined' and a.entity_id = t.id::text and (a.details->>'at')::timestamptz = e.at)
    group by e.at, e.actor_email, t.finish_reason
    order by e.at desc
    limit ${MAX_CHANGES}`,
  );
}

interface DelayRow {
  id: string;
  action: 'trip.delayed' | 'trip.delayCleared';
  at: Date;
  by: string | null;
  minutes: number | null;
  reason: string | null;
  tripId: string;
  routeName: string;
  type: TripType;
}

function delays(db: Executor, date: string): Promise<DelayRow[]> {
  return queryRows<DelayRow>(
    db,
    sql`
    select a.id::text, a.action, a.created_at as at, a.actor_email as by, (a.details->>'minutes')::int as minutes,
      a.details->>'reason' as reason, t.id as "tripId", t.route_name as "routeName", t.type
    from audit_log a
    join trips t on t.id::text = a.entity_id and t.trip_date = ${date}::date
    where a.action in ('trip.delayed', 'trip.delayCleared') and a.entity_type = 'trip'
    order by a.created_at desc
    limit ${MAX_CHANGES}`,
  );
}

interface RescueRow {
  id: string;
  originalId: string;
  at: Date;
  by: string | null;
  reason: string | null;
  routeName: string;
  type: TripType;
  driverName: string;
  vehiclePlate: string;
}

function rescues(db: Executor, date: string): Promise<RescueRow[]> {
  return queryRows<RescueRow>(
    db,
    sql`
    select r.id, o.id as "originalId", coalesce(e.at, r.started_at, r.created_at) as at, e.actor_email as by,
      o.finish_reason as reason, r.route_name as "routeName", r.type, r.driver_name as "driverName",
      r.vehicle_plate as "vehiclePlate"
    from trips r
    join trips o on o.id = r.rescue_of_trip_id
    left join lateral (
      select e.at, e.actor_email from trip_events e where e.trip_id = r.id order by e.id limit 1
    ) e on true
    where r.trip_date = ${date}::date and r.rescue_of_trip_id is not null
    order by at desc
    limit ${MAX_CHANGES}`,
  );
}

interface CombineRow {
  id: string;
  action: 'trip.combined' | 'trip.uncombined';
  at: Date;
  by: string | null;
  reason: string | null;
  type: TripType;
  joinedTripId: string;
  joinedRouteName: string;
  hostTripId: string;
  hostRouteName: string;
}

function combines(db: Executor, date: string): Promise<CombineRow[]> {
  return queryRows<CombineRow>(
    db,
    sql`
    select a.id::text, a.action, a.created_at as at, a.actor_email as by,
      coalesce(cr.reason, a.details->>'reason') as reason, j.type,
      j.id as "joinedTripId", j.route_name as "joinedRouteName", h.id as "hostTripId", h.route_name as "hostRouteName"
    from audit_log a
    join trips j on j.id::text = a.entity_id and j.trip_date = ${date}::date
    join trips h on h.id = (a.details->>'hostTripId')::uuid
    left join combined_runs cr on cr.id = (a.details->>'combineId')::uuid
    where a.action in ('trip.combined', 'trip.uncombined') and a.entity_type = 'trip'
    order by a.created_at desc
    limit ${MAX_CHANGES}`,
  );
}

const runWords = (run: TripType | null) => (run ? `the ${RUN_NAMES[run]}` : 'both runs');

/** Trips named in a change, at most this many; the rest are counted. */
const NAMED_TRIPS = 3;

/** "the morning run of North 1", "…, the afternoon run of South 2 and 3 more". */
function tripsInWords(trips: CancellationRow['trips']): string {
  const names = trips.map((trip) => `the ${RUN_NAMES[trip.type]} of ${trip.routeName}`);
  const [head, last] =
    names.length > NAMED_TRIPS
      ? [names.slice(0, NAMED_TRIPS), `${names.length - NAMED_TRIPS} more`]
      : [names.slice(0, -1), names.at(-1)!];
  return head.length ? `${head.join(', ')} and ${last}` : last;
}

function coverChange(row: CoverChangeRow): DayChange {
  const route = row.routeName ?? 'a route since removed';
  const who = [
    row.driverName && `driver ${row.driverName}`,
    row.vehiclePlate && `vehicle ${row.vehiclePlate}`,
  ]
    .filter(Boolean)
    .join(' and ');
  const made = row.action === 'cover.created';
  return {
    id: `cover:${row.id}`,
    kind: made ? 'COVER_MADE' : 'COVER_UNDONE',
    at: new Date(row.at).toISOString(),
    by: row.by,
    summary: made
      ? `${route}, ${runWords(row.run)}: covered by ${who || 'a substitute since removed'}.`
      : `${route}, ${runWords(row.run)}: cover undone, back to the plan.`,
    reason: row.reason,
    tripIds: row.tripIds ?? [],
  };
}

function cancellationChange(row: CancellationRow): DayChange {
  const at = new Date(row.at).toISOString();
  return {
    id: `cancelled:${at}:${row.by ?? ''}:${row.trips[0]!.tripId}`,
    kind: 'CANCELLED',
    at,
    by: row.by,
    summary: `Cancelled: ${tripsInWords(row.trips)}.`,
    reason: row.reason,
    tripIds: row.trips.map((trip) => trip.tripId),
  };
}

const minutesInWords = (minutes: number) => (minutes === 1 ? 'about 1 minute' : `about ${minutes} minutes`);

function delayChange(row: DelayRow): DayChange {
  const trip = `the ${RUN_NAMES[row.type]} of ${row.routeName}`;
  const late = row.action === 'trip.delayed' && row.minutes;
  return {
    id: `delay:${row.id}`,
    kind: late ? 'DELAYED' : 'DELAY_CLEARED',
    at: new Date(row.at).toISOString(),
    by: row.by,
    summary: late ? `Delayed: ${trip}, ${minutesInWords(row.minutes!)} late.` : `On time again: ${trip}.`,
    reason: late ? row.reason : null,
    tripIds: [row.tripId],
  };
}

function rescueChange(row: RescueRow): DayChange {
  return {
    id: `rescue:${row.id}`,
    kind: 'RESCUED',
    at: new Date(row.at).toISOString(),
    by: row.by,
    summary: `Rescue: the ${RUN_NAMES[row.type]} of ${row.routeName} goes on with bus ${row.vehiclePlate} and driver ${row.driverName}.`,
    reason: row.reason,
    tripIds: [row.originalId, row.id],
  };
}

function combineChange(row: CombineRow): DayChange {
  const made = row.action === 'trip.combined';
  const run = RUN_NAMES[row.type];
  return {
    id: `combine:${row.id}`,
    kind: made ? 'COMBINED' : 'COMBINE_UNDONE',
    at: new Date(row.at).toISOString(),
    by: row.by,
    summary: made
      ? `Combined: the ${run} of ${row.joinedRouteName} rides with ${row.hostRouteName}.`
      : `Combine undone: the ${run} of ${row.joinedRouteName} runs with its own bus again.`,
    reason: made ? row.reason : null,
    tripIds: [row.joinedTripId, row.hostTripId],
  };
}

/** The changes of `date`'s plan, newest first. */
export async function dayChanges(db: Executor, date: string): Promise<DayChange[]> {
  const [covers, cancelled, delayed, rescued, combined] = await Promise.all([
    coverChanges(db, date),
    cancellations(db, date),
    delays(db, date),
    rescues(db, date),
    combines(db, date),
  ]);
  return [
    ...covers.map(coverChange),
    ...cancelled.map(cancellationChange),
    ...delayed.map(delayChange),
    ...rescued.map(rescueChange),
    ...combined.map(combineChange),
  ]
    .sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id))
    .slice(0, MAX_CHANGES);
}
