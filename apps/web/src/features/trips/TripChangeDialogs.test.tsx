import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aDriver, aTrip, aVehicle } from '../../test/records';
import { renderWithProviders } from '../../test/render-app';
import { CancelTripDialog, DelayTripDialog, RescueTripDialog } from './TripChangeDialogs';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const trip = { ...aTrip('STARTED'), startedAt: '2026-03-02T07:30:00.000Z' };

const done = (data: unknown, message = 'Done.') =>
  answer(200, { success: true, type: 'success', message, data });
/** The POSTs sent, each with its body. */
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

function open(dialog: 'cancel' | 'delay' | 'rescue') {
  const user = userEvent.setup();
  const onClose = vi.fn();
  const Dialog = { cancel: CancelTripDialog, delay: DelayTripDialog, rescue: RescueTripDialog }[dialog];
  renderWithProviders(<Dialog trip={trip} onClose={onClose} />);
  return { user, onClose };
}

describe('CancelTripDialog', () => {
  it('asks for the reason before sending anything, then sends it and closes', async () => {
    const { user, onClose } = open('cancel');
    const dialog = screen.getByRole('dialog', { name: 'Cancel Trip?' });
    expect(dialog).toHaveTextContent('cancel the PICKUP trip of North Loop on 2nd Mar 26');
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    expect(reason).toBeRequired();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel Trip' }));
    expect(reason).toHaveAccessibleDescription('Reason is required');
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(done({ ...trip, status: 'CANCELLED', finishReason: 'Snow' }));
    await user.type(reason, 'Snow');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Trip' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted()).toEqual([['/api/trips/cancel/trip-1', { reason: 'Snow' }]]);
  });

  it('closes on Keep Trip without cancelling', async () => {
    const { user, onClose } = open('cancel');
    await user.click(screen.getByRole('button', { name: 'Keep Trip' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('DelayTripDialog', () => {
  it('sends the minutes and the reason', async () => {
    const { user, onClose } = open('delay');
    const dialog = screen.getByRole('dialog', { name: 'Mark the run delayed' });
    const minutes = within(dialog).getByRole('spinbutton', { name: /^Minutes late/ });
    await user.clear(minutes);
    await user.type(minutes, '20');
    fetchMock.mockResolvedValueOnce(done({ ...trip, delay: { minutes: 20, reason: 'Snow' } }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Snow');
    await user.click(within(dialog).getByRole('button', { name: 'Save delay' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted()).toEqual([['/api/trips/delay/trip-1', { minutes: 20, reason: 'Snow' }]]);
  });

  it('refuses a delay over the limit next to the field', async () => {
    const { user } = open('delay');
    const minutes = screen.getByRole('spinbutton', { name: /^Minutes late/ });
    await user.clear(minutes);
    await user.type(minutes, '500');
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Snow');
    await user.click(screen.getByRole('button', { name: 'Save delay' }));
    expect(minutes).toHaveAccessibleDescription('Minutes must be at most 240');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

const DRIVER_ID = '00000000-0000-4000-8000-0000000000d9';
const VEHICLE_ID = '00000000-0000-4000-8000-0000000000f9';

describe('RescueTripDialog', () => {
  /** The drivers' and vehicles' lists as the server gives them; the broken bus (KA01V1) is among the vehicles. */
  function serveLists() {
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (init?.method === 'POST')
        return answer(409, {
          success: false,
          type: 'error',
          message: 'KA01V9 has 2 seats; 3 children are on board: choose a bigger vehicle.',
          errors: [{ field: 'vehicleId', message: 'Choose a vehicle with enough seats' }],
        });
      const page = (data: unknown[]) =>
        answer(200, {
          success: true,
          type: 'success',
          data,
          pagination: { page: 1, limit: 100, total: data.length, totalPages: 1 },
        });
      if (path.startsWith('/api/drivers/get-all')) return page([{ ...aDriver('d9'), id: DRIVER_ID }]);
      if (path.startsWith('/api/vehicles/get-all'))
        return page([aVehicle('v1', 30), { ...aVehicle('v9', 2), id: VEHICLE_ID }]);
      return answer(404, { success: false, type: 'error', message: 'Not found' });
    });
  }

  it('offers the drivers and the other vehicles, and shows the server’s refusal in words', async () => {
    serveLists();
    const { user, onClose } = open('rescue');
    const dialog = screen.getByRole('dialog', { name: 'Hand over to a rescue vehicle' });
    await user.click(await within(dialog).findByRole('combobox', { name: /^Rescue driver/ }));
    await user.click(screen.getByRole('option', { name: 'Driver d9 (DL-d9)' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Rescue vehicle/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['KA01V9 (2 seats)']);
    await user.click(screen.getByRole('option', { name: 'KA01V9 (2 seats)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Engine failure');
    await user.click(within(dialog).getByRole('button', { name: 'Start rescue trip' }));

    // The refusal in words as a toast, and what to change in the dialog.
    expect(
      await screen.findByText('KA01V9 has 2 seats; 3 children are on board: choose a bigger vehicle.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a vehicle with enough seats')).toBeInTheDocument();
    expect(posted()).toEqual([
      ['/api/trips/rescue/trip-1', { driverId: DRIVER_ID, vehicleId: VEHICLE_ID, reason: 'Engine failure' }],
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for the driver, the vehicle and the reason before sending anything', async () => {
    serveLists();
    const { user } = open('rescue');
    const dialog = screen.getByRole('dialog', { name: 'Hand over to a rescue vehicle' });
    await within(dialog).findByRole('combobox', { name: /^Rescue driver/ });
    await user.click(within(dialog).getByRole('button', { name: 'Start rescue trip' }));
    expect(within(dialog).getByText('Choose the rescue driver')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the rescue vehicle')).toBeInTheDocument();
    expect(posted()).toEqual([]);
  });

  it('says when the lists cannot be loaded, with a retry', async () => {
    fetchMock.mockImplementation(async () => answer(500, { success: false, type: 'error', message: 'Down' }));
    open('rescue');
    expect(await screen.findByText('The drivers and vehicles could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
