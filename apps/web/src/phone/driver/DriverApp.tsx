import { lazy, Suspense } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { ConfirmDialog, Heading, LinkButton, Menu, PageLoader, Stack, Text } from '../kit';
import { useT } from '../i18n';
import { PhoneShell } from '../shell';
import { driverCatalogue } from './driver-catalogue';
import type { AppSession } from '../../lib/session/app-session';
import { clearSnapshots } from './driver-api';
import { driverPaths } from './driver-paths';
import { DriverTodayPage } from './DriverTodayPage';
import { DriverSessionContext, driverSessionStore, useDriverSession } from './driver-session';
import { clearClockJournals } from './clock-journal';
import { clearJournals, DriverSyncProvider, useDriverSync } from './driver-sync';
import { registerDriverServiceWorker } from './service-worker';
import { askToSignOut, stopAskingToSignOut, useSignOutAsked } from './sign-out-request';
import { WaitingBanner } from './WaitingBanner';
import './driver.css';

/** Each screen but Today is fetched on first visit; the service worker then fetches them all (see below). */
const loadTrip = () => import('./DriverTripPage');
const loadInspection = () => import('./DriverInspectionPage');
const loadAccount = () => import('./DriverAccountPage');
const loadHours = () => import('./DriverHoursPage');
const DriverTripPage = lazy(async () => ({ default: (await loadTrip()).DriverTripPage }));
const DriverInspectionPage = lazy(async () => ({ default: (await loadInspection()).DriverInspectionPage }));
const DriverAccountPage = lazy(async () => ({ default: (await loadAccount()).DriverAccountPage }));
const DriverHoursPage = lazy(async () => ({ default: (await loadHours()).DriverHoursPage }));

const forgetDriverData = () => {
  clearSnapshots();
  clearJournals();
  clearClockJournals();
};

/** An address below /driver that names no screen. */
function NotFound() {
  const { t } = useT();
  return (
    <Stack gap={3}>
      <Heading level={1}>{t('notFound.title')}</Heading>
      <Text>{t('notFound.text')}</Text>
      <LinkButton to={driverPaths.today} icon="back" variant="outlined">
        {t('nav.backToToday')}
      </LinkButton>
    </Stack>
  );
}

/** Sign out, asked from the account menu: what is still waiting on the phone is said first. */
function SignOutConfirm() {
  const { t } = useT();
  const asked = useSignOutAsked();
  const { status } = useDriverSync();
  const { signOut } = useDriverSession();
  const navigate = useNavigate();
  const waiting = status.waitingEvents;
  return (
    <ConfirmDialog
      open={asked}
      title={t('signOut.title')}
      message={waiting > 0 ? t('signOut.waiting', { count: waiting }) : t('signOut.plain')}
      confirmLabel={t('signOut.confirm')}
      onCancel={stopAskingToSignOut}
      onConfirm={async () => {
        stopAskingToSignOut();
        await signOut();
        navigate(driverPaths.signIn, { replace: true });
      }}
    />
  );
}

/** The top bar's account menu: the account screen, and signing out (confirmed inside the screens, see above). */
function AccountMenu() {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <Menu
      label={t('menu.label')}
      icon="account"
      items={[
        { label: t('menu.hours'), icon: 'clock', onSelect: () => navigate(driverPaths.hours) },
        { label: t('menu.account'), icon: 'person', onSelect: () => navigate(driverPaths.account) },
        { label: t('menu.signOut'), icon: 'logout', onSelect: askToSignOut },
      ]}
    />
  );
}

/** The signed-in driver's screens, around one outbox for the driver (keyed by them: another driver, another one). */
function DriverScreens({ session }: { session: AppSession }) {
  return (
    <DriverSyncProvider key={session.user.id} token={session.token} userId={session.user.id}>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path={driverPaths.today} element={<DriverTodayPage />} />
          <Route path="/driver/trips/:id" element={<DriverTripPage />} />
          <Route path="/driver/vehicles/:id/inspection" element={<DriverInspectionPage />} />
          <Route path={driverPaths.account} element={<DriverAccountPage />} />
          <Route path={driverPaths.hours} element={<DriverHoursPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
      <WaitingBanner />
      <SignOutConfirm />
    </DriverSyncProvider>
  );
}

/** Every driver screen fetched, not only when first opened, so that a phone that goes offline has them all. */
const keepEveryScreenOffline = () =>
  registerDriverServiceWorker(Promise.all([loadTrip(), loadInspection(), loadAccount(), loadHours()]));

/**
 * The driver app (its own entry, phone/driver/main.tsx): the phone shell (session, language, top bar, sign-in) with
 * the driver's screens below /driver, the outbox that keeps scans through a dead zone, and the service worker that
 * opens it offline.
 */
export function DriverApp() {
  return (
    <PhoneShell
      catalogue={driverCatalogue}
      store={driverSessionStore}
      sessionContext={DriverSessionContext}
      hooks={{ forgetLocal: forgetDriverData }}
      paths={{ signIn: driverPaths.signIn, home: driverPaths.today }}
      signedIn={(session) => <DriverScreens session={session} />}
      actions={<AccountMenu />}
      afterFirstScreen={keepEveryScreenOffline}
    />
  );
}
