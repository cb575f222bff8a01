import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
export { useAppSession, type AppSessionHooks } from '../../lib/session/use-app-session';
import type { Context, ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { AppSession, AppSessionValue } from '../../lib/session/app-session';
import { Logo } from './Logo';

/**
 * What the apps of their own (the driver app, the parent portal) share around their screens: a session kept apart
 * from the back-office's, a plain top bar instead of the back-office's drawer, and sign-in as the only screen
 * without a session.
 */

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
