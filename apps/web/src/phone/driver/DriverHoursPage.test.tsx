// The signed-in driver app keeps its outbox in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClockInput, DriverHours, Shift } from '@school-transport/shared';
import { json, ok, renderDriverApp, storeDriverSession } from './render-driver-app';

const aShift = (fields: Partial<Shift>): Shift => ({
  id: 's1',
  driverId: 'd1',
  day: '2026-11-27',
  clockInAt: '2026-11-27T06:00:00.000Z',
  clockOutAt: '2026-11-27T10:30:00.000Z',
  tappedInAt: '2026-11-27T06:00:00.000Z',
  tappedOutAt: '2026-11-27T10:30:00.000Z',
  clockInLat: null,
  clockInLng: null,
  clockOutLat: null,
  clockOutLng: null,
  open: false,
  minutes: 270,
  drivingMinutes: 90,
  corrections: [],
  ...fields,
});

/** The server's hours, with the taps it was sent applied (one open shift at a time, as the server keeps them). */
function hoursServer(start: DriverHours, { offline = false } = {}) {
  const hours = structuredClone(start);
  const taps: ClockInput[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/driver/hours/clock')) {
      if (offline) throw new TypeError('Failed to fetch');
      const tap = JSON.parse(String(init?.body)) as ClockInput;
      taps.push(tap);
      const shift = aShift({
        id: tap.clientId,
        clockInAt: tap.occurredAt,
        tappedInAt: tap.occurredAt,
        clockOutAt: null,
        tappedOutAt: null,
        open: true,
        minutes: null,
        drivingMinutes: 0,
      });
      hours.openShift = shift;
      hours.recent.unshift(shift);
      return ok({ shift, duplicate: false });
    }
    if (url.endsWith('/driver/hours')) {
      if (offline) throw new TypeError('Failed to fetch');
      return ok(hours);
    }
    if (url.endsWith('/driver/today') || url.endsWith('/driver/inspections')) return ok([]);
    return json({ success: false, type: 'error', message: 'Not found' }, 404);
  });
  return { taps, spy };
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the driver’s hours', () => {
  it('clocks in with the time of the tap, and lists the last two weeks’ shifts', async () => {
    storeDriverSession();
    const { taps } = hoursServer({
      openShift: null,
      recent: [aShift({ corrections: [] }), aShift({ id: 's0', drivingMinutes: 0, minutes: 60 })],
    });
    const user = userEvent.setup();
    renderDriverApp('/driver/hours');

    expect(await screen.findByRole('heading', { level: 1, name: 'My hours' })).toBeVisible();
    expect(await screen.findByText('You are not clocked in.')).toBeVisible();
    const list = screen.getByRole('list', { name: 'Last two weeks' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('4.5 h, of which driving 1.5 h')).toBeVisible();

    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Clock in' }));
    // The tap goes through the outbox (IndexedDB) before it is sent: as patient as the screen queries (setup.ts),
    // for a loaded machine.
    await vi.waitFor(() => expect(taps).toHaveLength(1), { timeout: 10_000 });
    expect(taps[0]).toMatchObject({ action: 'IN' });
    expect(Date.parse(taps[0]!.occurredAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(taps[0]!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('button', { name: 'Clock out' }, { timeout: 10_000 })).toBeEnabled();
    expect(screen.getByText(/^Clocked in since /).closest('[role=status]')).not.toBeNull();
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3), {
      timeout: 10_000,
    });
  });

  it('keeps a tap made without a connection on the phone and shows it as clocked in', async () => {
    storeDriverSession();
    // The screen's last answer, kept on the phone: not clocked in.
    localStorage.setItem(
      '__driver_snapshot__hours',
      JSON.stringify({ data: { openShift: null, recent: [] }, savedAt: new Date().toISOString() }),
    );
    hoursServer({ openShift: null, recent: [] }, { offline: true });
    const user = userEvent.setup();
    renderDriverApp('/driver/hours');

    expect(await screen.findByText(/^Offline: these are your hours as they were at/)).toBeVisible();
    expect(screen.getByText('No shifts in the last two weeks.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clock in' }));

    expect(await screen.findByRole('button', { name: 'Clock out' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText(/^Clocked in since /).closest('[role=status]')).not.toBeNull();
    expect(
      screen.getByText(/^Kept on this phone: it is sent as soon as there is a connection/),
    ).toBeVisible();
  });
});
