import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { SsoProviderDialog } from './SsoProviderDialog';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    async (_url, init) =>
      new Response(
        JSON.stringify({
          success: true,
          type: 'success',
          data: { id: 'p-1', ...JSON.parse(String(init?.body)) },
        }),
        { status: 201, headers: { 'Content-Type': 'application/json' } },
      ),
  );
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

async function fillProvider(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Name on the Log In button/), 'District');
  await user.type(screen.getByLabelText(/Short name/), 'district');
  await user.type(screen.getByLabelText(/Issuer URL/), 'https://login.example.org');
  await user.type(screen.getByLabelText(/Client ID/), 'schoolride');
}

const fieldOf = (label: string) => screen.getByRole('textbox', { name: new RegExp(label) });

/** The role mapping edited in the provider's dialog (decision 077), checked by the shared schema beside its fields. */
describe('SsoProviderDialog role mapping', () => {
  it('puts each problem beside its field and saves nothing until they are fixed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SsoProviderDialog onClose={() => undefined} />);
    await fillProvider(user);
    await user.click(screen.getByRole('button', { name: 'Add a row' }));
    await user.click(screen.getByRole('button', { name: 'Add a row' }));
    await user.type(fieldOf('Claim value 1'), 'transport-office');
    await user.type(fieldOf('Claim value 2'), 'transport-office');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // No claim named for the rows; the second row repeats the first's value.
    expect(
      await screen.findByText('Name the claim whose values give the roles, such as groups'),
    ).toBeInTheDocument();
    expect(fieldOf('Role claim')).toHaveAccessibleDescription(/Name the claim/);
    expect(fieldOf('Claim value 2')).toHaveAccessibleDescription('This value already gives a role above');
    expect(fieldOf('Claim value 1')).not.toHaveAccessibleDescription(/already/);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(fieldOf('Role claim'), 'groups');
    await user.clear(fieldOf('Claim value 2'));
    await user.type(fieldOf('Claim value 2'), 'dispatch-desk');
    await user.click(screen.getByRole('combobox', { name: /Role 2/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Dispatcher' }));
    await user.click(screen.getByRole('combobox', { name: /Role 1/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Administrator' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/sso/providers');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      roleClaim: 'groups',
      roleMap: [
        { value: 'transport-office', role: 'admin' },
        { value: 'dispatch-desk', role: 'dispatcher' },
      ],
    });
  });

  it('removes a row', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <SsoProviderDialog
        provider={{
          id: 'p-1',
          slug: 'district',
          name: 'District',
          issuer: 'https://login.example.org',
          clientId: 'schoolride',
          hasSecret: true,
          roleClaim: 'groups',
          roleMap: [
            { value: 'office', role: 'admin' },
            { value: 'readers', role: 'viewer' },
          ],
          redirectUri: 'https://ride.example.org/api/auth/oidc/district/callback',
          postLogoutRedirectUri: 'https://ride.example.org/login',
        }}
        onClose={() => undefined}
      />,
    );
    expect(fieldOf('Claim value 2')).toHaveValue('readers');
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(fieldOf('Claim value 1')).toHaveValue('readers');
    expect(screen.queryByRole('textbox', { name: /Claim value 2/ })).toBeNull();
  });
});
