import { useEffect, useState } from 'react';
import { fetchCurrentUser } from './auth-api';

/**
 * A stored token may have expired or been revoked while the app was closed, so the server is asked once at
 * start. A 401 ends the session through the API client's global handling; a token obtained by signing in
 * later is fresh and needs no check. A plain request rather than a query: the query cache only comes with the
 * signed-in screens' code, and nothing reads this answer.
 */
export function useStartupSessionCheck(currentToken: string | null): void {
  const [startupToken] = useState(currentToken);
  const checking = startupToken !== null && currentToken === startupToken;
  useEffect(() => {
    if (!checking) return;
    const request = new AbortController();
    // Any other failure (the server unreachable, a hiccup) leaves the session as it is, as before.
    fetchCurrentUser(request.signal).catch(() => undefined);
    return () => request.abort();
  }, [checking]);
}
