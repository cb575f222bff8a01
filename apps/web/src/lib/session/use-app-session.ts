import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { apiRequest } from '../api/api-client';
import type { AppSession, AppSessionValue, appSessionStore } from './app-session';
import { useSignOutWhenRefused } from './use-expired-session';

/**
 * The session of an app of its own (the driver app, the parent portal): sign in, sign out (also when any screen's
 * data is refused with 401), kept apart from the back-office's.
 */
export interface AppSessionHooks {
  /** Forgets what the app kept on the device for this user (answers, outboxes). */
  forgetLocal: () => void | Promise<void>;
  /** Ends on the server what belongs to this session before it is revoked (a push subscription, a cookie). */
  endRemote?: (token: string) => Promise<void>;
}

/** The app's session state: sign in, sign out (also when any screen's data is refused with 401). */
export function useAppSession(
  store: ReturnType<typeof appSessionStore>,
  queryClient: QueryClient,
  { forgetLocal, endRemote }: AppSessionHooks,
): AppSessionValue {
  const [state, setState] = useState(() => ({ session: store.read(), expired: false }));

  const signIn = useCallback(
    (session: AppSession) => {
      store.save(session);
      setState({ session, expired: false });
    },
    [store],
  );

  const signOut = useCallback(
    async (expired = false) => {
      const token = state.session?.token;
      store.clear();
      await forgetLocal();
      queryClient.clear();
      setState({ session: null, expired });
      if (!token || expired) return;
      await endRemote?.(token).catch(() => undefined);
      try {
        await apiRequest('POST', '/auth/logout', undefined, { token });
      } catch {
        // Already expired or unreachable: the session is gone from this phone either way.
      }
    },
    [state.session, store, forgetLocal, endRemote, queryClient],
  );

  useSignOutWhenRefused(queryClient, signOut);

  return useMemo(
    () => ({ session: state.session, expired: state.expired, signIn, signOut }),
    [state, signIn, signOut],
  );
}
