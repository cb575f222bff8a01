import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type Context, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { apiRequest } from '../../lib/api/api-client';
import type { AppSession, AppSessionValue, appSessionStore } from '../../lib/session/app-session';
import { useSignOutWhenRefused } from '../../lib/session/use-expired-session';
import { Logo } from './Logo';

/**
 * What the apps of their own (the driver app, the parent portal) share around their screens: a session kept apart
 * from the back-office's, a plain top bar instead of the back-office's drawer, and sign-in as the only screen
 * without a session.
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

/** The top bar with the logo and the app's actions, above the app's screen. */
export function AppFrame({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <Logo />
          <Box sx={{ flexGrow: 1 }} />
          {actions}
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        {children}
      </Box>
    </Box>
  );
}

interface AppShellProps {
  queryClient: QueryClient;
  sessionContext: Context<AppSessionValue | null>;
  session: AppSessionValue;
  paths: { signIn: string; home: string };
  /** The signed-in app (its own frame and screens). */
  signedIn: (session: AppSession) => ReactNode;
  /** The app's own routes (one lazy route holds all of the app), drawn without a session for sign-in. */
  screens: ReactNode;
}

/** Without a session only sign-in shows (in the plain frame); with one, sign-in sends on to the app's home. */
export function AppShell({ queryClient, sessionContext, session, paths, signedIn, screens }: AppShellProps) {
  const onSignIn = useLocation().pathname === paths.signIn;
  let content;
  if (!session.session) content = onSignIn ? screens : <Navigate to={paths.signIn} replace />;
  else if (onSignIn) content = <Navigate to={paths.home} replace />;
  else content = signedIn(session.session);

  return (
    <QueryClientProvider client={queryClient}>
      <sessionContext.Provider value={session}>
        {session.session ? content : <AppFrame>{content}</AppFrame>}
      </sessionContext.Provider>
    </QueryClientProvider>
  );
}
