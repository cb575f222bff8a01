import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TripCombines } from '@school-transport/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aTrip } from '../../test/records';
import { renderWithProviders } from '../../test/render-app';
import { CombineTripDialog, TripCombineSection } from './TripCombine';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const done = (data: unknown) => answer(200, { success: true, type: 'success', message: 'Done.', data });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const HOST_ID = '00000000-0000-4000-8000-0000000000a1';
const trip = aTrip('PENDING');
const host = {
  ...aTrip('PENDING'),
  id: HOST_ID,
  route: { name: 'South Loop' },
  vehicle: { licensePlate: 'KA01V7' },
};

/** The requests sent other than GETs, each with its method, address and body. */
const sent = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([url, init]) => [init!.method, String(url), init?.body ? JSON.parse(String(init.body)) : null]);

describe('CombineTripDialog', () => {
  function serve(refuse: boolean) {
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (init?.method === 'POST')
        return refuse
          ? answer(409, {
              success: false,
              type: 'error',
              message: 'Bus KA01V7 has 30 seats; with North Loop’s morning run it would carry 34 children.',
            })
          : done({ combines: [], hostStops: [] });
      if (path.startsWith('/api/trips/get-all'))
        return answer(200, {
          success: true,
          type: 'success',
          // the trip itself is among the day's pending runs: it is not offered
          data: [trip, host],
          pagination: { page: 1, limit: 100, total: 2, totalPages: 1 },
        });
      return answer(404, { success: false, type: 'error', message: 'Not found' });
    });
  }
  const open = () => {
    const onClose = vi.fn();
    renderWithProviders(<CombineTripDialog trip={trip} onClose={onClose} />);
    return {
      user: userEvent.setup(),
      onClose,
      dialog: screen.getByRole('dialog', { name: 'Combine with another run' }),
    };
  };

  it('offers the same day’s other pending runs of the same kind, asks for both fields, then sends them', async () => {
    serve(false);
    const { user, onClose, dialog } = open();
    const select = await within(dialog).findByRole('combobox', { name: /^Ride with/ });
    await user.click(within(dialog).getByRole('button', { name: 'Combine runs' }));
    expect(within(dialog).getByText('Choose the run to ride with')).toBeInTheDocument();
    expect(sent()).toEqual([]);
    const listed = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('get-all'))!;
    expect(listed).toContain('status=PENDING');
    expect(listed).toContain('type=PICKUP');
    expect(listed).toContain('dateFrom=2026-03-02');

    await user.click(select);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'South Loop (bus KA01V7, driver Ravi)',
    ]);
    await user.click(screen.getByRole('option', { name: 'South Loop (bus KA01V7, driver Ravi)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Driver ill');
    await user.click(within(dialog).getByRole('button', { name: 'Combine runs' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toEqual([
      ['POST', '/api/trips/combine/trip-1', { hostTripId: HOST_ID, reason: 'Driver ill' }],
    ]);
  });

  it('shows the server’s refusal in words and stays open', async () => {
    serve(true);
    const { user, onClose, dialog } = open();
    await user.click(await within(dialog).findByRole('combobox', { name: /^Ride with/ }));
    await user.click(screen.getByRole('option', { name: /South Loop/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Driver ill');
    await user.click(within(dialog).getByRole('button', { name: 'Combine runs' }));
    expect(
      (await screen.findAllByText(/Bus KA01V7 has 30 seats; with North Loop’s morning run it would carry 34/))
        .length,
    ).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('TripCombineSection', () => {
  const stop = (position: number, name: string, joined: boolean) => ({
    position,
    stopId: `stop-${position}`,
    name,
    lat: 12.9 + position / 100,
    lng: 77.6,
    plannedAt: null,
    combinedFromTripId: joined ? 'trip-b' : null,
  });
  const combines: TripCombines = {
    combines: [
      {
        id: 'combine-1',
        hostTripId: 'trip-1',
        hostRouteName: 'North Loop',
        joinedTripId: 'trip-b',
        joinedRouteName: 'East Loop',
        reason: 'Driver ill',
        createdByName: 'admin@example.com',
        createdAt: '2026-03-02T05:00:00.000Z',
      },
    ],
    hostStops: [stop(1, 'Ash Lane', false), stop(2, 'Elm Corner', false), stop(3, 'Birch Road', true)],
  };

  it('lists the host’s stops in order, moves one with Up and Down, and asks before undoing', async () => {
    fetchMock.mockImplementation(async () => done(combines));
    renderWithProviders(<TripCombineSection trip={trip} />);
    const list = await screen.findByRole('list', { name: 'Stops in order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Ash Lane'),
      expect.stringContaining('Elm Corner'),
      expect.stringContaining('Birch Road'),
    ]);
    expect(screen.getByText(/rides with this run: Driver ill/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move Birch Road up' }));
    await waitFor(() =>
      expect(sent()).toEqual([['PUT', '/api/trips/combine/combine-1/order', { positions: [1, 3, 2] }]]),
    );

    await user.click(screen.getByRole('button', { name: 'Undo combine' }));
    const confirm = screen.getByRole('dialog', { name: 'Undo the combine?' });
    expect(sent()).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Undo combine' }));
    await waitFor(() => expect(sent()).toContainEqual(['DELETE', '/api/trips/combine/combine-1', null]));
  });

  it('tells the joined run which run it rides with, without the order', async () => {
    fetchMock.mockImplementation(async () => done(combines));
    renderWithProviders(<TripCombineSection trip={{ ...aTrip('CANCELLED'), id: 'trip-b' }} />);
    expect(await screen.findByText(/This run rides with/)).toHaveTextContent('North Loop today: Driver ill');
    expect(screen.queryByRole('list', { name: 'Stops in order' })).not.toBeInTheDocument();
  });

  it('says when the combines cannot be loaded, with a retry', async () => {
    fetchMock.mockImplementation(async () => answer(500, { success: false, type: 'error', message: 'Down' }));
    renderWithProviders(<TripCombineSection trip={trip} />);
    expect(await screen.findByText('The combined runs could not be loaded.')).toBeInTheDocument();
  });
});
