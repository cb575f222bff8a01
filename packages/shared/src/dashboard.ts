import { z } from 'zod';
import { TRIP_STATUSES, type TripStatus } from './trips.js';

const count = z.number().int();

export const dashboardSummarySchema = z.object({
  counts: z.object({
    drivers: count,
    parents: count,
    students: count,
    vehicles: count,
    routes: count,
    assignments: count,
  }),
  unassignedStudents: count,
  seats: z.object({ used: count, inAssignedVehicles: count, fleet: count }),
  /** Today's trips (server's date) by status. */
  todaysTrips: z.object({
    date: z.string(),
    ...(Object.fromEntries(TRIP_STATUSES.map((status) => [status, count])) as Record<
      TripStatus,
      typeof count
    >),
  }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
