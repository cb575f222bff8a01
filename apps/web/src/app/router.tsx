import { createBrowserRouter, RouterProvider } from 'react-router';
import { createAppRoutes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router. Making it matches the address and starts the opened screen's module and data (screen-data.ts),
 * which is most of the work of the page's first script (decision 080): main.tsx makes it in a task of its own.
 */
export const createAppRouter = (): AppRouter => createBrowserRouter(createAppRoutes());

export function AppRouterView({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
