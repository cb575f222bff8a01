import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '../../components/shell/PageLoader';

/**
 * The driver app's screens, as routes below /driver (app/routes.tsx holds one lazy route for all of /driver, as for
 * /parent, so that the back-office's first download names none of them). Each screen is fetched on first visit.
 */
const DriverTodayPage = lazy(async () => ({ default: (await import('./DriverTodayPage')).DriverTodayPage }));
const DriverSignInPage = lazy(async () => ({
  default: (await import('./DriverSignInPage')).DriverSignInPage,
}));
const DriverTripPage = lazy(async () => ({ default: (await import('./DriverTripPage')).DriverTripPage }));
const DriverInspectionPage = lazy(async () => ({
  default: (await import('./DriverInspectionPage')).DriverInspectionPage,
}));
const NotFoundPage = lazy(async () => ({
  default: (await import('../../components/shell/NotFoundPage')).NotFoundPage,
}));

const SCREENS: RouteObject[] = [
  { index: true, element: <DriverTodayPage /> },
  { path: 'sign-in', element: <DriverSignInPage /> },
  { path: 'trips/:id', element: <DriverTripPage /> },
  { path: 'vehicles/:id/inspection', element: <DriverInspectionPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export function DriverScreens() {
  return <Suspense fallback={<PageLoader />}>{useRoutes(SCREENS)}</Suspense>;
}
