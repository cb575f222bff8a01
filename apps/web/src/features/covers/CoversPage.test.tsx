import type { AssignmentSummary, Cover } from '@school-transport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aDriver, aVehicle } from '../../test/records';
import { renderWithProviders } from '../../test/render-app';
import { CoversPage } from './CoversPage';

const ASSIGNMENT = '11111111-1111-4111-8111-111111111111';
const PRIYA = '22222222-2222-4222-8222-222222222222';
const BUS = '33333333-3333-4333-8333-333333333333';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, message?: string) =>
  answer(200, { success: true, type: 'success', message, data });
const page = (rows: unknown[]) =>
  answer(200, {
    success: true,
    type: 'success',
    data: rows,
    pagination: { page: 1, limit: 100, total: rows.length, totalPages: 1 },
  });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const aCover = (changes: Partial<Cover> = {}): Cover => ({
  id: 'cover-1',
  assignmentId: ASSIGNMENT,
  routeName: 'North Loop',
  firstDate: '2026-03-02',
  lastDate: '2026-03-04',
  run: null,
  planned: { driverName: 'Raj', vehiclePlate: 'KA-01' },
  driver: { id: PRIYA, name: 'Priya' },
  vehicle: null,
  reason: 'Driver off sick',
  createdBy: 'ada@example.com',
  createdAt: '2026-03-02T06:10:00.000Z',
  ...changes,
});

const assignment: AssignmentSummary = {
  id: ASSIGNMENT,
  driver: { id: 'd-raj', name: 'Raj', licenseNo: 'DL-1', phone: '+91 98765 43210' },
  vehicle: { id: 'v-1', licensePlate: 'KA-01', capacity: 30 },
  route: { id: 'r-1', name: 'North Loop' },
  totalStudents: 12,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The API as the screen calls it: `covers` answers the list, `create` a cover's save. */
function serve({
  covers = () => ok([aCover()]),
  create = () =>
    ok(
      { ...aCover(), tripsCovered: 2, tripsLeftAsRun: 0 },
      'Cover saved: 2 trip(s) now name the substitute.',
    ),
}: { covers?: () => Response; create?: (body: unknown) => Response } = {}) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    const method = init?.method ?? 'GET';
    if (path.includes('/covers/get-all')) return covers();
    if (path.includes('/covers/create')) return create(JSON.parse(String(init?.body)));
    if (path.includes('/covers/delete/') && method === 'DELETE')
      return ok({ tripsRestored: 2, tripsLeftAsRun: 0 }, 'Cover undone: 2 trip(s) are back to the plan.');
    if (path.includes('/route-assignments/get-all')) return page([assignment]);
    if (path.includes('/drivers/get-all'))
      return page([{ ...aDriver(PRIYA), user: { id: 'u-p', name: 'Priya', email: 'p@example.com' } }]);
    if (path.includes('/vehicles/get-all')) return page([{ ...aVehicle(BUS, 40), licensePlate: 'KA-12' }]);
    return answer(404, { success: false, type: 'error', message: `Not served: ${method} ${path}` });
  });
}

const calls = (part: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes(part)).map(([, init]) => init);

describe('CoversPage', () => {
  it('lists the covers of the range with who stands in for whom', async () => {
    serve();
    renderWithProviders(<CoversPage />);
    const row = await screen.findByRole('row', { name: /North Loop/ });
    expect(row).toHaveTextContent('Driver Priya for Raj');
    expect(row).toHaveTextContent('Whole day');
    expect(row).toHaveTextContent('Driver off sick');
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(
      /dateFrom=\d{4}-\d{2}-\d{2}&dateTo=\d{4}-\d{2}-\d{2}/,
    );
  });

  it('says when there are none, and offers a retry when the list fails', async () => {
    let fail = true;
    serve({
      covers: () => (fail ? answer(500, { success: false, type: 'error', message: 'down' }) : ok([])),
    });
    const user = userEvent.setup();
    renderWithProviders(<CoversPage />);
    expect(await screen.findByText('Failed to fetch covers data!')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No covers on these days/)).toBeInTheDocument();
  });

  it('asks before undoing a cover, then undoes it', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<CoversPage />);
    await user.click(await screen.findByRole('button', { name: /Undo the cover of North Loop/ }));
    const dialog = screen.getByRole('dialog', { name: 'Undo cover?' });
    expect(dialog).toHaveTextContent('go back to Raj and KA-01');
    expect(calls('/covers/delete/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Undo cover' }));
    await waitFor(() => expect(calls('/covers/delete/cover-1')).toHaveLength(1));
    expect(await screen.findByText('Cover undone: 2 trip(s) are back to the plan.')).toBeInTheDocument();
  });

  it('covers a run: checks the form with the shared schema, sends it, and shows a refusal in words beside its field', async () => {
    const sent: unknown[] = [];
    let refuse = true;
    serve({
      create: (body) => {
        sent.push(body);
        return refuse
          ? answer(409, {
              success: false,
              type: 'error',
              message:
                'Priya is not free for the pickup run on Monday: Priya runs South’s pickup run at the same time.',
              errors: [{ field: 'driverId', message: 'Priya is not free then' }],
            })
          : ok(
              { ...aCover(), tripsCovered: 1, tripsLeftAsRun: 0 },
              'Cover saved: 1 trip(s) now name the substitute.',
            );
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CoversPage />);
    await user.click(await screen.findByRole('button', { name: 'Cover a run' }));
    const dialog = screen.getByRole('dialog', { name: 'Cover a run' });

    await user.click(within(dialog).getByRole('button', { name: 'Save cover' }));
    expect(await within(dialog).findByText('Choose a route assignment')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Choose a substitute driver, a substitute vehicle, or both'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    const choose = async (field: RegExp, option: RegExp) => {
      await user.click(within(dialog).getByRole('combobox', { name: field }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    // Searched on the server as typed.
    await user.type(within(dialog).getByRole('combobox', { name: /^Route/ }), 'North');
    // The search goes out once typing pauses (debounced); the first options may be the unsearched list's.
    await waitFor(() => expect(calls('search=North')).not.toHaveLength(0));
    await user.click(await screen.findByRole('option', { name: /North Loop \(Raj, KA-01\)/ }));
    await choose(/^Run/, /Pickup/);
    await choose(/^Substitute driver/, /Priya/);
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Raj off sick');
    await user.click(within(dialog).getByRole('button', { name: 'Save cover' }));

    expect(
      await within(dialog).findByText(/Priya is not free for the pickup run on Monday/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Substitute driver/ })).toHaveAccessibleDescription(
      'Priya is not free then',
    );
    expect(sent[0]).toMatchObject({
      assignmentId: ASSIGNMENT,
      run: 'PICKUP',
      driverId: PRIYA,
      vehicleId: null,
      reason: 'Raj off sick',
    });

    refuse = false;
    await choose(/^Substitute vehicle/, /KA-12 \(40 seats\)/);
    await user.click(within(dialog).getByRole('button', { name: 'Save cover' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[1]).toMatchObject({ driverId: PRIYA, vehicleId: BUS });
    expect(await screen.findByText('Cover saved: 1 trip(s) now name the substitute.')).toBeInTheDocument();
  });
});
