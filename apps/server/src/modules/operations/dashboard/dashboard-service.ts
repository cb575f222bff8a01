import { TRIP_STATUSES, type DashboardSummary, type TripStatus } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { dashboardFigures, tripsByStatus } from './dashboard-queries.js';

export function createDashboardService({
  db,
  clock,
  timeZone,
}: {
  db: Database;
  clock: Clock;
  timeZone: string;
}) {
  return {
    /** The office's figures now, and today's trips by status (every status, zero when there is none). */
    async summary(): Promise<DashboardSummary> {
      // "Today" as the office sees it: the calendar day in the operator's time zone.
      const today = zonedDate(clock(), timeZone);
      const figures = await dashboardFigures(db);
      const todaysTrips = Object.fromEntries(TRIP_STATUSES.map((status) => [status, 0])) as Record<
        TripStatus,
        number
      >;
      for (const { status, n } of await tripsByStatus(db, today)) todaysTrips[status] = n;
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
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
