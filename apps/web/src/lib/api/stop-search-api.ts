import type { NearbyStop, Stop, SuccessEnvelope } from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { RESOURCES } from './resource-queries';

/**
 * Stops are a resource of their own (`/api/stops/…`, their list screen) and also what a route's runs are made of
 * (the route's page picks them): both features reach them through here, since features do not import each other.
 */
export const STOPS = RESOURCES.stops;

/** Stops whose name or address holds `search`, for a picker: the first 20 are plenty to choose from. */
export function useStopSearch(search: string) {
  return useQuery({
    queryKey: [STOPS, 'search', search],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ page: '1', limit: '20', search });
      const answer = await apiRequest<SuccessEnvelope<Stop[]>>(
        'GET',
        `/${STOPS}/get-all?${params}`,
        undefined,
        {
          signal,
        },
      );
      return answer.data ?? [];
    },
  });
}

/** GET /api/stops/nearby: stops within a walking radius of a point (a child's pickup point), nearest first. */
export function useNearbyStops(point: { lat: number; lng: number } | null, radius = 400) {
  return useQuery({
    queryKey: [STOPS, 'nearby', point?.lat, point?.lng, radius],
    enabled: point !== null,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({
        lat: String(point?.lat),
        lng: String(point?.lng),
        radius: String(radius),
      });
      const answer = await apiRequest<SuccessEnvelope<NearbyStop[]>>(
        'GET',
        `/${STOPS}/nearby?${params}`,
        undefined,
        {
          signal,
        },
      );
      return answer.data ?? [];
    },
  });
}
