import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TRIP_STATUSES, type DashboardSummary, type TripStatus } from '@school-transport/shared';
import { queryRows, type Database } from '../../db/client.js';
import { rowCount } from '../../db/list-queries.js';
import type { Clock } from '../../lib/clock.js';
import { success } from '../../lib/envelope.js';

/** The server's local calendar day, YYYY-MM-DD: "today" as the office sees it. */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface FigureRow {
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
 * Every figure of the dashboard in two statements: counts from `row_counts` (kept exact by triggers; one stripe
 * per connection, summed), seat sums over vehicles (one row per bus), and today's trips through the trip-date
 * index.
 */
async function dashboardFigures(db: Database, today: string): Promise<DashboardSummary> {
  const [row] = await queryRows<FigureRow>(
    db,
    sql`
    select
      ${rowCount('drivers')} as drivers,
      ${rowCount('parents')} as parents,
      ${rowCount('students')} as students,
      ${rowCount('vehicles')} as vehicles,
      ${rowCount('routes')} as routes,
      ${rowCount('route_assignments')} as assignments,
      -- a child has at most one seat, so the seats counted are the children seated
      ${rowCount('students')}
        - ${rowCount('assignment_students')} as unassigned_students,
      ${rowCount('assignment_students')} as seats_used,
      (select coalesce(sum(v.capacity), 0)::int from vehicles v
        join route_assignments ra on ra.vehicle_id = v.id) as seats_in_assigned,
      (select coalesce(sum(capacity), 0)::int from vehicles) as seats_fleet`,
  );
  // One row always: every column is a scalar sub-select.
  const figures = row!;
  const byStatus = await queryRows<{ status: TripStatus; n: number }>(
    db,
    sql`select status, count(*)::int as n from trips where trip_date = ${today}::date group by status`,
  );
  const todaysTrips = Object.fromEntries(TRIP_STATUSES.map((status) => [status, 0])) as Record<
    TripStatus,
    number
  >;
  for (const { status, n } of byStatus) todaysTrips[status] = n;
  return {
    counts: {
      drivers: figures.drivers,
      parents: figures.parents,
      students: figures.students,
      vehicles: figures.vehicles,
      routes: figures.routes,
      assignments: figures.assignments,
    },
    unassignedStudents: figures.unassigned_students,
    seats: {
      used: figures.seats_used,
      inAssignedVehicles: figures.seats_in_assigned,
      fleet: figures.seats_fleet,
    },
    todaysTrips: { date: today, ...todaysTrips },
  };
}

export function dashboardRoutes(db: Database, clock: Clock) {
  return async (app: FastifyInstance) => {
    app.get('/dashboard/summary', { schema: { tags: ['dashboard'] } }, async () =>
      success(await dashboardFigures(db, localDate(clock()))),
    );
  };
}
