import type { OfficePlanChange } from '@school-transport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { PlanChangesPage } from './PlanChangesPage';

const change = (id: string, childName: string): OfficePlanChange => ({
  id,
  studentId: `s-${id}`,
  childName,
  run: 'PICKUP',
  routeName: 'North 1',
  before: { stopName: 'Elm Road', time: '07:42' },
  after: { stopName: 'Oak Street', time: '07:38' },
  effectiveFrom: '2026-09-07',
  createdAt: '2026-09-05T09:00:00.000Z',
  guardians: [{ name: 'Pat Parent', email: 'pat@example.com' }],
  schoolName: 'Hillside',
  lastRemindedAt: null,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown, message?: string) => json(200, { success: true, type: 'success', data, message });
const ROUTE = '00000000-0000-4000-8000-0000000000a1';

/** The server: two open changes (none on other routes), and reminders answered with how many were sent. */
function serve() {
  const reminded: string[][] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/settings')) return ok({ mapTileUrl: '', mapAttribution: '', timeZone: 'UTC' });
    if (url.includes('/api/routes/get-all')) return ok([{ id: ROUTE, name: 'South 2' }]);
    if (url.includes('/api/schools/get-all')) return ok([]);
    if (url.includes(`/api/plan-changes?routeId=${ROUTE}`)) return ok({ changes: [], truncated: false });
    if (url.includes('/api/plan-changes?'))
      return ok({ changes: [change('n1', 'Asha Rao'), change('n2', 'Ben Li')], truncated: false });
    if (url.endsWith('/api/plan-changes/remind') && init?.method === 'POST') {
      const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
      reminded.push(ids);
      return ok(
        { reminded: ids.length, skipped: 0 },
        `${ids.length} ${ids.length === 1 ? 'change' : 'changes'} reminded.`,
      );
    }
    return json(404, { success: false, type: 'error', message: 'Not found' });
  });
  return { spy, reminded };
}

afterEach(() => vi.restoreAllMocks());

describe('PlanChangesPage', () => {
  it('lists the open changes with child, change, guardian and since, and reminds one', async () => {
    const { reminded } = serve();
    const user = userEvent.setup();
    renderWithProviders(<PlanChangesPage />);
    const card = await screen.findByRole('listitem', { name: 'Change for Asha Rao' });
    expect(card).toHaveTextContent('Morning · North 1 · Hillside');
    expect(card).toHaveTextContent('Elm Road at 07:42 → Oak Street at 07:38');
    expect(card).toHaveTextContent('Pat Parent (pat@example.com)');
    expect(card).toHaveTextContent('Waiting since');
    await user.click(within(card).getByRole('button', { name: 'Remind' }));
    expect(await screen.findByText('1 change reminded.')).toBeInTheDocument();
    expect(reminded).toEqual([['n1']]);
  });

  it('asks before reminding every change shown, and says how many were reminded', async () => {
    const { reminded } = serve();
    const user = userEvent.setup();
    renderWithProviders(<PlanChangesPage />);
    await screen.findByRole('listitem', { name: 'Change for Ben Li' });
    await user.click(screen.getByRole('button', { name: 'Remind all shown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remind every family shown?' });
    expect(reminded).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remind' }));
    expect(await screen.findByText('2 changes reminded.')).toBeInTheDocument();
    expect(reminded).toEqual([['n1', 'n2']]);
  });

  it('filters by route and says when nothing is waiting there', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<PlanChangesPage />);
    await screen.findByRole('listitem', { name: 'Change for Asha Rao' });
    await user.click(screen.getByRole('combobox', { name: 'Route' }));
    await user.click(await screen.findByRole('option', { name: 'South 2' }));
    expect(await screen.findByText('Every family has acknowledged its changes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remind all shown' })).toBeDisabled();
  });
});
