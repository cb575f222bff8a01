import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSession } from '../test/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('account routes', () => {
  it('leads from Log In to Forgot Password and back', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));

    expect(await heading('Forgot Password')).toBeInTheDocument();
    expect(
      screen.getByText("Enter your registered email and we'll send you reset instructions."),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Back to Log In' }));
    expect(await heading('Log In')).toBeInTheDocument();
  });

  it('opens the reset screen for a signed-in admin too, since the link may be for any account', async () => {
    storeSession('admin');
    renderApp(`/reset-password?token=${'A'.repeat(43)}`);
    expect(await heading('Reset Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toBeInTheDocument();
  });

  it('keeps a visitor out of the profile and the e-mail verification', async () => {
    renderApp('/email-verify');
    expect(await heading('Log In')).toBeInTheDocument();
  });

  it("opens the profile from the admin's name in the top bar", async () => {
    const user = userEvent.setup();
    storeSession('admin');
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Ada Admin' }));

    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });
});
