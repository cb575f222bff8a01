import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

async function openLogIn() {
  renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Log In' });
  return {
    email: screen.getByRole('textbox', { name: 'Email Address' }),
    password: screen.getByLabelText(/^Password/),
    logIn: screen.getByRole('button', { name: 'Log In' }),
  };
}

describe('LoginPage', () => {
  it('offers the two required fields, typed for email and password', async () => {
    const { email, password } = await openLogIn();

    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
  });

  it('says under each field that it is required when the form is sent empty', async () => {
    const user = userEvent.setup();
    const { email, password, logIn } = await openLogIn();

    await user.click(logIn);

    // The schema is fetched at the first validation (login-resolver.ts), so the messages come a moment later.
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email Address is required'));
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('rejects an email address that is not one, and clears the message once it is fixed', async () => {
    const user = userEvent.setup();
    const { email, password, logIn } = await openLogIn();

    await user.type(email, 'not-an-email');
    await user.type(password, 'a password');
    await user.click(logIn);

    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(password).not.toHaveAccessibleDescription();

    await user.clear(email);
    await user.type(email, 'ada@example.com');
    expect(email).not.toHaveAccessibleDescription();
  });
});
