import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi, json, ok, PARENT_USER, setUpPortalTests } from './parent-test-kit';
import { en } from './english';
import { renderParent } from './render-parent';

const signedIn = (role: string) => () =>
  json({
    success: true,
    type: 'success',
    message: 'Signed in',
    token: 'new-token',
    user: { ...PARENT_USER, role },
  });

async function signInAtParent() {
  const user = userEvent.setup();
  renderParent('/parent');
  await screen.findByRole('heading', { level: 1, name: en('signIn.title.parent') });
  await user.type(screen.getByRole('textbox', { name: en('signIn.email') }), 'pat@example.com');
  await user.type(screen.getByLabelText(en('signIn.password')), 'a password');
  await user.click(screen.getByRole('button', { name: en('signIn.submit') }));
}

setUpPortalTests({ signedIn: false });

describe('the parent portal sign-in', () => {
  it('tells a driver that this is for parents, and ends the new session', async () => {
    const fetchSpy = answerApi({
      'POST /auth/login': signedIn('driver'),
      'POST /auth/logout': () => ok(null),
    });
    await signInAtParent();

    expect(await screen.findByText(en('signIn.wrongRole.parent'), { exact: false })).toBeVisible();
    expect(fetchSpy.mock.calls.some(([url]) => String(url).endsWith('/auth/logout'))).toBe(true);
    expect(localStorage.getItem('__parent_token__')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: en('signIn.title.parent') })).toBeVisible();
  });

  it('takes a parent to Today, keeping the session apart from the back-office’s and the driver app’s', async () => {
    answerApi({ 'POST /auth/login': signedIn('parent'), 'GET /parent/children': () => ok([]) });
    await signInAtParent();

    expect(await screen.findByRole('heading', { level: 1, name: en('today.title') })).toBeVisible();
    expect(await screen.findByText(en('today.noChildren'))).toBeVisible();
    expect(localStorage.getItem('__parent_token__')).toBe('new-token');
    expect(localStorage.getItem('__token__')).toBeNull();
    expect(localStorage.getItem('__driver_token__')).toBeNull();
  });

  it('sends a parent whose session the server refuses back to sign in', async () => {
    localStorage.setItem('__parent_token__', 'old-token');
    localStorage.setItem('__parent_user__', JSON.stringify(PARENT_USER));
    answerApi({
      'GET /parent/children': () =>
        json({ success: false, type: 'error', message: 'Your session has expired.' }, 401),
    });
    renderParent('/parent');

    expect(await screen.findByText(en('signIn.expired'))).toBeVisible();
    expect(localStorage.getItem('__parent_token__')).toBeNull();
  });
});
