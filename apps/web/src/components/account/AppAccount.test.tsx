import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Driver, InvitedAccountState, Parent } from '@school-transport/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { AppAccount } from './AppAccount';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const parentWith = (account: InvitedAccountState): Parent => ({
  id: 'p1',
  user: { id: 'u1', name: 'Meera Rao', email: 'meera@example.com' },
  phone: '+91 98450 12345',
  alternativePhone: '080 2345 6789',
  address: '14 Lake View Road',
  city: null,
  state: 'Karnataka',
  pinCode: '560001',
  profileImage: null,
  childrenCount: 1,
  account,
  deactivatedAt: null,
  createdAt: '2026-03-01T08:00:00.000Z',
});

const requested = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`);

describe('AppAccount of a parent', () => {
  it('invites a parent without an account, with a toast and the time it went', async () => {
    const user = userEvent.setup();
    const message = 'Invitation to the parent portal sent to meera@example.com.';
    fetchMock.mockResolvedValue(
      answer(200, {
        success: true,
        type: 'success',
        message,
        data: {
          email: 'meera@example.com',
          sentAt: '2026-03-02T08:00:00.000Z',
          expiresAt: '2026-03-05T08:00:00.000Z',
        },
      }),
    );
    renderWithProviders(<AppAccount kind="parent" record={parentWith('none')} />);
    expect(screen.getByText('No account')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Invite to the parent portal' }));

    expect(requested()).toEqual(['POST /api/parents/p1/invite']);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(/^Invitation sent to meera@example.com at/)).toBeInTheDocument();
  });

  it('offers to send the invitation again, and shows a refusal next to the button', async () => {
    const user = userEvent.setup();
    const refusal = 'This parent already has an account: they sign in with their own password.';
    fetchMock.mockResolvedValue(answer(409, { success: false, type: 'error', message: refusal }));
    renderWithProviders(<AppAccount kind="parent" record={parentWith('invited')} />);
    expect(screen.getByText('Invited')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send the invitation again' }));

    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(refusal),
    );
    expect(screen.queryByText(/^Invitation sent to/)).not.toBeInTheDocument();
  });

  it('disables an active account only once the office confirms', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      answer(200, { success: true, type: 'success', message: 'Disabled.', data: { account: 'disabled' } }),
    );
    renderWithProviders(<AppAccount kind="parent" record={parentWith('active')} />);
    expect(screen.queryByRole('button', { name: /invit/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable this account?' });
    expect(dialog).toHaveAccessibleDescription(
      'Meera Rao is signed out at once and cannot sign in to the parent portal until the account is enabled again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(requested()).toEqual(['POST /api/parents/p1/disable']));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('enables a disabled account, and keeps the dialog open when that fails', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      answer(500, { success: false, type: 'error', message: 'The server failed.' }),
    );
    renderWithProviders(<AppAccount kind="parent" record={parentWith('disabled')} />);
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /invit/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enable account' }));
    const dialog = screen.getByRole('dialog', { name: 'Enable this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));

    await waitFor(() => expect(requested()).toEqual(['POST /api/parents/p1/enable']));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Enable' })).toBeEnabled());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getAllByText('The server failed.').length).toBeGreaterThan(0);
  });
});

const driver: Driver = {
  id: 'd1',
  user: { id: 'u2', name: 'Ravi Kumar', email: 'ravi@example.com' },
  phone: '+91 98450 54321',
  alternativePhone: null,
  licenseNo: 'KA-01-2020-0001',
  address: null,
  profileImage: null,
  account: 'none',
  assignment: null,
  createdAt: '2026-03-01T08:00:00.000Z',
};

describe('AppAccount of a driver', () => {
  it('invites the driver to the driver app', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          success: true,
          type: 'success',
          message: 'Invitation to the driver app sent to ravi@example.com.',
          data: {
            email: 'ravi@example.com',
            sentAt: '2026-03-02T08:00:00.000Z',
            expiresAt: '2026-03-05T08:00:00.000Z',
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    renderWithProviders(<AppAccount kind="driver" record={driver} />);
    expect(
      screen.getByText('Not invited yet: the driver cannot sign in to the driver app.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Invite to the driver app' }));

    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'POST /api/drivers/d1/invite',
    ]);
    expect(
      await screen.findByText('Invitation to the driver app sent to ravi@example.com.'),
    ).toBeInTheDocument();
  });
});

describe('disabling a driver', () => {
  it('says the assignment stays, and disables only once the office confirms', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      answer(200, { success: true, type: 'success', message: 'Disabled.', data: { account: 'disabled' } }),
    );
    renderWithProviders(<AppAccount kind="driver" record={{ ...driver, account: 'active' }} />);

    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable this account?' });
    expect(dialog).toHaveAccessibleDescription(
      'Ravi Kumar is signed out at once and cannot sign in to the driver app until the account is enabled again. Their route assignment stays: give the route another driver if it is to run meanwhile.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(requested()).toEqual(['POST /api/drivers/d1/disable']));
  });

  it('enables a disabled driver', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      answer(200, { success: true, type: 'success', message: 'Enabled.', data: { account: 'active' } }),
    );
    renderWithProviders(<AppAccount kind="driver" record={{ ...driver, account: 'disabled' }} />);
    expect(screen.getByText('The account is disabled: the driver cannot sign in.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enable account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(requested()).toEqual(['POST /api/drivers/d1/enable']));
  });
});
