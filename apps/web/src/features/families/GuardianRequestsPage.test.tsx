import type { GuardianRequest } from '@school-transport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { GuardianRequestsPage } from './GuardianRequestsPage';

const request: GuardianRequest = {
  id: 'g1',
  studentId: 's1',
  studentName: 'Asha Rao',
  name: 'Kamala Rao',
  email: 'kamala@example.com',
  phone: '+91 98450 55555',
  relation: 'GRANDPARENT',
  state: 'REQUESTED',
  reason: null,
  requestedByName: 'Meera Rao',
  requestedAt: '2026-03-02T07:00:00.000Z',
  decidedAt: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, type: 'success', data });
const refused = (status: number, message: string, errors?: unknown) =>
  json(status, { success: false, type: 'error', message, errors });

/** The server: one pending request, none in the other states, and the decisions answered by `decide`. */
function serve(decide: (url: string, body: unknown) => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/settings')) return ok({ mapTileUrl: '', mapAttribution: '', timeZone: 'UTC' });
    if (url.includes('/api/guardian-requests?state=REQUESTED')) return ok([request]);
    if (url.includes('/api/guardian-requests?state=')) return ok([]);
    if (init?.method === 'POST') return decide(url, init.body ? JSON.parse(String(init.body)) : undefined);
    return refused(404, 'Not found');
  });
}

afterEach(() => vi.restoreAllMocks());

describe('GuardianRequestsPage', () => {
  it('lists a pending request with the child, the person asked for, their relation and who asked', async () => {
    serve(() => refused(500, 'no'));
    renderWithProviders(<GuardianRequestsPage />, '/guardian-requests');
    const card = await screen.findByRole('listitem', { name: 'Guardian request for Asha Rao' });
    expect(card).toHaveTextContent('Kamala Rao · Grandparent');
    expect(card).toHaveTextContent('kamala@example.com');
    expect(card).toHaveTextContent('Asked by Meera Rao');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Declined' }));
    expect(await screen.findByText('No declined requests.')).toBeInTheDocument();
  });

  it('will not decline without a reason, then sends the reason', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    serve((url, body) => {
      if (url.endsWith('/api/guardian-requests/g1/decline')) {
        sent.push(body);
        return ok({ ...request, state: 'DECLINED', reason: 'Please ask at the office' });
      }
      return refused(500, 'no');
    });
    renderWithProviders(<GuardianRequestsPage />, '/guardian-requests');
    const card = await screen.findByRole('listitem', { name: 'Guardian request for Asha Rao' });
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Kamala Rao for Asha Rao' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Please ask at the office');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ reason: 'Please ask at the office' }]);
  });

  it('approves with the parent record, the request’s contact filled in, the server’s field error shown', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const staff = 'This e-mail address belongs to a staff or driver account.';
    serve((url, body) => {
      if (url.endsWith('/api/guardian-requests/g1/approve')) {
        sent.push(body);
        return refused(409, `${staff} Use another one.`, [{ field: 'email', message: staff }]);
      }
      return refused(500, 'no');
    });
    renderWithProviders(<GuardianRequestsPage />, '/guardian-requests');
    const card = await screen.findByRole('listitem', { name: 'Guardian request for Asha Rao' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Approve Kamala Rao as a guardian of Asha Rao',
    });
    const field = (label: RegExp) => within(dialog).getByRole('textbox', { name: label });
    expect(field(/^Full Name/)).toHaveValue('Kamala Rao');
    expect(field(/^Email/)).toHaveValue('kamala@example.com');
    await user.type(field(/^Alternative Phone No/), '080 2345 6789');
    await user.type(field(/^Address/), '14 Lake View Road');
    await user.type(field(/^State/), 'Karnataka');
    await user.type(field(/^ZIP Code/), '560001');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and invite' }));

    await waitFor(() => expect(field(/^Email/)).toHaveAccessibleDescription(staff));
    expect(sent).toEqual([
      expect.objectContaining({
        name: 'Kamala Rao',
        email: 'kamala@example.com',
        address: '14 Lake View Road',
        pinCode: '560001',
      }),
    ]);
  });
});
