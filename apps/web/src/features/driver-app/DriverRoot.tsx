import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Logo } from '../../components/Logo';
import { apiRequest, ApiError } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { clearSnapshots } from './driver-api';
import { driverPaths } from './driver-paths';
import {
  clearDriverSession,
  DriverSessionContext,
  readDriverSession,
  saveDriverSession,
  type DriverSession,
  type DriverSessionValue,
  useDriverSession,
} from './driver-session';
import { clearJournals, DriverSyncProvider, useDriverSync } from './driver-sync';
import { linkDriverManifest, registerDriverServiceWorker } from './service-worker';
import { WaitingBanner } from './WaitingBanner';

function SignOutButton() {
  const { status } = useDriverSync();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const { signOut } = useDriverSession();
  const waiting = status.waitingEvents;
  return (
    <>
      <Tooltip title="Sign out">
        <IconButton color="inherit" aria-label="Sign out" onClick={() => setAsking(true)}>
          <LogoutIcon />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={asking}
        title="Sign out?"
        text={
          waiting > 0
            ? `${waiting} ${waiting === 1 ? 'event is' : 'events are'} still waiting to be sent. They stay on this phone and are sent when you sign in on it again; another driver signing in here does not send them.`
            : 'You will need your e-mail and password to sign in again.'
        }
        confirmLabel="Sign out"
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          await signOut();
          navigate(driverPaths.signIn, { replace: true });
        }}
      />
    </>
  );
}

/**
 * The driver app: its own session, query cache and outbox, and a plain top bar instead of the back-office's
 * drawer. Loaded only when /driver is opened, so none of it weighs on the back-office's first screen.
 */
export function DriverRoot() {
  const [queryClient] = useState(createQueryClient);
  const [state, setState] = useState(() => ({ session: readDriverSession(), expired: false }));
  const location = useLocation();

  useEffect(() => linkDriverManifest(), []);
  useEffect(
    () =>
      registerDriverServiceWorker(
        // Every driver screen now, not when first opened: a phone that goes offline has them all.
        Promise.all([import('./DriverTodayPage'), import('./DriverTripPage'), import('./DriverSignInPage')]),
      ),
    [],
  );

  const signIn = useCallback((session: DriverSession) => {
    saveDriverSession(session);
    setState({ session, expired: false });
  }, []);

  const signOut = useCallback(
    async (expired = false) => {
      const token = state.session?.token;
      clearDriverSession();
      clearSnapshots();
      clearJournals();
      queryClient.clear();
      setState({ session: null, expired });
      if (token && !expired) {
        try {
          await apiRequest('POST', '/auth/logout', undefined, { token });
        } catch {
          // Already expired or unreachable: the session is gone from this phone either way.
        }
      }
    },
    [state.session, queryClient],
  );

  // A screen's data refused with 401 (the session expired or was ended elsewhere): back to sign-in, saying why.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const error = event.type === 'updated' ? event.query.state.error : null;
        if (error instanceof ApiError && error.status === 401) void signOut(true);
      }),
    [queryClient, signOut],
  );

  const value = useMemo<DriverSessionValue>(
    () => ({ session: state.session, expired: state.expired, signIn, signOut }),
    [state, signIn, signOut],
  );

  const onSignIn = location.pathname === driverPaths.signIn;
  let content;
  if (!state.session) {
    content = onSignIn ? <Outlet /> : <Navigate to={driverPaths.signIn} replace />;
  } else if (onSignIn) {
    content = <Navigate to={driverPaths.today} replace />;
  } else {
    content = (
      <DriverSyncProvider
        key={state.session.user.id}
        token={state.session.token}
        userId={state.session.user.id}
      >
        <DriverLayout />
      </DriverSyncProvider>
    );
  }

  return (
    <QueryClientProvider client={queryClient}>
      <DriverSessionContext.Provider value={value}>
        {state.session ? content : <DriverFrame>{content}</DriverFrame>}
      </DriverSessionContext.Provider>
    </QueryClientProvider>
  );
}

function DriverFrame({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
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

function DriverLayout() {
  return (
    <DriverFrame actions={<SignOutButton />}>
      <WaitingBanner />
      <Box sx={{ width: '100%', maxWidth: 720, mx: 'auto', p: { xs: 1.5, sm: 3 } }}>
        <Outlet />
      </Box>
    </DriverFrame>
  );
}
