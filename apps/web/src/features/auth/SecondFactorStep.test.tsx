import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { SecondFactorStep } from './SecondFactorStep';

// The browser's WebAuthn prompt, which jsdom has not: a credential and an assertion as the browser would answer.
vi.mock('../../lib/device/passkey-browser', () => ({
  createPasskey: vi.fn(async () => ({ id: 'new-credential' })),
  assertPasskey: vi.fn(async () => ({ id: 'credential' })),
}));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const session = {
  success: true,
  type: 'success',
  message: 'Logged in',
  token: 'session-token',
  user: { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'admin' },
};

/** The server's answers by path, and each request's path and body. */
function serve(answers: Record<string, unknown>) {
  const sent: { path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return json(answers[path] ?? { success: true, type: 'success', data: {} });
  });
  return sent;
}

afterEach(() => vi.restoreAllMocks());

describe('SecondFactorStep', () => {
  it('signs in with a passkey when the account has only passkeys, without a code field', async () => {
    const sent = serve({
      '/auth/second-factor/passkey-options': {
        success: true,
        type: 'success',
        data: { options: { challenge: 'c' } },
      },
      '/auth/second-factor': session,
    });
    const done = vi.fn();
    renderWithProviders(
      <SecondFactorStep
        step={{ pendingToken: 'p'.repeat(30), next: 'code', totp: false, passkey: true }}
        done={done}
      />,
    );
    expect(await screen.findByText('Use your passkey to continue.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Authentication code/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a Passkey' }));
    await vi.waitFor(() =>
      expect(done).toHaveBeenCalledWith(expect.objectContaining({ token: 'session-token' })),
    );
    expect(sent.map((request) => request.path)).toEqual([
      '/auth/second-factor/passkey-options',
      '/auth/second-factor',
    ]);
    expect(sent[1]!.body).toEqual({ pendingToken: 'p'.repeat(30), passkey: { id: 'credential' } });
  });

  it('enrols a passkey when the operator requires a factor, shows the recovery codes, then signs in', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-2345${i}`);
    const sent = serve({
      '/auth/second-factor/enrol': {
        success: true,
        type: 'success',
        data: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/SchoolRide:ada?secret=JBSWY3DPEHPK3PXP',
        },
      },
      '/auth/second-factor/enrol/passkey-options': {
        success: true,
        type: 'success',
        data: { options: { challenge: 'c' } },
      },
      '/auth/second-factor/enrol/passkey': { ...session, recoveryCodes: codes },
    });
    const done = vi.fn();
    renderWithProviders(
      <SecondFactorStep
        step={{ pendingToken: 'p'.repeat(30), next: 'enrol', totp: false, passkey: false }}
        done={done}
      />,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Passkey Name' }), 'Laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Add Passkey' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(10);
    expect(done).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(done).toHaveBeenCalledWith(expect.objectContaining({ token: 'session-token' }));
    expect(sent.find((request) => request.path === '/auth/second-factor/enrol/passkey')!.body).toEqual({
      pendingToken: 'p'.repeat(30),
      label: 'Laptop',
      credential: { id: 'new-credential' },
    });
  });
});
