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

/**
 * A screen at `path`, fetched on first visit: `load` imports its module, `page` names the page it exports. Named
 * rather than picked out by a function, which the bundler would turn into a copy of the import per screen, in the
 * first screen's download.
 */
const screen = <Page extends string>(
  path: string,
  load: () => Promise<Record<Page, ComponentType>>,
  page: Page,
): RouteObject => ({
  path,
  lazy: { Component: async () => (await load())[page] },
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
            () => import('../features/auth/ForgotPasswordPage'),
            'ForgotPasswordPage',
          ),
          screen(
            paths.resetPassword,
            () => import('../features/auth/ResetPasswordPage'),
            'ResetPasswordPage',
          ),
          {
            // Management screens. A visitor opening the dashboard's address is sent on to Log In.
            Component: RequireAdmin,
            children: [
              screen(paths.dashboard, () => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
              screen(paths.liveMap, () => import('../features/live/live-screens'), 'LiveMapPage'),
              screen(paths.today, () => import('../features/live/live-screens'), 'TodayBoardPage'),
              screen(paths.profile, () => import('../features/profile/ProfilePage'), 'ProfilePage'),
              screen(
                paths.emailVerify,
                () => import('../features/profile/EmailVerifyPage'),
                'EmailVerifyPage',
              ),
              screen(
                paths.staffUsers,
                () => import('../features/staff-users/StaffUserListPage'),
                'StaffUserListPage',
              ),
              screen(paths.audit, () => import('../features/audit/AuditLogPage'), 'AuditLogPage'),
              screen(
                paths.drivers.list,
                () => import('../features/drivers/DriverListPage'),
                'DriverListPage',
              ),
              screen(
                paths.drivers.details.pattern,
                () => import('../features/drivers/DriverDetailsPage'),
                'DriverDetailsPage',
              ),
              screen(
                paths.drivers.update.pattern,
                () => import('../features/drivers/UpdateDriverPage'),
                'UpdateDriverPage',
              ),
              screen(
                paths.parents.list,
                () => import('../features/families/ParentListPage'),
                'ParentListPage',
              ),
              screen(paths.parents.add, () => import('../features/families/AddParentPage'), 'AddParentPage'),
              screen(
                paths.parents.details.pattern,
                () => import('../features/families/ParentDetailsPage'),
                'ParentDetailsPage',
              ),
              screen(
                paths.parents.update.pattern,
                () => import('../features/families/UpdateParentPage'),
                'UpdateParentPage',
              ),
              screen(
                paths.students.list,
                () => import('../features/families/StudentListPage'),
                'StudentListPage',
              ),
              screen(
                paths.students.details.pattern,
                () => import('../features/families/StudentDetailsPage'),
                'StudentDetailsPage',
              ),
              screen(
                paths.students.update.pattern,
                () => import('../features/families/UpdateStudentPage'),
                'UpdateStudentPage',
              ),
              screen(
                paths.vehicles.list,
                () => import('../features/vehicles/VehicleListPage'),
                'VehicleListPage',
              ),
              screen(
                paths.vehicles.details.pattern,
                () => import('../features/vehicles/VehicleDetailsPage'),
                'VehicleDetailsPage',
              ),
              screen(
                paths.busRoutes.list,
                () => import('../features/bus-routes/BusRouteListPage'),
                'BusRouteListPage',
              ),
              screen(
                paths.busRoutes.details.pattern,
                () => import('../features/bus-routes/BusRouteDetailsPage'),
                'BusRouteDetailsPage',
              ),
              screen(paths.stops.list, () => import('../features/stops/StopListPage'), 'StopListPage'),
              screen(
                paths.schools.list,
                () => import('../features/schools/SchoolListPage'),
                'SchoolListPage',
              ),
              screen(paths.planner, () => import('../features/planner/PlannerPage'), 'PlannerPage'),
              screen(paths.calendar, () => import('../features/calendar/CalendarPage'), 'CalendarPage'),
              screen(
                paths.assignments.list,
                () => import('../features/assignments/AssignmentListPage'),
                'AssignmentListPage',
              ),
              screen(
                paths.assignments.add,
                () => import('../features/assignments/AddAssignmentPage'),
                'AddAssignmentPage',
              ),
              screen(
                paths.assignments.details.pattern,
                () => import('../features/assignments/AssignmentDetailsPage'),
                'AssignmentDetailsPage',
              ),
              screen(paths.trips.list, () => import('../features/trips/TripListPage'), 'TripListPage'),
              screen(
                paths.trips.details.pattern,
                () => import('../features/trips/TripDetailsPage'),
                'TripDetailsPage',
              ),
              screen(paths.reports.list, () => import('../features/reports/ReportsPage'), 'ReportsPage'),
              screen(
                paths.reports.manifest,
                () => import('../features/reports/ManifestPage'),
                'ManifestPage',
              ),
              screen(
                paths.compliance,
                () => import('../features/compliance/CompliancePage'),
                'CompliancePage',
              ),
              screen(
                paths.inspections,
                () => import('../features/inspections/InspectionsPage'),
                'InspectionsPage',
              ),
              screen(
                paths.dataTransfer,
                () => import('../features/data-transfer/DataTransferPage'),
                'DataTransferPage',
              ),
            ],
          },
          screen('*', () => import('../components/NotFoundPage'), 'NotFoundPage'),
        ],
      },
    ],
  },
];
