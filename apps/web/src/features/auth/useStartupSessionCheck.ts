import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchCurrentUser } from './auth-api';

/**
 * A stored token may have expired or been revoked while the app was closed, so the server is asked once at
 * start. A 401 ends the session through the API client's global handling; a token obtained by signing in
 * later is fresh and needs no check.
 */
export function useStartupSessionCheck(currentToken: string | null): void {
  const [startupToken] = useState(currentToken);
  useQuery({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: startupToken !== null && currentToken === startupToken,
    staleTime: Infinity,
    retry: false,
  });
}
