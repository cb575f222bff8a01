import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../api/api-client';

/**
 * For an app with its own session (the driver app, the parent portal): a screen's data refused with 401 (the
 * session expired or was ended elsewhere) signs out, so the sign-in screen can say why.
 */
export function useSignOutWhenRefused(
  queryClient: QueryClient,
  signOut: (expired: boolean) => unknown,
): void {
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const error = event.type === 'updated' ? event.query.state.error : null;
        if (error instanceof ApiError && error.status === 401) void signOut(true);
      }),
    [queryClient, signOut],
  );
}
