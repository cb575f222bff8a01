import type { Credential } from '@school-transport/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { CredentialsPanel } from './CredentialsPanel';

const fetchMock = vi.fn<typeof fetch>();
const licence: Credential = {
  id: 'c-1',
  kind: { id: 'k-1', name: 'Licence', blocks: true, warnDays: 30 },
  subject: 'DRIVER',
  holder: { id: 'd-1', name: 'Ravi' },
  number: 'DL-123',
  expiresOn: '2027-01-31',
  state: 'VALID',
  document: null,
  documentType: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ success: true, type: 'success', data: [licence] }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const holder = { subject: 'DRIVER', id: 'd-1', name: 'Ravi' } as const;

/** Credentials are records: every office role reads them, administrators add, renew and remove (decision 077). */
describe('CredentialsPanel by role', () => {
  it('gives an administrator add, renew and remove', async () => {
    renderWithProviders(<CredentialsPanel holder={holder} />);
    expect(await screen.findByText('DL-123')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add credential' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew Licence' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Licence' })).toBeInTheDocument();
  });

  it('shows a dispatcher and a viewer the credentials without a button', async () => {
    for (const role of ['dispatcher', 'viewer'] as const) {
      const view = renderWithProviders(<CredentialsPanel holder={holder} />, '/', role);
      expect(await screen.findByText('DL-123')).toBeInTheDocument();
      expect(screen.queryAllByRole('button')).toEqual([]);
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
      view.unmount();
    }
  });
});
