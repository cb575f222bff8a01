import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { appSessionContext, appSessionStore } from '../../lib/session/app-session';
import { driverCatalogue } from '../driver/driver-catalogue';
import { PhoneShell } from './PhoneShell';

const store = appSessionStore('shell-test', 'driver');
const { Context } = appSessionContext('the shell test');

function renderShell() {
  window.history.pushState({}, '', '/driver/sign-in');
  return render(
    <PhoneShell
      catalogue={driverCatalogue}
      store={store}
      sessionContext={Context}
      hooks={{ forgetLocal: () => undefined }}
      paths={{ signIn: '/driver/sign-in', home: '/driver' }}
      signedIn={() => <p>Signed in</p>}
    />,
  );
}

beforeEach(() => {
  // No server here: /api/settings fails and the browser's time zone stands in.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('dir');
});

test('the sign-in screen follows the browser’s language, and a chosen language mirrors the page', async () => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX', 'en']);
  renderShell();
  expect(await screen.findByRole('heading', { level: 1, name: 'Acceso de conductores' })).toBeVisible();
  expect(document.documentElement.lang).toBe('es');

  const picker = screen.getByRole('combobox', { name: 'Idioma' });
  expect(within(picker).getByRole('option', { name: 'العربية' })).toBeInTheDocument();
  await userEvent.selectOptions(picker, 'ar');
  expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل دخول السائق' })).toBeVisible();
  expect(document.documentElement.dir).toBe('rtl');
  // Kept on this phone for the next visit, before anyone signs in.
  expect(localStorage.getItem('schoolride-language')).toBe('ar');
});

test('without a choice, an English browser gets English, left to right', async () => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
  renderShell();
  expect(await screen.findByRole('heading', { level: 1, name: 'Driver sign in' })).toBeVisible();
  expect(document.documentElement.dir).toBe('ltr');
});
