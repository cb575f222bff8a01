import type { RosterDiff, RosterOverview } from '@school-transport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { RosterSyncPage } from './RosterSyncPage';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => answer(200, { success: true, type: 'success', data });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const SOURCE: RosterOverview['source'] = {
  baseUrl: 'https://sis.example.org',
  version: '1.1',
  tokenUrl: 'https://sis.example.org/oauth/token',
  clientId: 'schoolride',
  secretSet: true,
  everyHours: null,
  updatedAt: '2026-11-30T08:00:00.000Z',
};
const kind = (added: number, rows: RosterDiff['students']['addedRows'] = []) => ({
  added,
  changed: 0,
  removed: 0,
  unchanged: 0,
  addedRows: rows,
  changedRows: [],
  removedRows: [],
});
const aDiff = (applied: boolean): RosterDiff => ({
  mode: applied ? 'apply' : 'dry-run',
  applied,
  fingerprint: 'print-1',
  schools: kind(0),
  students: kind(2, [
    { sourcedId: 's-1', name: 'Ana Diaz' },
    { sourcedId: 's-2', name: 'Ben Okafor' },
  ]),
  guardians: kind(0),
  links: { added: 2, removed: 0 },
  warnings: [],
  warningCount: 0,
});

describe('RosterSyncPage', () => {
  it('says when the overview cannot load, and that no sync has run yet', async () => {
    // A refusal (4xx) is not retried by the query client: the error shows at once.
    fetchMock.mockResolvedValueOnce(
      answer(403, { success: false, type: 'error', message: 'Not for this account' }),
    );
    fetchMock.mockResolvedValue(ok({ source: null, runs: [] }));
    renderWithProviders(<RosterSyncPage />);
    expect(await screen.findByText('Not for this account')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No sync has run yet.')).toBeInTheDocument();
  });

  it('shows the dry run, then applies exactly it after asking', async () => {
    const calls: string[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/roster-sync') return ok({ source: SOURCE, runs: [] });
      if (path.startsWith('/api/roster-sync/pull?mode=dry-run')) return ok(aDiff(false));
      if (path.startsWith('/api/roster-sync/pull?mode=apply')) return ok(aDiff(true));
      return answer(404, { success: false, type: 'error', message: `Not served: ${path}` });
    });
    renderWithProviders(<RosterSyncPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText(/Dry run: nothing has been written/)).toBeInTheDocument();
    expect(screen.getByText(/Ana Diaz/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Differences' });
    expect(within(table).getByRole('row', { name: /Students 2 0 0 0/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('2 students and 0 guardians will be added');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/Applied: the records now match the roster/)).toBeInTheDocument();
    expect(calls).toContain('POST /api/roster-sync/pull?mode=apply&expect=print-1');
  });
});
