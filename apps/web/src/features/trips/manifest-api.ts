import type { Manifest, SuccessEnvelope } from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';
import { RESOURCES } from '../../lib/api/resource-api';

const TRIPS = RESOURCES.trips;

/**
 * GET /api/trips/{id}/manifest: the trip as it runs (stops with arrival and departure, every scan, who is where).
 * A running trip's is fetched again every 15 s, so the office watches the bus without reloading.
 */
export function useTripManifest(tripId: string, running: boolean) {
  return useQuery({
    queryKey: [TRIPS, 'manifest', tripId],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<SuccessEnvelope<Manifest>>(
        'GET',
        `/${TRIPS}/${tripId}/manifest`,
        undefined,
        {
          signal,
        },
      );
      return answer.data ?? null;
    },
    refetchInterval: running ? 15_000 : false,
  });
}
