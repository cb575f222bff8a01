import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

/** The shape of a mailed token (256 bits, base64url); whether it still works is the server's to say. */
const TOKEN = 'A'.repeat(43);

async function openResetPassword(address = `/reset-password?token=${TOKEN}`) {
  renderApp(address);
  await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
}

function passwordForm() {
  return {
    password: screen.getByLabelText(/^New Password/),
    confirm: screen.getByLabelText(/^Confirm Password/),
    update: screen.getByRole('button', { name: 'Update Password' }),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('ResetPasswordPage', () => {
  it("loads the phone app's own sign-in page once an app invitation's password is set", async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      sent.push(new URL(String(input), 'http://localhost').pathname);
      return new Response(JSON.stringify({ success: true, type: 'success', message: 'Password updated.' }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    // jsdom's location cannot be navigated; a stand-in records where the page would go.
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    await openResetPassword(`/reset-password?token=${TOKEN}&app=parent`);
    const { password, confirm, update } = passwordForm();

    await user.type(password, 'a long enough password');
    await user.type(confirm, 'a long enough password');
    await user.click(update);

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/parent/sign-in'));
    expect(sent).toContain('/api/auth/reset-password');
  });

  it('asks for at least 8 characters before anything is sent', async () => {
    const user = userEvent.setup();
    await openResetPassword();
    const { password, confirm, update } = passwordForm();

    await user.type(password, 'short');
    await user.type(confirm, 'short');
    await user.click(update);

    expect(password).toHaveAccessibleDescription('Use at least 8 characters');
    expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  it('says under the confirmation when the two passwords differ', async () => {
    const user = userEvent.setup();
    await openResetPassword();
    const { password, confirm, update } = passwordForm();

    await user.type(password, 'a long enough password');
    await user.type(confirm, 'another long password');
    await user.click(update);

    expect(confirm).toHaveAccessibleDescription('The passwords do not match');
    expect(password).toHaveAccessibleDescription('At least 8 characters (12 for administrators)');
  });

  it('explains a link without its token and offers a new one instead of the form', async () => {
    await openResetPassword('/reset-password');

    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByRole('button', { name: 'Update Password' })).not.toBeInTheDocument();
  });

  it('treats a cut-off token like a missing one', async () => {
    await openResetPassword('/reset-password?token=abc');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
  });
});
