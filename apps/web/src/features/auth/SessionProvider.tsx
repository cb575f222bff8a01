import { MESSAGES } from '@school-transport/shared';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { onUnauthorized } from '../../lib/api/api-client';
import { forgetStartedQueries } from '../../lib/api/screen-queries';
import { paths } from '../../lib/paths/paths';
import { revokeToken } from './auth-api';
import { staffRoleOf, SessionContext, type SessionContextValue } from '../../lib/session/session';
import {
  clearStoredSession,
  readSessionEndedByServer,
  readStoredSession,
  readStoredToken,
  saveSession,
  type StoredSession,
} from '../../lib/session/session-storage';
import { useStartupSessionCheck } from './useStartupSessionCheck';

interface SessionState {
  session: StoredSession | null;
  endedByServer: boolean;
}

/** Lives inside the router because ending a session (logout or a 401 anywhere) always leads to /login. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [{ session, endedByServer }, setState] = useState<SessionState>(() => {
    const stored = readStoredSession();
    return { session: stored, endedByServer: stored === null && readSessionEndedByServer() };
  });

  const endSession = useCallback(
    (byServer: boolean) => {
      clearStoredSession(byServer);
      forgetStartedQueries();
      // Leaving the signed-in layout also drops its query cache (AdminRoot): answers fetched for this user never
      // show up for whoever signs in next.
      setState({ session: null, endedByServer: byServer });
      navigate(paths.login, { replace: true });
    },
    [navigate],
  );

  useEffect(
    () =>
      onUnauthorized(() => {
        // A late 401 for a session that is already gone (e.g. a request still in flight at logout) ends nothing.
        if (readStoredToken() !== null) endSession(true);
      }),
    [endSession],
  );

  useStartupSessionCheck(session?.token ?? null);

  const signIn = useCallback((next: StoredSession) => {
    saveSession(next);
    setState({ session: next, endedByServer: false });
  }, []);

  const updateUser = useCallback<SessionContextValue['updateUser']>(
    (changes) => {
      if (!session) return;
      const next = { ...session, user: { ...session.user, ...changes } };
      saveSession(next);
      setState((current) => ({ ...current, session: next }));
    },
    [session],
  );

  const signOut = useCallback(async () => {
    const endSessionUrl = session ? await revokeToken(session.token) : undefined;
    endSession(false);
    // Signed in through a provider: its session ends too (it comes back to Log In).
    if (endSessionUrl) window.location.assign(endSessionUrl);
    else enqueueSnackbar(MESSAGES.logoutSuccess, { variant: 'success' });
  }, [session, endSession, enqueueSnackbar]);

  const value = useMemo<SessionContextValue>(
    () => ({
      user: session?.user ?? null,
      token: session?.token ?? null,
      role: staffRoleOf(session?.user ?? null),
      endedByServer,
      signIn,
      updateUser,
      signOut,
    }),
    [session, endedByServer, signIn, updateUser, signOut],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
