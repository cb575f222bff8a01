import { useQuery } from '@tanstack/react-query';
import { fetchPublicSettings, takePrefetchedSettings } from './settings-api';

/**
 * GET /api/settings: what this installation tells every visitor (the map tiles to use). It changes only with
 * the server's configuration, so it is fetched once per visit (or taken from the request a back-office route
 * started while its screen downloaded: settings-api.ts). The hook has a file of its own because the first
 * screen imports settings-api.ts to prefetch, and would otherwise carry TanStack Query's useQuery (7 kB gzip).
 */
export function usePublicSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => takePrefetchedSettings() ?? fetchPublicSettings(signal),
    staleTime: Infinity,
  });
}
