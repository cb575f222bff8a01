import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '../kit';
import { NotFoundScreen } from './NotFoundScreen';
import { ParentTodayPage } from './ParentTodayPage';

/**
 * The portal's signed-in screens, as routes below /parent. Today, the screen nearly every visit opens, is in the
 * entry's code; the others are fetched on first visit (and all of them kept by the service worker).
 */
const ChildHistoryPage = lazy(async () => ({
  default: (await import('./ChildHistoryPage')).ChildHistoryPage,
}));
const ParentAdultsPage = lazy(async () => ({
  default: (await import('./ParentAdultsPage')).ParentAdultsPage,
}));
const ParentNotificationsPage = lazy(async () => ({
  default: (await import('./ParentNotificationsPage')).ParentNotificationsPage,
}));
const ParentStopChangesPage = lazy(async () => ({
  default: (await import('./ParentStopChangesPage')).ParentStopChangesPage,
}));
const ParentMessagesPage = lazy(async () => ({
  default: (await import('./ParentMessagesPage')).ParentMessagesPage,
}));
const ParentThreadsPage = lazy(async () => ({
  default: (await import('./ParentThreadsPage')).ParentThreadsPage,
}));
const ParentGuardiansPage = lazy(async () => ({
  default: (await import('./ParentGuardiansPage')).ParentGuardiansPage,
}));
const ParentAccountPage = lazy(async () => ({
  default: (await import('./ParentAccountPage')).ParentAccountPage,
}));

const SCREENS: RouteObject[] = [
  {
    path: '/parent',
    children: [
      { index: true, element: <ParentTodayPage /> },
      { path: 'children/:id/history', element: <ChildHistoryPage /> },
      { path: 'children/:id/adults', element: <ParentAdultsPage /> },
      { path: 'notifications', element: <ParentNotificationsPage /> },
      { path: 'stop-changes', element: <ParentStopChangesPage /> },
      { path: 'messages', element: <ParentMessagesPage /> },
      { path: 'threads', element: <ParentThreadsPage /> },
      { path: 'guardians', element: <ParentGuardiansPage /> },
      { path: 'account', element: <ParentAccountPage /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export function ParentScreens() {
  return <Suspense fallback={<PageLoader />}>{useRoutes(SCREENS)}</Suspense>;
}
