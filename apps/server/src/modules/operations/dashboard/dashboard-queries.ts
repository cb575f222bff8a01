import { sql } from 'drizzle-orm';
import type { TripStatus } from '@school-transport/shared';
import { queryRows, type Executor } from '../../../db/client.js';
import { isActive } from '../../../db/active-records.js';
import { rowCount } from '../../../db/list-queries.js';

/** The SQL of the dashboard: every figure in two statements (what they mean: dashboard-service.ts). */

export interface FigureRow {
  drivers: number;
  parents: number;
  students: number;
  vehicles: number;
  routes: number;
  assignments: number;
  unassigned_students: number;
  seats_used: number;
  seats_in_assigned: number;
  seats_fleet: number;
}

/**
 * Counts from `row_counts` (kept exact by triggers; one stripe per connection, summed) and seat sums over vehicles
 * (one row per bus). One row always: every column is a scalar sub-select.
 */
export async function dashboardFigures(db: Executor): Promise<FigureRow> {
  const [row] = await queryRows<FigureRow>(
    db,
    sql`
    with gone as (
      -- deactivated children and guardians are not counted (decision 076): the few rows of a partial index each
      select (select count(*)::int from students s where not ${isActive(sql`s`)}) as students,
        (select count(*)::int from assignment_students a join students s on s.id = a.student_id
          where not ${isActive(sql`s`)}) as seated,
        (select count(*)::int from parents p where not ${isActive(sql`p`)}) as parents
    )
    select
      ${rowCount('drivers')} as drivers,
      ${rowCount('parents')} - gone.parents as parents,
      ${rowCount('students')} - gone.students as students,
      ${rowCount('vehicles')} as vehicles,
      ${rowCount('routes')} as routes,
      ${rowCount('route_assignments')} as assignments,
      -- a child has at most one seat, so the seats counted are the children seated
      (${rowCount('students')} - gone.students)
        - (${rowCount('assignment_students')} - gone.seated) as unassigned_students,
      ${rowCount('assignment_students')} as seats_used,
      (select coalesce(sum(v.capacity), 0)::int from vehicles v
        join route_assignments ra on ra.vehicle_id = v.id) as seats_in_assigned,
      (select coalesce(sum(capacity), 0)::int from vehicles) as seats_fleet
    from gone`,
  );
  return row!;
}

/** The number of trips of each status on `day`, through the trip-date index; statuses without trips are absent. */
export function tripsByStatus(db: Executor, day: string) {
  return queryRows<{ status: TripStatus; n: number }>(
    db,
    sql`select status, count(*)::int as n from trips where trip_date = ${day}::date group by status`,
  );
}
