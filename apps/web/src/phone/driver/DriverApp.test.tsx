// The signed-in driver app keeps its outbox in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  aRunningTrip,
  aTripStop,
  json,
  ok,
  renderDriverApp,
  storeDriverSession,
  TRIP_ID,
} from './render-driver-app';

function answerSignInAs(role: string) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/auth/login')) {
      return json({
        success: true,
        type: 'success',
        message: 'Signed in',
        token: 'new-token',
        user: { id: 'u1', name: 'Sam', email: 'sam@example.com', role },
      });
    }
    if (url.endsWith('/auth/logout')) return json({ success: true, type: 'success' });
    if (url.endsWith('/driver/today')) return ok([]);
    if (url.endsWith('/driver/inspections')) return ok([]);
    return ok(null);
  });
}

async function signInAtDriver() {
  const user = userEvent.setup();
  renderDriverApp('/driver');
  await screen.findByRole('heading', { level: 1, name: 'Driver sign in' });
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'sam@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'a password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

const ANNA_ID = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';

/** A morning run under way with one child, Anna, at the one stop. */
const RUNNING = aRunningTrip({
  stops: [aTripStop(1, { name: 'Park gate' })],
  riders: [
    {
      studentId: ANNA_ID,
      name: 'Anna',
      class: '3B',
      photoUrl: null,
      nfcTagId: '04A23B1C',
      stopPosition: 1,
      state: 'WAITING',
      absent: false,
      handOver: null,
      handOverMiss: null,
      officeNote: null,
    },
  ],
});

afterEach(() => vi.restoreAllMocks());

describe('the driver app sign-in', () => {
  it('tells an office account that this is the driver app, and ends the new session', async () => {
    const fetchSpy = answerSignInAs('admin');
    await signInAtDriver();

    expect(await screen.findByText(/This is the driver app\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the back-office' })).toHaveAttribute('href', '/login');
    expect(fetchSpy.mock.calls.some(([url]) => String(url).endsWith('/auth/logout'))).toBe(true);
    expect(localStorage.getItem('__driver_token__')).toBeNull();
  });

  it('takes a driver to today’s trips, keeping the session apart from the back-office’s', async () => {
    answerSignInAs('driver');
    await signInAtDriver();

    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    expect(await screen.findByText('You have no trips today.')).toBeVisible();
    expect(localStorage.getItem('__driver_token__')).toBe('new-token');
    expect(localStorage.getItem('__token__')).toBeNull();
  });

  it('sends a driver whose session the server refuses back to sign in, saying why', async () => {
    storeDriverSession('old-token');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ success: false, type: 'error', message: 'Your session has expired.' }, 401),
    );
    renderDriverApp('/driver');

    expect(await screen.findByText(/session has ended/i)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Driver sign in' })).toBeVisible();
    expect(localStorage.getItem('__driver_token__')).toBeNull();
  });
});

describe('the driver app’s trip', () => {
  it('boards a child whose card the reader types, and says so in a live region', async () => {
    storeDriverSession();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith(`/driver/trips/${TRIP_ID}`)) return ok(RUNNING);
      if (url.endsWith('/driver/events'))
        return ok({ created: 1, duplicates: 0, outcomes: [{ eventId: 'x', flag: null, studentName: null }] });
      return ok([]);
    });
    const user = userEvent.setup();
    renderDriverApp(`/driver/trips/${TRIP_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'North 1' })).toBeVisible();
    const onBus = screen.getByRole('status', { name: 'Children on the bus' });
    expect(onBus).toHaveTextContent('0');
    await user.type(screen.getByRole('textbox', { name: 'Card reader' }), '04:a2:3b:1c{Enter}');

    expect(await screen.findByText('Anna boarded.')).toHaveAttribute('role', 'status');
    expect(onBus).toHaveTextContent('1');
    expect(screen.getByText('child on the bus')).toBeVisible();
    const park = screen.getByRole('region', { name: 'Park gate' });
    expect(within(park).getByRole('button', { name: 'Anna, On the bus' })).toBeVisible();
    await vi.waitFor(() =>
      expect(fetchSpy.mock.calls.some(([url]) => String(url).endsWith('/driver/events'))).toBe(true),
    );
  });

  it('asks why when the server refuses to finish with a child on board, and sends the reason', async () => {
    storeDriverSession();
    const finishes: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith(`/driver/trips/${TRIP_ID}`)) return ok(RUNNING);
      if (url.endsWith('/finish')) {
        const body = JSON.parse(String(init?.body ?? '{}')) as { reason: string | null };
        finishes.push(body.reason);
        if (body.reason === null)
          return json(
            {
              success: false,
              type: 'error',
              message: 'Anna is still on the bus.',
              errors: [{ field: 'reason', message: 'Say why' }],
            },
            409,
          );
        return json({ success: true, type: 'success' });
      }
      return ok([]);
    });
    const user = userEvent.setup();
    renderDriverApp(`/driver/trips/${TRIP_ID}`);

    await user.click(await screen.findByRole('button', { name: 'Finish trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Children are still on the bus' });
    expect(within(dialog).getByText('Anna is still on the bus.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Finish with this reason' }));
    expect(await within(dialog).findByText('Say why children are still on the bus')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: /Why finish now\?/ }), 'Handed to the nurse');
    await user.click(within(dialog).getByRole('button', { name: 'Finish with this reason' }));

    await vi.waitFor(() => expect(finishes).toEqual([null, 'Handed to the nurse']));
  });
});
