import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { setAppLanguage } from '../../lib/api/api-client';
import { appSessionContext, appSessionStore } from '../../lib/session/app-session';
import { parentCatalogue } from '../parent/parent-catalogue';
import { PhoneShell } from './PhoneShell';

const store = appSessionStore('password-test', 'parent');
const { Context } = appSessionContext('the password test');
const TOKEN = 'a'.repeat(43);

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderAt(url: string) {
  window.history.pushState({}, '', url);
  return render(
    <PhoneShell
      catalogue={parentCatalogue}
      store={store}
      sessionContext={Context}
      hooks={{ forgetLocal: () => undefined }}
      paths={{ signIn: '/parent/sign-in', home: '/parent' }}
      signedIn={() => <p>Signed in</p>}
    />,
  );
}

/** The calls made to one API path, with their bodies and headers. */
const callsTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url === `/api${path}`)
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as unknown,
      headers: init?.headers as Record<string, string>,
    }));

beforeEach(() => {
  fetchMock.mockImplementation(async () => json(503, {}));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setAppLanguage(null);
  localStorage.clear();
});

test('sign-in leads to the app’s own forgot-password page, which asks for the link in the phone’s language', async () => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es']);
  renderAt('/parent/sign-in');
  await userEvent.click(await screen.findByRole('link', { name: '¿Olvidó su contraseña?' }));
  expect(window.location.pathname).toBe('/parent/forgot-password');
  expect(await screen.findByRole('heading', { level: 1, name: '¿Olvidó su contraseña?' })).toBeVisible();

  // The office's schema checks it first, in the phone's words.
  await userEvent.click(screen.getByRole('button', { name: 'Enviar el enlace' }));
  expect(await screen.findByText('Rellene este campo.')).toBeVisible();
  await userEvent.type(screen.getByLabelText('Correo electrónico'), 'not an address');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar el enlace' }));
  expect(await screen.findByText('Escriba un correo electrónico válido.')).toBeVisible();
  expect(callsTo('/auth/forgot-password')).toEqual([]);

  fetchMock.mockImplementation(async (url) =>
    url === '/api/auth/forgot-password' ? json(200, { success: true, type: 'success' }) : json(503, {}),
  );
  await userEvent.clear(screen.getByLabelText('Correo electrónico'));
  await userEvent.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar el enlace' }));
  expect(await screen.findByText(/le hemos enviado un enlace/)).toBeVisible();
  const [sent] = callsTo('/auth/forgot-password');
  expect(sent?.body).toEqual({ email: 'ana@example.com' });
  expect(sent?.headers['X-App-Language']).toBe('es');
});

test('the reset page sets the password with the mailed token, then signs in with a notice', async () => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en']);
  fetchMock.mockImplementation(async (url) =>
    url === '/api/auth/reset-password' ? json(200, { success: true, type: 'success' }) : json(503, {}),
  );
  renderAt(`/parent/reset-password?token=${TOKEN}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await userEvent.type(screen.getByLabelText('New Password'), 'a new passphrase');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'another one');
  await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
  expect(await screen.findByText('The two passwords are not the same.')).toBeVisible();
  expect(callsTo('/auth/reset-password')).toEqual([]);

  await userEvent.clear(screen.getByLabelText('Confirm Password'));
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'a new passphrase');
  await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
  expect(await screen.findByText('Your password has been changed. Sign in with the new one.')).toBeVisible();
  expect(window.location.pathname).toBe('/parent/sign-in');
  expect(callsTo('/auth/reset-password')[0]?.body).toEqual({
    token: TOKEN,
    password: 'a new passphrase',
    confirmPassword: 'a new passphrase',
  });
});

test('a spent link shows the server’s refusal and the way to a new link; an incomplete one says so at once', async () => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar']);
  const refusal = 'انتهت صلاحية هذا الرابط أو استُخدم من قبل. اطلب رابطًا جديدًا.';
  fetchMock.mockImplementation(async (url) =>
    url === '/api/auth/reset-password'
      ? json(400, { success: false, type: 'error', message: refusal, code: 'refusal.linkInvalid' })
      : json(503, {}),
  );
  const { unmount } = renderAt(`/parent/reset-password?token=${TOKEN}`);
  const password = await screen.findByLabelText('كلمة المرور الجديدة');
  await userEvent.type(password, 'a new passphrase');
  await userEvent.type(screen.getByLabelText('تأكيد كلمة المرور'), 'a new passphrase');
  await userEvent.click(screen.getByRole('button', { name: 'احفظ كلمة المرور الجديدة' }));
  expect(await screen.findByText(refusal, { exact: false })).toBeVisible();
  expect(screen.getByRole('link', { name: 'اطلب رابطًا جديدًا' })).toHaveAttribute(
    'href',
    '/parent/forgot-password',
  );
  unmount();

  renderAt('/parent/reset-password?token=short');
  expect(await screen.findByText(/هذا الرابط غير مكتمل/)).toBeVisible();
  expect(screen.queryByRole('button', { name: 'احفظ كلمة المرور الجديدة' })).toBeNull();
});
