import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '../../components/shell/PageLoader';

/**
 * The portal's screens, as routes below /parent (app/routes.tsx holds one lazy route for all of /parent, so that
 * the back-office's first download names none of them). Each screen is fetched on first visit.
 */
const ParentTodayPage = lazy(async () => ({ default: (await import('./ParentTodayPage')).ParentTodayPage }));
const ParentSignInPage = lazy(async () => ({
  default: (await import('./ParentSignInPage')).ParentSignInPage,
}));
const ChildHistoryPage = lazy(async () => ({
  default: (await import('./ChildHistoryPage')).ChildHistoryPage,
}));
const ParentNotificationsPage = lazy(async () => ({
  default: (await import('./ParentNotificationsPage')).ParentNotificationsPage,
}));
const ParentAccountPage = lazy(async () => ({
  default: (await import('./ParentAccountPage')).ParentAccountPage,
}));
const NotFoundPage = lazy(async () => ({
  default: (await import('../../components/shell/NotFoundPage')).NotFoundPage,
}));

// Route objects through useRoutes rather than <Routes> elements: the entry already holds useRoutes, so the
// portal adds nothing to the back-office's first download.
const SCREENS: RouteObject[] = [
  { index: true, element: <ParentTodayPage /> },
  { path: 'sign-in', element: <ParentSignInPage /> },
  { path: 'children/:id/history', element: <ChildHistoryPage /> },
  { path: 'notifications', element: <ParentNotificationsPage /> },
  { path: 'account', element: <ParentAccountPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export function ParentScreens() {
  return <Suspense fallback={<PageLoader />}>{useRoutes(SCREENS)}</Suspense>;
}
