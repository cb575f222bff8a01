// The signed-in driver app keeps its outbox in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import type { Manifest } from '@school-transport/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aRunningTrip,
  aTripStop,
  ok,
  renderDriverApp,
  storeDriverSession,
  TRIP_ID,
} from './render-driver-app';

// The phone draws the photo small on a canvas, which jsdom lacks: the file goes as it is.
vi.mock('../kit/photo-data', () => ({ photoAsJpeg: (file: File) => Promise.resolve(file) }));

/**
 * The next stop on the trip page (issue 34, decision 058): its note, photo and Navigate link, "Edit note" for the
 * driver of the running trip, and the calm view while the bus moves (the speed rule itself: calm-driving.test.ts).
 */
const STOP_ID = '5d6e7f80-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const PHOTO = '/api/uploads/profile/stop/ab.webp?expires=1&signature=s';

/** A morning run under way: Anna and Ben wait at Mill Lane gate, which has a note and a photo. */
const RUNNING = aRunningTrip({
  stops: [
    aTripStop(1, {
      stopId: STOP_ID,
      name: 'Mill Lane gate',
      lat: 12.9352,
      lng: 77.6245,
      note: 'Gate code 4411',
      photoUrl: PHOTO,
    }),
  ],
  riders: ['Anna', 'Ben'].map((name, index) => ({
    studentId: `1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8${index}`,
    name,
    class: '3B',
    photoUrl: null,
    nfcTagId: null,
    stopPosition: 1,
    state: 'WAITING' as const,
    absent: false,
    handOver: null,
    handOverMiss: null,
    officeNote: null,
  })),
});

/** The phone's position as the test moves it: each call to `move` is a fix from the GPS. */
let sendFix: ((position: GeolocationPosition) => void) | null = null;
let at = 1_000_000;
function move(speed: number | null) {
  at += 5_000;
  act(() =>
    sendFix!({
      timestamp: at,
      coords: { latitude: 12.93, longitude: 77.62, accuracy: 8, speed, heading: null },
    } as GeolocationPosition),
  );
}

beforeEach(() => {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      watchPosition: (success: (position: GeolocationPosition) => void) => {
        sendFix = success;
        return 1;
      },
      clearWatch: () => {
        sendFix = null;
      },
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

function answer(manifest: Manifest, notes: unknown[] = []) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith(`/driver/trips/${TRIP_ID}`)) return ok(manifest);
    if (url.endsWith(`/driver/trips/${TRIP_ID}/stops/${STOP_ID}/note`)) {
      const body = JSON.parse(String(init?.body)) as { note: string };
      notes.push(body.note);
      return ok({ stopId: STOP_ID, note: body.note }, 'Note saved.');
    }
    return ok([]);
  });
}

