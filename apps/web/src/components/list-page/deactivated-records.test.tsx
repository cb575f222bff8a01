import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ParentListPage } from '../../features/families/ParentListPage';
import { StudentListPage } from '../../features/families/StudentListPage';
import { SchoolListPage } from '../../features/schools/SchoolListPage';
import { aParent, aSchool, aStudent } from '../../test/records';
import { renderWithProviders } from '../../test/render-app';

const DEACTIVATED_AT = '2026-03-02T07:30:00.000Z';

/** Each list with records that have deactivated ones (decision 076): an active record and a deactivated one. */
const LISTS = [
  {
    resource: 'students',
    page: <StudentListPage />,
    active: { ...aStudent('s1'), name: 'Asha Rao' },
    gone: { ...aStudent('s2'), name: 'Ravi Rao', deactivatedAt: DEACTIVATED_AT },
  },
  {
    resource: 'parents',
    page: <ParentListPage />,
    active: { ...aParent('p1'), user: { id: 'u1', name: 'Asha Rao', email: 'asha@example.com' } },
    gone: {
      ...aParent('p2'),
      user: { id: 'u2', name: 'Ravi Rao', email: 'ravi@example.com' },
      deactivatedAt: DEACTIVATED_AT,
    },
  },
  {
    resource: 'schools',
    page: <SchoolListPage />,
    active: { ...aSchool('c1'), name: 'Asha Rao School' },
    gone: { ...aSchool('c2'), name: 'Ravi Rao', deactivatedAt: DEACTIVATED_AT },
  },
] satisfies Array<{ resource: string; page: ReactElement; active: object; gone: object }>;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The server as decision 076 has it: deactivated records listed only with `withDeactivated=true`. */
function serve({ resource, active, gone }: (typeof LISTS)[number]) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/settings'))
      return json({ success: true, type: 'success', data: { timeZone: 'UTC' } });
    if (init?.method === 'POST' && url.endsWith(`/api/${resource}/${gone.id}/reactivate`)) {
      asked.push(url);
      return json({ success: true, type: 'success', message: 'Ravi Rao is active again.' });
    }
    if (url.includes(`/api/${resource}/get-all`)) {
      asked.push(url);
      const rows = url.includes('withDeactivated=true') ? [active, gone] : [active];
      return json({
        success: true,
        type: 'success',
        data: rows,
        pagination: { page: 1, limit: 10, total: rows.length, totalPages: 1 },
      });
    }
    return json({ success: true, type: 'success', data: null });
  });
  return asked;
}

afterEach(() => vi.restoreAllMocks());

describe.each(LISTS)('the $resource list: deactivated records', (list) => {
  it('hides them by default; the filter lists them with a Deactivated chip and its date', async () => {
    const user = userEvent.setup();
    const asked = serve(list);
    renderWithProviders(list.page, `/${list.resource}`);
    expect((await screen.findAllByText(/^Asha Rao/)).length).toBeGreaterThan(0);
    expect(screen.queryByText('Ravi Rao')).toBeNull();
    expect(screen.queryByText(/^Deactivated/)).toBeNull();
    expect(asked.at(-1)).not.toContain('withDeactivated');

    const filter = screen.getByRole('button', { name: 'Show deactivated' });
    expect(filter).toHaveAttribute('aria-pressed', 'false');
    await user.click(filter);
    expect((await screen.findAllByText('Ravi Rao')).length).toBeGreaterThan(0);
    expect(asked.at(-1)).toContain('withDeactivated=true');
    expect(screen.getByRole('button', { name: 'Show deactivated' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByText(/^Deactivated 2nd Mar 2026$/).length).toBeGreaterThan(0);
  });

  it('reactivates a deactivated record after a confirmation, and offers it on no active one', async () => {
    const user = userEvent.setup();
    const asked = serve(list);
    renderWithProviders(list.page, `/${list.resource}?withDeactivated=true`);
    await screen.findAllByText('Ravi Rao');
    await user.click(screen.getAllByRole('button', { name: /^Actions for Asha Rao/ })[0]!);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Reactivate' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getAllByRole('button', { name: 'Actions for Ravi Rao' })[0]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Ravi Rao?' });
    expect(dialog).toHaveTextContent(/next roster sync deactivates/);
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(asked).toContain(`/api/${list.resource}/${list.gone.id}/reactivate`));
    expect(await screen.findByText('Ravi Rao is active again.')).toBeInTheDocument();
  });
});
