import { z } from 'zod';
import { positiveDecimal, requiredText, wholeNumber } from './fields.js';

/**
 * Bus routes: the path a bus runs (API path /api/routes, as the contract names it). Called bus routes in code so
 * that "route" keeps meaning an HTTP route or a screen of the router.
 */
export const busRouteInputSchema = z.object({
  name: requiredText('Route name', 100),
  startLocation: requiredText('Start location', 200),
  endLocation: requiredText('End location', 200),
  distanceKm: positiveDecimal('Distance (km)', 10_000),
  durationMin: wholeNumber('Duration (minutes)', 1, 1_440),
});
export type BusRouteInput = z.input<typeof busRouteInputSchema>;

/** What the API answers for a bus route (dates as ISO strings). */
export const busRouteSchema = z.object({
  id: z.string(),
  name: z.string(),
  startLocation: z.string(),
  endLocation: z.string(),
  distanceKm: z.number(),
  durationMin: z.number(),
  createdAt: z.string(),
});
export type BusRoute = z.infer<typeof busRouteSchema>;
