import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createAppRoutes } from '../app/routes';

/** The whole app (real routes, providers and lazy screens) opened at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

export function storeSession(role: string, name = 'Ada Admin') {
  localStorage.setItem('__token__', 'stored-token');
  localStorage.setItem(
    '__user__identity__',
    JSON.stringify({ id: 'u1', name, email: 'ada@example.com', role }),
  );
}
