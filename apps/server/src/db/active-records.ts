import { isNull, sql, type SQL } from 'drizzle-orm';
import { parents, schools, students } from './schema/index.js';

/**
 * THE rule of which records are active (decision 076): roster sync deactivates a child, a guardian or a school gone
 * upstream (`deactivated_at`, decision 071) and the office may reactivate them by hand. Every read that plans,
 * seats, lists, counts or tells goes through these, never through its own copy of the condition. History (past
 * trips, scans, the audit log) is read without them. They sit in db/ because every wing reads them.
 */

/** Drizzle conditions on the tables themselves. */
export const studentIsActive: SQL = isNull(students.deactivatedAt);
export const guardianIsActive: SQL = isNull(parents.deactivatedAt);
export const schoolIsActive: SQL = isNull(schools.deactivatedAt);

/** For raw SQL: whether the row under `alias` (a students, parents or schools alias) is active. */
export const isActive = (alias: SQL): SQL => sql`${alias}.deactivated_at is null`;

/**
 * For raw SQL: whether the child under `student` rides the trip under `trip` (both aliases). A child still rides a
 * trip that started, or was to start, before they were deactivated (its manifest is history); never a later one.
 */
export const ridesTrip = (student: SQL, trip: SQL): SQL =>
  sql`(${student}.deactivated_at is null
    or coalesce(${trip}.started_at, ${trip}.planned_start_at, ${trip}.trip_date::timestamptz) < ${student}.deactivated_at)`;

/** A trip as `ridesTrip` reads it. */
export interface TripMoment {
  tripDate: string;
  startedAt: Date | null;
  plannedStartAt: Date | null;
}

/**
 * `ridesTrip` for rows already read (a manifest built from a route's seated children): the same rule, side by side
 * with the SQL so the two cannot drift. `deactivatedAt` as the record or the API answer carries it.
 */
export function ridesTripOf(deactivatedAt: Date | string | null, trip: TripMoment): boolean {
  if (deactivatedAt === null) return true;
  const starts = trip.startedAt ?? trip.plannedStartAt ?? new Date(`${trip.tripDate}T00:00:00`);
  return starts.getTime() < new Date(deactivatedAt).getTime();
}