describe('the next stop card', () => {
  it('shows the stop’s note, its photo and a Navigate link to the phone’s maps app', async () => {
    storeDriverSession();
    answer(RUNNING);
    renderDriverApp(`/driver/trips/${TRIP_ID}`);

    const stop = await screen.findByRole('region', { name: 'Mill Lane gate' });
    expect(within(stop).getByText('Next stop')).toBeVisible();
    expect(within(stop).getByText('Gate code 4411')).toBeVisible();
    expect(within(stop).getByRole('img', { name: 'Photo of Mill Lane gate' })).toHaveAttribute('src', PHOTO);
    // jsdom says neither iPhone nor iPad: the geo: address the Android maps app takes.
    expect(
      within(stop).getByRole('link', { name: 'Navigate to Mill Lane gate in the maps app' }),
    ).toHaveAttribute(
      'href',
      `geo:12.9352,77.6245?q=${encodeURIComponent('12.9352,77.6245(Mill Lane gate)')}`,
    );
  });

  it('lets the driver of the running trip rewrite the note, checking its length next to the field', async () => {
    storeDriverSession();
    const notes: unknown[] = [];
    answer(RUNNING, notes);
    const user = userEvent.setup();
    renderDriverApp(`/driver/trips/${TRIP_ID}`);

    await user.click(await screen.findByRole('button', { name: 'Edit the note of Mill Lane gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Note for Mill Lane gate' });
    const field = within(dialog).getByRole('textbox', { name: /^Note/ });
    expect(field).toHaveValue('Gate code 4411');
    await user.clear(field);
    await user.click(field);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(within(dialog).getByText('The note can be at most 500 characters.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(notes).toEqual([]);

    await user.clear(field);
    await user.type(field, 'Gate code 5520 since Monday');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await vi.waitFor(() => expect(notes).toEqual(['Gate code 5520 since Monday']));
    expect(await screen.findByText('Note saved.')).toBeVisible();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no Edit note before the trip starts', async () => {
    storeDriverSession();
    answer({ ...RUNNING, status: 'PENDING' });
    renderDriverApp(`/driver/trips/${TRIP_ID}`);

    expect(await screen.findByRole('button', { name: 'Start trip' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Edit the note/ })).toBeNull();
    expect(screen.queryByLabelText(/Take or choose a photo/)).toBeNull();
  });

  it('lets the driver of the running trip take or choose the stop’s photo, and says a refusal in the server’s words', async () => {
    storeDriverSession();
    const sent: File[] = [];
    let refuse = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith(`/driver/trips/${TRIP_ID}`)) return ok(RUNNING);
      if (url.endsWith(`/driver/trips/${TRIP_ID}/stops/${STOP_ID}/photo`)) {
        expect(init?.method).toBe('POST');
        sent.push((init?.body as FormData).get('image') as File);
        if (refuse)
          return new Response(
            JSON.stringify({ success: false, message: 'Only image files can be uploaded.', errors: [] }),
            { status: 415, headers: { 'content-type': 'application/json' } },
          );
        return ok({ stopId: STOP_ID, photoUrl: PHOTO }, 'Photo saved.');
      }
      return ok([]);
    });
    const user = userEvent.setup();
    renderDriverApp(`/driver/trips/${TRIP_ID}`);

    const stop = await screen.findByRole('region', { name: 'Mill Lane gate' });
    // The stop has a photo already: the control offers to change it.
    expect(within(stop).getByText('Change photo')).toBeVisible();
    const picker = within(stop).getByLabelText('Take or choose a photo of Mill Lane gate');
    expect(picker).toHaveAttribute('accept', 'image/*');
    expect(picker).not.toHaveAttribute('capture');
    const photo = new File(['jpeg bytes'], 'gate.jpg', { type: 'image/jpeg' });
    await user.upload(picker, photo);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.size).toBe(photo.size);
    expect(await screen.findByText('Photo saved.')).toBeVisible();

    refuse = true;
    await user.upload(picker, photo);
    expect(await within(stop).findByText('Only image files can be uploaded.')).toBeVisible();
  });
});

describe('the calm view while driving', () => {
  it('replaces the page above walking speed, holds near it, and gives the full view back once the bus slows', async () => {
    storeDriverSession();
    answer(RUNNING);
    const user = userEvent.setup();
    renderDriverApp(`/driver/trips/${TRIP_ID}`);
    expect(await screen.findByRole('button', { name: 'Finish trip' })).toBeVisible();

    move(2); // walking pace: nothing changes
    expect(screen.queryByRole('heading', { name: 'Driving view' })).toBeNull();
    move(8);
    const calm = await screen.findByRole('region', { name: 'Driving view' });
    expect(within(calm).getByText('Mill Lane gate')).toBeVisible();
    expect(within(calm).getByText('Gate code 4411')).toBeVisible();
    expect(within(calm).getByRole('status')).toHaveTextContent('2 children due here');
    // One control on the page, and nothing of the full page (the app's own header keeps its account menu).
    const page = screen.getByRole('main');
    expect(
      within(page)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(["I've stopped: full view"]);
    expect(within(page).queryByRole('link')).toBeNull();
    expect(within(page).queryByRole('textbox')).toBeNull();

    move(2); // creeping in traffic: still calm
    expect(screen.getByRole('region', { name: 'Driving view' })).toBeVisible();
    move(0.5);
    expect(await screen.findByRole('button', { name: 'Finish trip' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Driving view' })).toBeNull();

    // "I've stopped" holds the full view until the bus next slows.
    move(8);
    await user.click(await screen.findByRole('button', { name: "I've stopped: full view" }));
    expect(await screen.findByRole('button', { name: 'Finish trip' })).toBeVisible();
    move(9);
    expect(screen.queryByRole('region', { name: 'Driving view' })).toBeNull();
    move(0);
    move(8);
    expect(await screen.findByRole('region', { name: 'Driving view' })).toBeVisible();
  });

  it('stays off when the driver turned the setting off on the account page', async () => {
    storeDriverSession();
    answer(RUNNING);
    const user = userEvent.setup();
    renderDriverApp('/driver/account');
    const setting = await screen.findByRole('switch', { name: 'Calm view while driving' });
    expect(setting).toHaveAttribute('aria-checked', 'true');
    await user.click(setting);
    expect(setting).toHaveAttribute('aria-checked', 'false');
    expect(localStorage.getItem('driver.calmView')).toBe('off');

    await user.click(screen.getByRole('link', { name: 'Today' }));
    window.history.pushState(null, '', `/driver/trips/${TRIP_ID}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByRole('button', { name: 'Finish trip' })).toBeVisible();
    move(12);
    expect(screen.queryByRole('region', { name: 'Driving view' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Finish trip' })).toBeVisible();
  });
});
