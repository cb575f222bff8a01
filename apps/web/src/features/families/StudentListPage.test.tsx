import type { Student } from '@school-transport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStudent } from '../../test/records';
import { renderWithProviders } from '../../test/render-app';
import { StudentListPage } from './StudentListPage';

const child = (id: string, name: string, deactivatedAt: string | null): Student => ({
  ...aStudent(id),
  name,
  deactivatedAt,
});
const ACTIVE = child('s1', 'Asha Rao', null);
const GONE = child('s2', 'Ravi Rao', '2026-03-02T07:30:00.000Z');

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The server as decision 076 has it: deactivated children only with `withDeactivated=true`. */
function serve() {
  const asked: string[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/settings'))
      return json({ success: true, type: 'success', data: { timeZone: 'UTC' } });
    if (init?.method === 'POST' && url.endsWith('/api/students/s2/reactivate')) {
      asked.push(url);
      return json({ success: true, type: 'success', message: 'Ravi Rao is active again.' });
    }
    if (url.includes('/api/students/get-all')) {
      asked.push(url);
      const rows = url.includes('withDeactivated=true') ? [ACTIVE, GONE] : [ACTIVE];
      return json({
        success: true,
        type: 'success',
        data: rows,
        pagination: { page: 1, limit: 10, total: rows.length, totalPages: 1 },
      });
    }
    return json({ success: true, type: 'success', data: null });
  });
  return { spy, asked };
}

afterEach(() => vi.restoreAllMocks());

describe('StudentListPage: deactivated children', () => {
  it('hides them by default; the filter lists them with a Deactivated chip and its date', async () => {
    const user = userEvent.setup();
    const { asked } = serve();
    renderWithProviders(<StudentListPage />, '/students');
    expect((await screen.findAllByText('Asha Rao')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Ravi Rao')).toBeNull();
    expect(screen.queryByText(/^Deactivated/)).toBeNull();
    expect(asked.at(-1)).not.toContain('withDeactivated');

    const filter = screen.getByRole('button', { name: 'Show deactivated' });
    expect(filter).toHaveAttribute('aria-pressed', 'false');
    await user.click(filter);
    expect((await screen.findAllByText('Ravi Rao')).length).toBeGreaterThan(0);
    expect(asked.at(-1)).toContain('withDeactivated=true');
    expect(screen.getByRole('button', { name: 'Show deactivated' })).toHaveAttribute('aria-pressed', 'true');
    const chips = screen.getAllByText(/^Deactivated 2nd Mar 2026$/);
    expect(chips.length).toBeGreaterThan(0);
  });

  it('reactivates a deactivated child after a confirmation', async () => {
    const user = userEvent.setup();
    const { asked } = serve();
    renderWithProviders(<StudentListPage />, '/students?withDeactivated=true');
    await screen.findAllByText('Ravi Rao');
    await user.click(screen.getAllByRole('button', { name: 'Actions for Ravi Rao' })[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Ravi Rao?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(asked).toContain('/api/students/s2/reactivate'));
    expect(await screen.findByText('Ravi Rao is active again.')).toBeInTheDocument();
  });
});
