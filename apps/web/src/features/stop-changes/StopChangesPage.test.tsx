import type { StopChange } from '@school-transport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { StopChangesPage } from './StopChangesPage';

const request: StopChange = {
  id: 'c1',
  studentId: 's1',
  studentName: 'Asha Rao',
  kind: 'ONE_OFF',
  date: '2026-03-05',
  weekdays: null,
  validFrom: null,
  validUntil: null,
  run: 'DROP',
  from: { assignmentId: 'a1', routeName: 'North', stopId: 'p1', stopName: 'Mill Lane' },
  to: { assignmentId: 'a7', routeName: 'Route 7', stopId: 'p7', stopName: 'Oak Close' },
  note: 'Home with Mia',
  state: 'REQUESTED',
  reason: null,
  seatsLeft: 3,
  requestedBy: 'parent@example.com',
  requestedAt: '2026-03-02T07:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, type: 'success', data });

/** The server: settings in UTC, one pending request, and the decisions answered by `decide`. */
function serve(decide: (url: string, body: unknown) => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/settings')) return ok({ mapTileUrl: '', mapAttribution: '', timeZone: 'UTC' });
    if (url.endsWith('/api/stop-changes/pending-count')) return ok({ pending: 1 });
    if (url.includes('/api/stop-changes?state=REQUESTED')) return ok([request]);
    if (url.includes('/api/stop-changes?state=')) return ok([]);
    if (url.endsWith('/api/stop-changes/options')) return ok([]);
    if (url.includes('/api/students/get-all')) return ok([]);
    if (init?.method === 'POST') return decide(url, init.body ? JSON.parse(String(init.body)) : undefined);
    return json(404, { success: false, type: 'error', message: 'Not found' });
  });
}

afterEach(() => vi.restoreAllMocks());

describe('StopChangesPage', () => {
  it('lists a pending request with its child, day, from → to, note and seats, and the pending count', async () => {
    serve(() => json(500, {}));
    renderWithProviders(<StopChangesPage />);
    const card = await screen.findByRole('listitem', { name: 'Stop change for Asha Rao' });
    expect(card).toHaveTextContent('Afternoon');
    expect(card).toHaveTextContent('North · Mill Lane → Route 7 · Oak Close');
    expect(card).toHaveTextContent('Home with Mia');
    expect(card).toHaveTextContent('3 seats left on the target run');
    expect(await screen.findByRole('tab', { name: 'Pending (1)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('asks before approving, and says the server’s words when the run is full', async () => {
    const user = userEvent.setup();
    const full = 'That run has no seat left on a day this change covers (the bus seats 30).';
    const fetchSpy = serve(() => json(409, { success: false, type: 'error', message: full }));
    renderWithProviders(<StopChangesPage />);
    const card = await screen.findByRole('listitem', { name: 'Stop change for Asha Rao' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve stop change?' });
    expect(fetchSpy.mock.calls.some(([url]) => String(url).endsWith('/approve'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(full)).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([url]) => String(url).endsWith('/api/stop-changes/c1/approve'))).toBe(
      true,
    );
    // The dialog stays open to cancel.
    expect(screen.getByRole('dialog', { name: 'Approve stop change?' })).toBeInTheDocument();
  });

  it('declines only with a reason, and sends it', async () => {
    const user = userEvent.setup();
    const declined = vi.fn((_url: string, _body: unknown) =>
      ok({ ...request, state: 'DECLINED', reason: 'Route 7 is full' }),
    );
    serve(declined);
    renderWithProviders(<StopChangesPage />);
    const card = await screen.findByRole('listitem', { name: 'Stop change for Asha Rao' });
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline stop change' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(declined).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Route 7 is full');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(declined).toHaveBeenCalledWith(expect.stringContaining('/api/stop-changes/c1/decline'), {
        reason: 'Route 7 is full',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks an office entry with the shared schema before sending it, next to the fields', async () => {
    const user = userEvent.setup();
    const sent = vi.fn(() => json(500, {}));
    serve(sent);
    renderWithProviders(<StopChangesPage />);
    await user.click(await screen.findByRole('button', { name: 'Enter a change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter a stop change' });
    await user.click(within(dialog).getByRole('radio', { name: 'Every week' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save approved' }));
    expect(await within(dialog).findByText('Choose a child')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one weekday')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a route')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('says so when nothing waits, and offers Retry when the list fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/settings')) return ok({ mapTileUrl: '', mapAttribution: '', timeZone: 'UTC' });
      if (url.endsWith('/pending-count')) return ok({ pending: 0 });
      if (fail) return json(500, { success: false, type: 'error', message: 'Something went wrong' });
      return ok([]);
    });
    renderWithProviders(<StopChangesPage />);
    const retry = await screen.findByRole('button', { name: /retry/i });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('No requests are waiting.')).toBeInTheDocument();
  });
});
