import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { RequireAdmin, RequireVisitor } from '../features/auth/route-guards';
import { SessionProvider } from '../features/auth/SessionProvider';
import { SessionLayout } from './layout/SessionLayout';

function SessionRoot() {
  return (
    <SessionProvider>
      <SessionLayout />
    </SessionProvider>
  );
}

/**
 * Every screen is fetched on first visit (`lazy`), so the first download holds only the shell.
 * A router takes over the route objects it is given (it resolves their `lazy` parts in place), hence a fresh set
 * per router.
 */
export const createAppRoutes = (): RouteObject[] => [
  {
    Component: SessionRoot,
    HydrateFallback: PageLoader,
    children: [
      {
        // A screen that fails keeps the drawer and top bar around its error message.
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            path: 'login',
            Component: RequireVisitor,
            children: [
              {
                index: true,
                lazy: { Component: async () => (await import('../features/auth/LoginPage')).LoginPage },
              },
            ],
          },
          {
            // Reached from mailed links, which work whether or not someone is signed in on this browser.
            path: 'forgot-password',
            lazy: {
              Component: async () => (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage,
            },
          },
          {
            path: 'reset-password',
            lazy: {
              Component: async () => (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage,
            },
          },
          {
            // Management screens. A visitor opening / is sent on to Log In, which the spec shows at / and /login.
            Component: RequireAdmin,
            children: [
              {
                index: true,
                lazy: {
                  Component: async () => (await import('../features/dashboard/DashboardPage')).DashboardPage,
                },
              },
              {
                path: 'profile',
                lazy: {
                  Component: async () => (await import('../features/profile/ProfilePage')).ProfilePage,
                },
              },
              {
                path: 'email-verify',
                lazy: {
                  Component: async () =>
                    (await import('../features/profile/EmailVerifyPage')).EmailVerifyPage,
                },
              },
              {
                path: 'staff-users',
                lazy: {
                  Component: async () =>
                    (await import('../features/staff-users/StaffUserListPage')).StaffUserListPage,
                },
              },
              {
                path: 'audit-log',
                lazy: {
                  Component: async () => (await import('../features/audit-log/AuditLogPage')).AuditLogPage,
                },
              },
              {
                path: 'all-drivers',
                lazy: {
                  Component: async () => (await import('../features/drivers/DriverListPage')).DriverListPage,
                },
              },
              {
                path: 'driver-details/:id',
                lazy: {
                  Component: async () =>
                    (await import('../features/drivers/DriverDetailsPage')).DriverDetailsPage,
                },
              },
              {
                path: 'update-driver-details/:id',
                lazy: {
                  Component: async () =>
                    (await import('../features/drivers/UpdateDriverPage')).UpdateDriverPage,
                },
              },
              {
                path: 'all-parents',
                lazy: {
                  Component: async () => (await import('../features/parents/ParentListPage')).ParentListPage,
                },
              },
              {
                path: 'add-parent',
                lazy: {
                  Component: async () => (await import('../features/parents/AddParentPage')).AddParentPage,
                },
              },
              {
                path: 'parent-details/:id',
                lazy: {
                  Component: async () =>
                    (await import('../features/parents/ParentDetailsPage')).ParentDetailsPage,
                },
              },
              {
                path: 'update-parent/:id',
                lazy: {
                  Component: async () =>
                    (await import('../features/parents/UpdateParentPage')).UpdateParentPage,
                },
              },
              {
                path: 'all-students',
                lazy: {
                  Component: async () =>
                    (await import('../features/students/StudentListPage')).StudentListPage,
                },
              },
              {
                path: 'student-details/:id',
                lazy: {
                  Component: async () =>
                    (await import('../features/students/StudentDetailsPage')).StudentDetailsPage,
                },
              },
              {
                path: 'update-student/:id',
                lazy: {
                  Component: async () =>
                    (await import('../features/students/UpdateStudentPage')).UpdateStudentPage,
                },
              },
              {
                path: 'all-vehicles',
                lazy: {
                  Component: async () =>
                    (await import('../features/vehicles/VehicleListPage')).VehicleListPage,
                },
              },
              {
                path: 'all-routes',
                lazy: {
                  Component: async () => (await import('../features/routes/RouteListPage')).RouteListPage,
                },
              },
              {
                path: 'all-assignments',
                lazy: {
                  Component: async () =>
                    (await import('../features/assignments/AssignmentListPage')).AssignmentListPage,
                },
              },
              {
                path: 'add-assignments',
                lazy: {
                  Component: async () =>
                    (await import('../features/assignments/AddAssignmentPage')).AddAssignmentPage,
                },
              },
              {
                path: 'assignment-details/:id',
                lazy: {
                  Component: async () =>
                    (await import('../features/assignments/AssignmentDetailsPage')).AssignmentDetailsPage,
                },
              },
              {
                path: 'all-trips',
                lazy: {
                  Component: async () => (await import('../features/trips/TripListPage')).TripListPage,
                },
              },
              {
                path: 'trip-details/:id',
                lazy: {
                  Component: async () => (await import('../features/trips/TripDetailsPage')).TripDetailsPage,
                },
              },
            ],
          },
          {
            path: '*',
            lazy: { Component: async () => (await import('../components/NotFoundPage')).NotFoundPage },
          },
        ],
      },
    ],
  },
];
