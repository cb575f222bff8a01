import { z } from 'zod';
import { tripStopSchema } from './ridership.js';

/** The answers about combined runs (decision 061); the request schemas are trips.ts' (combineTripSchema). */

/** A run combined into another trip of its day (decision 061). */
export const combinedRunSchema = z.object({
  id: z.string(),
  hostTripId: z.string(),
  hostRouteName: z.string(),
  joinedTripId: z.string(),
  joinedRouteName: z.string(),
  reason: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type CombinedRun = z.infer<typeof combinedRunSchema>;

/** One of a host trip's own stops, in its run's order; `combinedFromTripId` names the run it came with. */
export const hostStopSchema = tripStopSchema
  .pick({ position: true, stopId: true, name: true, lat: true, lng: true, plannedAt: true })
  .extend({ combinedFromTripId: z.string().nullable() });
export type HostStop = z.infer<typeof hostStopSchema>;

/**
 * GET /api/trips/combined/{id}: the combines the trip takes part in (as host or as the run that joined), and the
 * host's stops in order (the trip's own when it hosts none and joined none).
 */
export const tripCombinesSchema = z.object({
  combines: z.array(combinedRunSchema),
  hostStops: z.array(hostStopSchema),
});
export type TripCombines = z.infer<typeof tripCombinesSchema>;
