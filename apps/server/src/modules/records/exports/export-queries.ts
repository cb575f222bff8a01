import { sql } from 'drizzle-orm';
import type { TripHistoryQuery } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';

/** One line of the trip history: a trip, and one of its scans (or none, for a trip nobody was scanned on). */
export interface TripHistoryRow {
  tripId: string;
  tripDate: string;
  tripType: string;
  status: string;
  routeName: string;
  driverName: string;
  vehiclePlate: string;
  startedAt: Date | null;
  completedAt: Date | null;
  eventId: string | null;
  kind: string | null;
  occurredAt: Date | null;
  studentName: string | null;
  method: string | null;
  stopName: string | null;
  lat: number | null;
  lng: number | null;
  flag: string | null;
}

/** Where the last batch ended, in the history's order: day, trip, then scan time and scan id. */
export interface TripHistoryKey {
  tripDate: string;
  tripId: string;
  occurredAt: Date | null;
  eventId: string | null;
}

// A trip without scans sorts as one line whose scan time and id are the smallest possible.
const NO_TIME = sql`'-infinity'::timestamptz`;
const NO_ID = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/**
 * A batch of the trip history after `after` (keyset, so each batch reads only its own rows from the indexes).
 * The stop of a scan is the trip's stop the bus had last reached when the child was scanned.
 */
export async function tripHistoryBatch(
  db: Executor,
  range: TripHistoryQuery,
  after: TripHistoryKey | undefined,
  limit: number,
): Promise<TripHistoryRow[]> {
  const afterCondition = after
    ? sql`and (t.trip_date, t.id, coalesce(e.occurred_at, ${NO_TIME}), coalesce(e.event_id, ${NO_ID}))
          > (${after.tripDate}::date, ${after.tripId}::uuid,
             coalesce(${after.occurredAt?.toISOString() ?? null}::timestamptz, ${NO_TIME}),
             coalesce(${after.eventId}::uuid, ${NO_ID}))`
    : sql``;
  // Both drivers answer raw statements with `rows` (pg's QueryResult, PGlite's Results).
  const result = (await db.execute(sql`
    select t.id as "tripId", t.trip_date::text as "tripDate", t.type::text as "tripType",
           t.status::text as "status", t.route_name as "routeName", t.driver_name as "driverName",
           t.vehicle_plate as "vehiclePlate", t.started_at as "startedAt", t.completed_at as "completedAt",
           e.event_id as "eventId", e.kind::text as "kind", e.occurred_at as "occurredAt",
           e.student_name as "studentName", e.method::text as "method", s.name as "stopName",
           e.lat, e.lng, e.flag::text as "flag"
    from trips t
    left join ridership_events e on e.trip_id = t.id
    left join lateral (
      select ts.name from trip_stops ts
      where ts.trip_id = t.id and ts.arrived_at <= e.occurred_at
      order by ts.arrived_at desc limit 1
    ) s on true
    where t.trip_date between ${range.from}::date and ${range.to}::date ${afterCondition}
    order by t.trip_date, t.id, coalesce(e.occurred_at, ${NO_TIME}), coalesce(e.event_id, ${NO_ID})
    limit ${limit}
  `)) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows.map((row) => ({
    ...(row as unknown as TripHistoryRow),
    startedAt: dateOrNull(row.startedAt),
    completedAt: dateOrNull(row.completedAt),
    occurredAt: dateOrNull(row.occurredAt),
  }));
}

// PGlite and pg both answer timestamps as Date through drizzle's execute, but a driver may hand back text.
const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

/** What the students CSV needs that the students list does not send (decision 075). */
export interface FamilyFields {
  studentId: string;
  childExternalId: string | null;
  parentExternalId: string | null;
  alternativePhone: string;
  address: string;
  city: string | null;
  state: string;
  pinCode: string;
}

/** The external ids and the primary guardian's address of each of `studentIds`. */
export async function familyFieldsOf(db: Executor, studentIds: string[]): Promise<FamilyFields[]> {
  if (studentIds.length === 0) return [];
  const result = (await db.execute(sql`
    select s.id as "studentId", s.external_id as "childExternalId", p.external_id as "parentExternalId",
           p.alternative_phone as "alternativePhone", p.address, p.city, p.state, p.pin_code as "pinCode"
    from students s join parents p on p.id = s.parent_id
    where s.id in (select (json_array_elements_text(${JSON.stringify(studentIds)}::json))::uuid)
  `)) as unknown as { rows: FamilyFields[] };
  return result.rows;
}
