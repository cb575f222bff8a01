import type { Guardian, Parent } from '@school-transport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { StudentGuardians } from './StudentGuardians';

const STUDENT = '7d1f1c52-7a57-4b8e-9f0e-3b2f0c1d2e31';
const MEERA = '0b6f7a52-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const RAVI = '1c7a8b63-2d3e-4f5a-9b0c-1d2e3f4a5b6c';

const guardian = (parentId: string, name: string, primary: boolean): Guardian => ({
  parentId,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  phone: '+91 98450 12345',
  relation: primary ? 'PARENT' : 'GRANDPARENT',
  primary,
  linkedAt: '2026-03-02T07:00:00.000Z',
});

const ravi = {
  id: RAVI,
  user: { id: 'u2', name: 'Ravi Rao', email: 'ravi@example.com' },
} as Parent;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, type: 'success', data });
const refused = (status: number, message: string) => json(status, { success: false, type: 'error', message });

/** The server: the child's guardians, the parents search, and link/unlink answered by `change`. */
function serve(guardians: () => Response, change: (method: string, url: string, body: unknown) => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.endsWith('/api/settings')) return ok({ mapTileUrl: '', mapAttribution: '', timeZone: 'UTC' });
    if (url.includes('/api/parents/get-all')) return ok([ravi]);
    if (method === 'GET' && url.endsWith(`/api/students/${STUDENT}/guardians`)) return guardians();
    return change(method, url, init?.body ? JSON.parse(String(init.body)) : undefined);
  });
}

afterEach(() => vi.restoreAllMocks());

const render = () => renderWithProviders(<StudentGuardians studentId={STUDENT} name="Asha Rao" />);

describe('StudentGuardians', () => {
  it('lists the guardians with their relation, the primary one marked', async () => {
    serve(
      () => ok([guardian(MEERA, 'Meera Rao', true), guardian(RAVI, 'Ravi Rao', false)]),
      () => refused(500, 'no'),
    );
    render();
    const list = await screen.findByRole('list', { name: 'Guardians of Asha Rao' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Meera Rao');
    expect(first).toHaveTextContent('Parent');
    expect(first).toHaveTextContent('Primary');
    expect(second).toHaveTextContent('Ravi Rao');
    expect(second).toHaveTextContent('Grandparent');
    expect(second).not.toHaveTextContent('Primary');
  });

  it('says so when the guardians cannot be fetched', async () => {
    serve(
      () => refused(500, 'down'),
      () => refused(500, 'no'),
    );
    render();
    expect(await screen.findByText('Failed to fetch guardians data!')).toBeInTheDocument();
  });

  it('links a searched parent with a relation, and shows the server’s 409 under the parent', async () => {
    const user = userEvent.setup();
    const already = 'This parent is already a guardian of the child.';
    const sent: unknown[] = [];
    serve(
      () => ok([guardian(MEERA, 'Meera Rao', true)]),
      (method, url, body) => {
        if (method === 'POST' && url.endsWith(`/api/students/${STUDENT}/guardians`)) {
          sent.push(body);
          return refused(409, already);
        }
        return refused(500, 'no');
      },
    );
    render();
    await user.click(await screen.findByRole('button', { name: 'Link a guardian' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link a guardian of Asha Rao' });
    await user.type(within(dialog).getByRole('combobox', { name: /^Parent/ }), 'Ravi');
    await user.click(await screen.findByRole('option', { name: 'Ravi Rao (ravi@example.com)' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Relation/ }));
    await user.click(await screen.findByRole('option', { name: 'Grandparent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Link guardian' }));

    expect(await within(dialog).findByText(already)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Parent/ })).toHaveAccessibleDescription(already);
    expect(sent).toEqual([{ parentId: RAVI, relation: 'GRANDPARENT' }]);
  });

  it('asks before unlinking, and says the server’s words when the child would have nobody', async () => {
    const user = userEvent.setup();
    const last =
      'A child keeps at least one guardian: link another guardian first, or delete the child instead.';
    const fetchSpy = serve(
      () => ok([guardian(MEERA, 'Meera Rao', true)]),
      (method, url) =>
        method === 'DELETE' && url.endsWith(`/api/students/${STUDENT}/guardians/${MEERA}`)
          ? refused(409, last)
          : refused(500, 'no'),
    );
    render();
    await user.click(await screen.findByRole('button', { name: 'Unlink Meera Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink this guardian?' });
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText(last)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Unlink' })).toBeEnabled());
    expect(screen.getByRole('dialog', { name: 'Unlink this guardian?' })).toBeInTheDocument();
  });
});
