import type { FieldTrip, FieldTripAvailability } from '@school-transport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { FieldTripsPage } from './FieldTripsPage';

const ANA = '22222222-2222-4222-8222-222222222222';
const BUS = '33333333-3333-4333-8333-333333333333';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, message?: string) =>
  answer(200, { success: true, type: 'success', message, data });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const aTrip = (changes: Partial<FieldTrip> = {}): FieldTrip => ({
  id: 'ft-1',
  school: { id: 's-1', name: 'Hill School' },
  destinationName: 'Science Museum',
  destinationAddress: 'Exhibition Road',
  destinationLat: 51.49,
  destinationLng: -0.17,
  date: new Date().toISOString().slice(0, 10),
  departAt: '2026-03-04T09:00:00.000Z',
  returnAt: '2026-03-04T14:00:00.000Z',
  departTime: '09:00',
  returnTime: '14:00',
  pupils: 30,
  adults: 4,
  wheelchairPlaces: 0,
  notes: null,
  state: 'APPROVED',
  stateReason: null,
  requestedBy: { id: 'u-1', name: 'Ada' },
  estimatedCost: 230.5,
  estimatedKm: 14,
  estimateVehicleType: 'Bus',
  actualCost: null,
  actualKm: null,
  actualMinutes: null,
  distances: [],
  distanceSource: null,
  children: 0,
  buses: [],
  createdAt: '2026-03-02T06:00:00.000Z',
  ...changes,
});

const free: FieldTripAvailability = {
  busyFrom: '2026-03-04T08:33:00.000Z',
  busyTo: '2026-03-04T14:27:00.000Z',
  seatsNeeded: 34,
  wheelchairPlacesNeeded: 0,
  drivers: [{ id: ANA, name: 'Ana Ruiz' }],
  vehicles: [{ id: BUS, licensePlate: 'KA-12', type: 'Bus', capacity: 40, wheelchairPlaces: 0 }],
  unavailable: [{ name: 'Raj', why: "Raj drives North's pickup run 08:40–09:10" }],
};

function serve(schedule: (body: unknown) => Response) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path.includes('/field-trips/get-all')) return ok([aTrip()]);
    if (path.includes('/field-trips/notices')) return ok([]);
    if (path.includes('/trips/get-all'))
      return answer(200, {
        success: true,
        type: 'success',
        data: [],
        pagination: { page: 1, limit: 100, total: 0, totalPages: 1 },
      });
    if (path.includes('/field-trips/availability/')) return ok(free);
    if (path.includes('/field-trips/schedule/')) return schedule(JSON.parse(String(init?.body)));
    return answer(404, { success: false, type: 'error', message: `Not served: ${path}` });
  });
}

describe('FieldTripsPage', () => {
  it('lists the week’s trips with state and estimate; schedules with only the free, and shows a race lost in words', async () => {
    const sent: unknown[] = [];
    serve((body) => {
      sent.push(body);
      return answer(409, {
        success: false,
        type: 'error',
        message: 'Ana Ruiz was just scheduled for the Zoo trip 09:00–14:00: choose another.',
      });
    });
    const user = userEvent.setup();
    renderWithProviders(<FieldTripsPage />);
    const row = await screen.findByRole('row', { name: /Science Museum/ });
    expect(row).toHaveTextContent('Approved');
    expect(row).toHaveTextContent('230.50 (estimate)');
    await user.click(within(row).getByRole('button', { name: /Schedule: Science Museum/ }));
    const dialog = await screen.findByRole('dialog', { name: /Schedule the Science Museum trip/ });
    expect(await within(dialog).findByText(/Raj drives North/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Driver 1/ }));
    expect(screen.queryByRole('option', { name: 'Raj' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Ana Ruiz' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Vehicle 1/ }));
    await user.click(screen.getByRole('option', { name: /KA-12/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(sent).toEqual([{ buses: [{ driverId: ANA, vehicleId: BUS }] }]));
    expect(
      await within(dialog).findByText(/Ana Ruiz was just scheduled for the Zoo trip/),
    ).toBeInTheDocument();
  });

  it('school staff see their requests without the office’s moves or runs, and ask only for their own schools', async () => {
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path.includes('/field-trips/get-all')) return ok([aTrip({ state: 'REQUESTED' })]);
      if (path.includes('/field-trips/notices')) return ok([]);
      if (path.includes('/school/schools')) return ok([{ id: 's-1', name: 'Hill School' }]);
      if (path.includes('/field-trips/create')) {
        sent.push(JSON.parse(String(init?.body)));
        return ok(aTrip({ state: 'REQUESTED' }), 'Field trip requested.');
      }
      return answer(403, { success: false, type: 'error', message: `Not for school staff: ${path}` });
    });
    const user = userEvent.setup();
    renderWithProviders(<FieldTripsPage />, '/', 'school_staff');
    const row = await screen.findByRole('row', { name: /Science Museum/ });
    // None of the office's moves: only attaching the children of their school's trip (decision 078).
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Children']);
    expect(screen.queryByText(/regular runs/)).toBeNull();
    expect(
      fetchMock.mock.calls.map(([url]) => String(url)).some((url) => url.includes('/trips/get-all?')),
    ).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Request a trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a field trip' });
    // Their one school is chosen for them: the only one they may ask for.
    expect(within(dialog).getByRole('combobox', { name: /School/ })).toHaveTextContent('Hill School');
  });
});
