import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/api/query-client';
import { driverCatalogue } from '../phone/driver/driver-catalogue';
import { I18nProvider, type PhoneApp } from '../phone/i18n';
import { parentCatalogue } from '../phone/parent/parent-catalogue';
import { Toaster } from '../phone/kit';

/**
 * One phone screen or component with what the phone shell gives it (a query client, its words in `language`,
 * toasts) and a router at `path`; the app's session context, where the screen reads one, is the caller's to wrap.
 */
export function renderPhone(
  element: ReactElement,
  { app, path = '/', language = 'en' }: { app: PhoneApp; path?: string; language?: string },
) {
  localStorage.setItem('schoolride-language', language);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider catalogue={app === 'driver' ? driverCatalogue : parentCatalogue}>
        <Toaster>
          <RouterProvider router={router} />
        </Toaster>
      </I18nProvider>
    </QueryClientProvider>,
  );
}
