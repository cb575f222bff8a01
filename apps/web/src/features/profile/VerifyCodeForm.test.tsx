import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { SessionContext, type SessionContextValue } from '../../lib/session/session';
import { VerifyCodeForm } from './VerifyCodeForm';

const SIGNED_IN: SessionContextValue = {
  user: { id: 'u1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin', language: null },
  token: 'stored-token',
  role: 'admin',
  endedByServer: false,
  signIn: vi.fn(),
  updateUser: vi.fn(),
  signOut: vi.fn(),
};

function openForm() {
  const user = userEvent.setup();
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  renderWithProviders(
    <SessionContext.Provider value={SIGNED_IN}>
      <VerifyCodeForm pendingEmail="ada.new@example.com" />
    </SessionContext.Provider>,
  );
  return {
    user,
    fetchSpy,
    code: screen.getByRole('textbox', { name: /^Verification Code/ }),
    verify: () => user.click(screen.getByRole('button', { name: 'Verify' })),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('VerifyCodeForm', () => {
  it('says where the code went', () => {
    openForm();
    expect(screen.getByText(/Enter the 6-digit code we sent to your email address\./)).toHaveTextContent(
      'ada.new@example.com',
    );
  });

  it.each(['12345', '12a456', ' 1234 '])('refuses %s without asking the server', async (typed) => {
    const { user, fetchSpy, code, verify } = openForm();

    await user.type(code, typed);
    await verify();

    expect(code).toHaveAccessibleDescription('The code has 6 digits');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('takes no more than 6 characters', async () => {
    const { user, code } = openForm();
    await user.type(code, '1234567');
    expect(code).toHaveValue('123456');
  });

  it('asks for the code when none is typed', async () => {
    const { code, verify } = openForm();

    await verify();

    expect(code).toHaveAccessibleDescription('The code has 6 digits');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all the fields!');
  });
});
