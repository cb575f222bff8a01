import { TRIP_STATUSES, type DashboardSummary, type TripStatus } from '@school-transport/shared';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { dashboardFigures, tripsByStatus } from './dashboard-queries.js';

/** The server's local calendar day, YYYY-MM-DD: "today" as the office sees it. */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function createDashboardService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    /** The office's figures now, and today's trips by status (every status, zero when there is none). */
    async summary(): Promise<DashboardSummary> {
      const today = localDate(clock());
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
