import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createAppRoutes } from '../app/routes';
import type { StaffRole } from '@school-transport/shared';
import { createQueryClient } from '../lib/api/query-client';
import { SessionContext, type SessionContextValue } from '../lib/session/session';

/** The whole app (real routes, providers and lazy screens) opened at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** The app's providers (toasts, theme) around a hook or component under test. */
export const withAppProviders = ({ children }: { children: ReactNode }) => (
  <AppProviders>{children}</AppProviders>
);

export function storeSession(role: string, name = 'Ada Admin') {
  localStorage.setItem('__token__', 'stored-token');
  localStorage.setItem(
    '__user__identity__',
    JSON.stringify({ id: 'u1', name, email: 'ada@example.com', role }),
  );
}

/** A signed-in staff user's session, as SessionProvider gives it (no storage, no server). */
export const signedInAs = (role: StaffRole): SessionContextValue => ({
  user: { id: 'u1', name: 'Ada Admin', email: 'ada@example.com', role, language: null },
  token: 'stored-token',
  role,
  endedByServer: false,
  signIn: () => undefined,
  updateUser: () => undefined,
  signOut: async () => undefined,
});

/**
 * One component inside the app's providers (toasts, theme), the session of a signed-in `role` (an administrator's
 * by default: what a screen shows depends on the role, decision 069), the query client a signed-in screen gets
 * from AdminRoot, and a router at `path`.
 */
export function renderWithProviders(element: ReactElement, path = '/', role: StaffRole = 'admin') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <AppProviders>
      <SessionContext.Provider value={signedInAs(role)}>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SessionContext.Provider>
    </AppProviders>,
  );
}
