import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { OfficeShell } from '../components/shell/OfficeShell';
import { RouteErrorPage } from './RouteErrorPage';
import { RequireAdmin, RequireVisitor } from '../features/auth/route-guards';
import { SessionProvider } from '../features/auth/SessionProvider';
import { paths } from '../lib/paths/paths';
import { prefetchPublicSettings } from '../lib/api/settings-api';
import { SessionLayout } from './layout/SessionLayout';
import { RESOURCES } from '../lib/api/resource-queries';
import { dashboard, listPage, record, screenDataRoute } from './screen-data';

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
 * A back-office screen: while it downloads, the settings the signed-in chrome waits for (the operator's locale) are
 * asked for too, rather than once the chrome has drawn, and so is the screen's own data (`data`, screen-data.ts).
 */
const managementScreen = <Page extends string>(
  path: string,
  load: () => Promise<Record<Page, ComponentType>>,
  page: Page,
  data?: Parameters<typeof screenDataRoute>[0],
): RouteObject => ({
  ...screen(
    path,
    () => {
      prefetchPublicSettings();
      return load();
    },
    page,
  ),
  ...(data && screenDataRoute(data)),
});

/**
 * Every screen is fetched on first visit (`lazy`), so the first download holds only the shell.
 * A router takes over the route objects it is given (it resolves their `lazy` parts in place), hence a fresh set
 * per router.
 */
export const createAppRoutes = (): RouteObject[] => [
  {
    Component: SessionRoot,
    // Until the first screen's code is there, the page's own shell stays drawn (OfficeShell).
    HydrateFallback: OfficeShell,
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
              managementScreen(
                paths.dashboard,
                () => import('../features/dashboard/DashboardPage'),
                'DashboardPage',
                dashboard,
              ),
              managementScreen(paths.liveMap, () => import('../features/live/live-screens'), 'LiveMapPage'),
              managementScreen(paths.today, () => import('../features/live/live-screens'), 'TodayBoardPage'),
              managementScreen(paths.profile, () => import('../features/profile/ProfilePage'), 'ProfilePage'),
              managementScreen(
                paths.emailVerify,
                () => import('../features/profile/EmailVerifyPage'),
                'EmailVerifyPage',
              ),
              managementScreen(
                paths.staffUsers,
                () => import('../features/staff-users/StaffUserListPage'),
                'StaffUserListPage',
                listPage(RESOURCES.staffUsers),
              ),
              managementScreen(
                paths.singleSignOn,
                () => import('../features/single-sign-on/SingleSignOnPage'),
                'SingleSignOnPage',
              ),
              managementScreen(
                paths.mySchools,
                () => import('../features/my-schools/MySchoolsPage'),
                'MySchoolsPage',
              ),
              managementScreen(
                paths.audit,
                () => import('../features/audit/AuditLogPage'),
                'AuditLogPage',
                listPage(RESOURCES.audit),
              ),
              managementScreen(
                paths.drivers.list,
                () => import('../features/drivers/DriverListPage'),
                'DriverListPage',
                listPage(RESOURCES.drivers),
              ),
              managementScreen(
                paths.drivers.details.pattern,
                () => import('../features/drivers/DriverDetailsPage'),
                'DriverDetailsPage',
                record(RESOURCES.drivers),
              ),
              managementScreen(
                paths.drivers.update.pattern,
                () => import('../features/drivers/UpdateDriverPage'),
                'UpdateDriverPage',
                record(RESOURCES.drivers),
              ),
              managementScreen(
                paths.parents.list,
                () => import('../features/families/ParentListPage'),
                'ParentListPage',
                listPage(RESOURCES.parents),
              ),
              managementScreen(
                paths.parents.add,
                () => import('../features/families/AddParentPage'),
                'AddParentPage',
              ),
              managementScreen(
                paths.parents.details.pattern,
                () => import('../features/families/ParentDetailsPage'),
                'ParentDetailsPage',
                record(RESOURCES.parents),
              ),
              managementScreen(
                paths.parents.update.pattern,
                () => import('../features/families/UpdateParentPage'),
                'UpdateParentPage',
                record(RESOURCES.parents),
              ),
              managementScreen(
                paths.students.list,
                () => import('../features/families/StudentListPage'),
                'StudentListPage',
                listPage(RESOURCES.students),
              ),
              managementScreen(
                paths.students.details.pattern,
                () => import('../features/families/StudentDetailsPage'),
                'StudentDetailsPage',
                record(RESOURCES.students),
              ),
              managementScreen(
                paths.students.update.pattern,
                () => import('../features/families/UpdateStudentPage'),
                'UpdateStudentPage',
                record(RESOURCES.students),
              ),
              managementScreen(
                paths.vehicles.list,
                () => import('../features/vehicles/VehicleListPage'),
                'VehicleListPage',
                listPage(RESOURCES.vehicles),
              ),
              managementScreen(
                paths.vehicles.details.pattern,
                () => import('../features/vehicles/VehicleDetailsPage'),
                'VehicleDetailsPage',
                record(RESOURCES.vehicles),
              ),
              managementScreen(
                paths.busRoutes.list,
                () => import('../features/bus-routes/BusRouteListPage'),
                'BusRouteListPage',
                listPage(RESOURCES.busRoutes),
              ),
              managementScreen(
                paths.busRoutes.details.pattern,
                () => import('../features/bus-routes/BusRouteDetailsPage'),
                'BusRouteDetailsPage',
                record(RESOURCES.busRoutes),
              ),
              managementScreen(
                paths.stops.list,
                () => import('../features/stops/StopListPage'),
                'StopListPage',
                listPage(RESOURCES.stops),
              ),
              managementScreen(
                paths.schools.list,
                () => import('../features/schools/SchoolListPage'),
                'SchoolListPage',
                listPage(RESOURCES.schools),
              ),
              managementScreen(paths.planner, () => import('../features/planner/PlannerPage'), 'PlannerPage'),
              managementScreen(
                paths.calendar,
                () => import('../features/calendar/CalendarPage'),
                'CalendarPage',
              ),
              managementScreen(
                paths.assignments.list,
                () => import('../features/assignments/AssignmentListPage'),
                'AssignmentListPage',
                listPage(RESOURCES.assignments),
              ),
              managementScreen(
                paths.assignments.add,
                () => import('../features/assignments/AddAssignmentPage'),
                'AddAssignmentPage',
              ),
              managementScreen(
                paths.assignments.details.pattern,
                () => import('../features/assignments/AssignmentDetailsPage'),
                'AssignmentDetailsPage',
                record(RESOURCES.assignments),
              ),
              managementScreen(
                paths.trips.list,
                () => import('../features/trips/TripListPage'),
                'TripListPage',
                listPage(RESOURCES.trips),
              ),
              managementScreen(
                paths.trips.details.pattern,
                () => import('../features/trips/TripDetailsPage'),
                'TripDetailsPage',
                record(RESOURCES.trips),
              ),
              managementScreen(paths.covers, () => import('../features/covers/CoversPage'), 'CoversPage'),
              managementScreen(
                paths.fieldTrips,
                () => import('../features/field-trips/FieldTripsPage'),
                'FieldTripsPage',
              ),
              managementScreen(
                paths.fieldTripRates,
                () => import('../features/field-trips/RatesPage'),
                'RatesPage',
              ),
              managementScreen(
                paths.fieldTripInvoices,
                () => import('../features/field-trips/InvoicesPage'),
                'InvoicesPage',
              ),
              managementScreen(
                paths.familyMessages,
                () => import('../features/family-messages/FamilyMessagesPage'),
                'FamilyMessagesPage',
              ),
              managementScreen(
                paths.messageTemplates,
                () => import('../features/family-messages/MessageTemplateListPage'),
                'MessageTemplateListPage',
              ),
              managementScreen(
                paths.reports.list,
                () => import('../features/reports/ReportsPage'),
                'ReportsPage',
              ),
              managementScreen(
                paths.reports.manifest,
                () => import('../features/reports/ManifestPage'),
                'ManifestPage',
              ),
              managementScreen(
                paths.compliance,
                () => import('../features/compliance/CompliancePage'),
                'CompliancePage',
              ),
              managementScreen(
                paths.stopChanges,
                () => import('../features/stop-changes/StopChangesPage'),
                'StopChangesPage',
              ),
              managementScreen(
                paths.planChanges,
                () => import('../features/plan-changes/PlanChangesPage'),
                'PlanChangesPage',
              ),
              managementScreen(
                paths.addressReview,
                () => import('../features/address-review/AddressReviewPage'),
                'AddressReviewPage',
              ),
              managementScreen(
                paths.familyInbox,
                () => import('../features/family-inbox/FamilyInboxPage'),
                'FamilyInboxPage',
              ),
              managementScreen(
                paths.guardianRequests,
                () => import('../features/families/GuardianRequestsPage'),
                'GuardianRequestsPage',
              ),
              managementScreen(
                paths.inspections,
                () => import('../features/inspections/InspectionsPage'),
                'InspectionsPage',
              ),
              managementScreen(
                paths.driversHours,
                () => import('../features/drivers-hours/DriversHoursPage'),
                'DriversHoursPage',
              ),
              managementScreen(
                paths.dataTransfer,
                () => import('../features/data-transfer/DataTransferPage'),
                'DataTransferPage',
              ),
              managementScreen(
                paths.rosterSync,
                () => import('../features/roster-sync/RosterSyncPage'),
                'RosterSyncPage',
              ),
            ],
          },
          screen('*', () => import('../components/shell/NotFoundPage'), 'NotFoundPage'),
        ],
      },
    ],
  },
];
