import type { PublicSettings, SuccessEnvelope } from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * GET /api/settings: what this installation tells every visitor (the map tiles to use). It changes only with
 * the server's configuration, so it is fetched once per visit.
 */
export function usePublicSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<SuccessEnvelope<PublicSettings>>('GET', '/settings', undefined, {
        signal,
      });
      return answer.data ?? null;
    },
    staleTime: Infinity,
  });
}
