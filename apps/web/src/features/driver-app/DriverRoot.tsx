import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppFrame, AppShell, useAppSession } from '../../components/shell/AppShell';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { createQueryClient } from '../../lib/api/query-client';
import { clearSnapshots } from './driver-api';
import { DriverScreens } from './driver-screens';
import { driverPaths } from './driver-paths';
import { DriverSessionContext, driverSessionStore, useDriverSession } from './driver-session';
import { clearJournals, DriverSyncProvider, useDriverSync } from './driver-sync';
import { registerDriverServiceWorker } from './service-worker';
import { WaitingBanner } from './WaitingBanner';
import { useOperatorLocale } from '../../lib/time/operator-locale';

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

const forgetDriverData = () => {
  clearSnapshots();
  clearJournals();
};

/**
 * The driver app: its own session, query cache and outbox, and a plain top bar instead of the back-office's
 * drawer. Loaded only when /driver is opened, so none of it weighs on the back-office's first screen.
 */
export function DriverRoot() {
  const [queryClient] = useState(createQueryClient);
  const session = useAppSession(driverSessionStore, queryClient, { forgetLocal: forgetDriverData });

  useEffect(
    () =>
      registerDriverServiceWorker(
        // Every driver screen now, not when first opened: a phone that goes offline has them all.
        Promise.all([import('./DriverTodayPage'), import('./DriverTripPage'), import('./DriverSignInPage')]),
      ),
    [],
  );

  return (
    <AppShell
      queryClient={queryClient}
      sessionContext={DriverSessionContext}
      session={session}
      paths={{ signIn: driverPaths.signIn, home: driverPaths.today }}
      screens={<DriverScreens />}
      signedIn={({ token, user }) => (
        <DriverSyncProvider key={user.id} token={token} userId={user.id}>
          <DriverLayout />
        </DriverSyncProvider>
      )}
    />
  );
}

function DriverLayout() {
  // Applied when it arrives, without waiting: the driver app must open offline.
  useOperatorLocale();
  return (
    <AppFrame actions={<SignOutButton />}>
      <Box sx={{ width: '100%', maxWidth: 720, mx: 'auto', p: { xs: 1.5, sm: 3 }, flexGrow: 1 }}>
        <DriverScreens />
      </Box>
      <WaitingBanner />
    </AppFrame>
  );
}
