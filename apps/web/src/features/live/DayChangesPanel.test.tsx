import type { DayChange } from '@school-transport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { DayChangesPanel } from './DayChangesPanel';

const cover: DayChange = {
  id: 'cover:1',
  kind: 'COVER_MADE',
  at: '2026-03-02T06:10:00.000Z',
  by: 'ada@example.org',
  summary: 'North, both runs: covered by driver Priya.',
  reason: 'Raj is off sick',
  tripIds: ['t1', 't2'],
};
const cancelled: DayChange = {
  id: 'cancelled:1',
  kind: 'CANCELLED',
  at: '2026-03-02T06:30:00.000Z',
  by: null,
  summary: 'Cancelled: the morning run of East.',
  reason: null,
  tripIds: ['t3'],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: settings in UTC, and the day's changes as `changes` answers them. */
function serve(changes: () => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/settings')) {
      return json(200, {
        success: true,
        type: 'success',
        data: { mapTileUrl: '', mapAttribution: '', timeZone: 'UTC' },
      });
    }
    if (url.endsWith('/api/live/changes')) return changes();
    return json(404, { success: false, type: 'error', message: 'Not found' });
  });
}

afterEach(() => vi.restoreAllMocks());

describe('DayChangesPanel', () => {
  it("lists today's changes as the server orders them, with the time, the reason and who made each", async () => {
    serve(() => json(200, { success: true, type: 'success', data: [cancelled, cover] }));
    renderWithProviders(<DayChangesPanel />);

    const list = await screen.findByRole('list', { name: /Changes today/ });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Cancelled');
    expect(items[0]).toHaveTextContent('06:30');
    expect(items[0]).toHaveTextContent('By a user since removed');
    expect(items[0]).not.toHaveTextContent('Reason');
    expect(items[1]).toHaveTextContent('North, both runs: covered by driver Priya.');
    expect(items[1]).toHaveTextContent('Reason: Raj is off sick');
    expect(items[1]).toHaveTextContent('By ada@example.org');
    expect(screen.getByRole('heading', { name: 'Changes today (2)' })).toBeInTheDocument();
  });

  it('says when nothing changed', async () => {
    serve(() => json(200, { success: true, type: 'success', data: [] }));
    renderWithProviders(<DayChangesPanel />);
    expect(await screen.findByText("No changes to today's plan.")).toBeInTheDocument();
  });

  it('says when the changes could not be read, and Retry reads them', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve(() =>
      fail
        ? json(500, { success: false, type: 'error', message: 'Something went wrong on our side.' })
        : json(200, { success: true, type: 'success', data: [cover] }),
    );
    renderWithProviders(<DayChangesPanel />);
    const retry = await screen.findByRole('button', { name: /Retry/ });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('North, both runs: covered by driver Priya.')).toBeInTheDocument();
  });
});
