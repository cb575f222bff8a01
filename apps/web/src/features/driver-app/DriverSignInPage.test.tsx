// The signed-in driver app keeps its outbox in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPhoneApp } from '../../test/render-app';
import { NOT_A_DRIVER_MESSAGE, SESSION_EXPIRED_MESSAGE } from './DriverSignInPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function answerSignInAs(role: string) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/auth/login')) {
      return json({
        success: true,
        type: 'success',
        message: 'Signed in',
        token: 'new-token',
        user: { id: 'u1', name: 'Sam', email: 'sam@example.com', role },
      });
    }
    if (url.endsWith('/auth/logout')) return json({ success: true, type: 'success' });
    if (url.endsWith('/driver/today')) return json({ success: true, type: 'success', data: [] });
    return json({ success: true, type: 'success', data: null });
  });
}

async function signInAtDriver() {
  const user = userEvent.setup();
  renderPhoneApp('/driver');
  await screen.findByRole('heading', { level: 1, name: 'Driver sign in' });
  await user.type(screen.getByRole('textbox', { name: 'Email Address' }), 'sam@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'a password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => vi.restoreAllMocks());

describe('the driver app sign-in', () => {
  it('tells an office account that this is the driver app, and ends the new session', async () => {
    const fetchSpy = answerSignInAs('admin');
    await signInAtDriver();

    expect(await screen.findByText(NOT_A_DRIVER_MESSAGE, { exact: false })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the back-office' })).toHaveAttribute('href', '/login');
    expect(fetchSpy.mock.calls.some(([url]) => String(url).endsWith('/auth/logout'))).toBe(true);
    expect(localStorage.getItem('__driver_token__')).toBeNull();
  });

  it('takes a driver to today’s trips, keeping the session apart from the back-office’s', async () => {
    answerSignInAs('driver');
    await signInAtDriver();

    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    expect(await screen.findByText('You have no trips today.')).toBeVisible();
    expect(localStorage.getItem('__driver_token__')).toBe('new-token');
    expect(localStorage.getItem('__token__')).toBeNull();
  });

  it('sends a driver whose session the server refuses back to sign in, saying why', async () => {
    localStorage.setItem('__driver_token__', 'old-token');
    localStorage.setItem(
      '__driver_user__',
      JSON.stringify({ id: 'u1', name: 'Sam', email: 'sam@example.com', role: 'driver' }),
    );
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ success: false, type: 'error', message: 'Your session has expired.' }, 401),
    );
    renderPhoneApp('/driver');

    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Driver sign in' })).toBeVisible();
    expect(localStorage.getItem('__driver_token__')).toBeNull();
  });
});
