import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { RequireAdmin, RequireVisitor } from '../features/auth/route-guards';
import { SessionProvider } from '../features/auth/SessionProvider';
import { paths } from '../lib/paths';
import { SessionLayout } from './layout/SessionLayout';

function SessionRoot() {
  return (
    <SessionProvider>
      <SessionLayout />
    </SessionProvider>
  );
}

/** A screen at `path`, fetched on first visit: `load` imports its module and picks the page out of it. */
const screen = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: { Component: load },
});

/**
 * Every screen is fetched on first visit (`lazy`), so the first download holds only the shell.
 * A router takes over the route objects it is given (it resolves their `lazy` parts in place), hence a fresh set
 * per router.
 */
export const createAppRoutes = (): RouteObject[] => [
  {
    // The driver app (a phone on the bus): its own session, top bar and outbox, outside the back-office's guard
    // and chrome, and fetched only when /driver is opened. One lazy route whose module holds the app's own routes
    // (driver-screens.tsx), so the first screen carries a single import for all of /driver.
    path: '/driver/*',
    lazy: { Component: async () => (await import('../features/driver-app/DriverRoot')).DriverRoot },
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
  },
  {
    // The parent portal (a parent's phone): like the driver app, its own session, top bar and service worker,
    // outside the back-office's guard and chrome. One lazy route whose module holds the portal's own routes, so
    // the first screen carries a single import for all of /parent.
    path: '/parent/*',
    lazy: { Component: async () => (await import('../features/parent-portal/ParentRoot')).ParentRoot },
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
  },
  {
    Component: SessionRoot,
    HydrateFallback: PageLoader,
    children: [
      {
        // A screen that fails keeps the drawer and top bar around its error message.
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            path: paths.login,
            Component: RequireVisitor,
            children: [
              {
                index: true,
                lazy: { Component: async () => (await import('../features/auth/LoginPage')).LoginPage },
              },
            ],
          },
          // Reached from mailed links, which work whether or not someone is signed in on this browser.
          screen(
            paths.forgotPassword,
            async () => (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage,
          ),
          screen(
            paths.resetPassword,
            async () => (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage,
          ),
          {
            // Management screens. A visitor opening the dashboard's address is sent on to Log In.
            Component: RequireAdmin,
            children: [
              {
                index: true,
                lazy: {
                  Component: async () => (await import('../features/dashboard/DashboardPage')).DashboardPage,
                },
              },
              screen(paths.liveMap, async () => (await import('../features/live/live-screens')).LiveMapPage),
              screen(paths.today, async () => (await import('../features/live/live-screens')).TodayBoardPage),
              screen(
                paths.profile,
                async () => (await import('../features/profile/ProfilePage')).ProfilePage,
              ),
              screen(
                paths.emailVerify,
                async () => (await import('../features/profile/EmailVerifyPage')).EmailVerifyPage,
              ),
              screen(
                paths.staffUsers,
                async () => (await import('../features/staff-users/StaffUserListPage')).StaffUserListPage,
              ),
              screen(paths.audit, async () => (await import('../features/audit/AuditLogPage')).AuditLogPage),
              screen(
                paths.drivers.list,
                async () => (await import('../features/drivers/DriverListPage')).DriverListPage,
              ),
              screen(
                paths.drivers.details.pattern,
                async () => (await import('../features/drivers/DriverDetailsPage')).DriverDetailsPage,
              ),
              screen(
                paths.drivers.update.pattern,
                async () => (await import('../features/drivers/UpdateDriverPage')).UpdateDriverPage,
              ),
              screen(
                paths.parents.list,
                async () => (await import('../features/families/ParentListPage')).ParentListPage,
              ),
              screen(
                paths.parents.add,
                async () => (await import('../features/families/AddParentPage')).AddParentPage,
              ),
              screen(
                paths.parents.details.pattern,
                async () => (await import('../features/families/ParentDetailsPage')).ParentDetailsPage,
              ),
              screen(
                paths.parents.update.pattern,
                async () => (await import('../features/families/UpdateParentPage')).UpdateParentPage,
              ),
              screen(
                paths.students.list,
                async () => (await import('../features/families/StudentListPage')).StudentListPage,
              ),
              screen(
                paths.students.details.pattern,
                async () => (await import('../features/families/StudentDetailsPage')).StudentDetailsPage,
              ),
              screen(
                paths.students.update.pattern,
                async () => (await import('../features/families/UpdateStudentPage')).UpdateStudentPage,
              ),
              screen(
                paths.vehicles.list,
                async () => (await import('../features/vehicles/VehicleListPage')).VehicleListPage,
              ),
              screen(
                paths.busRoutes.list,
                async () => (await import('../features/bus-routes/BusRouteListPage')).BusRouteListPage,
              ),
              screen(
                paths.busRoutes.details.pattern,
                async () => (await import('../features/bus-routes/BusRouteDetailsPage')).BusRouteDetailsPage,
              ),
              screen(
                paths.stops.list,
                async () => (await import('../features/stops/StopListPage')).StopListPage,
              ),
              screen(
                paths.schools.list,
                async () => (await import('../features/schools/SchoolListPage')).SchoolListPage,
              ),
              screen(
                paths.calendar,
                async () => (await import('../features/calendar/CalendarPage')).CalendarPage,
              ),
              screen(
                paths.assignments.list,
                async () => (await import('../features/assignments/AssignmentListPage')).AssignmentListPage,
              ),
              screen(
                paths.assignments.add,
                async () => (await import('../features/assignments/AddAssignmentPage')).AddAssignmentPage,
              ),
              screen(
                paths.assignments.details.pattern,
                async () =>
                  (await import('../features/assignments/AssignmentDetailsPage')).AssignmentDetailsPage,
              ),
              screen(
                paths.trips.list,
                async () => (await import('../features/trips/TripListPage')).TripListPage,
              ),
              screen(
                paths.trips.details.pattern,
                async () => (await import('../features/trips/TripDetailsPage')).TripDetailsPage,
              ),
            ],
          },
          screen('*', async () => (await import('../components/NotFoundPage')).NotFoundPage),
        ],
      },
    ],
  },
];
