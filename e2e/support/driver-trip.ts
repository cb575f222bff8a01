import type { Page } from '@playwright/test';
import { linkTokenIn, uniqueTag } from '@school-transport/testing';
import { createThroughApi, postThroughApi, putThroughApi } from './api';
import { assignThroughApi, createParts, localToday, type Parts } from './assignments-helpers';
import { expect, storedToken } from './fixtures';
import { lastMailTo } from './mail-sink';

/** A driver with a driver-app password and a trip of today, made through the admin API as the office would. */
export interface DriverDay {
  tag: string;
  parts: Parts;
  driver: { email: string; password: string };
  /** Today's morning (PICKUP) trip of the driver's assignment. */
  tripId: string;
}

interface TripRow {
  id: string;
  type: 'PICKUP' | 'DROP';
  route: { name: string };
}

/** Invites the driver of `parts` and sets their password from the mailed link, as they would; answers it. */
export async function inviteDriver(
  page: Page,
  parts: { ids: Pick<Parts['ids'], 'driverId'>; driver: Pick<Parts['driver'], 'email'> },
  tag: string,
): Promise<string> {
  await postThroughApi(page, `drivers/${parts.ids.driverId}/invite`, {});
  const password = `driver password ${tag}`;
  await acceptInvitation(page, parts.driver.email, password);
  return password;
}

/** Sets the password of the account invited at `email` through the link its invitation mail holds. */
export async function acceptInvitation(page: Page, email: string, password: string): Promise<void> {
  const token = linkTokenIn(await lastMailTo(email));
  expect(token, 'the invitation mail holds a link').toBeTruthy();
  const reset = await page.request.post('/api/auth/reset-password', {
    data: { token, password, confirmPassword: password },
  });
  expect(reset.status(), await reset.text()).toBe(200);
}

/** Signs the driver in on their phone at /driver, the app's own sign-in, as they would; Today opens. */
export async function signInAsDriver(
  phone: Page,
  driver: { email: string; password: string },
): Promise<void> {
  await phone.goto('/driver');
  await expect(phone).toHaveURL(/\/driver\/sign-in$/);
  await phone.getByLabel('Email', { exact: true }).fill(driver.email);
  await phone.getByLabel('Password').fill(driver.password);
  await phone.getByRole('button', { name: 'Sign in' }).click();
}

/** A stop of the morning run, where every seated child waits, with its note for drivers. */
export interface DriverDayStop {
  name: string;
  note: string;
}

/** The stop on the route's morning run (starting 07:30), every seated child tied to it. */
async function stopOnMorningRun(page: Page, parts: Parts, children: number, stop: DriverDayStop) {
  const stopId = await createThroughApi(page, 'stops', { ...stop, lat: 12.9352, lng: 77.6245 });
  await putThroughApi(page, `routes/${parts.ids.routeId}/runs/PICKUP`, {
    startTime: '07:30',
    stops: [{ stopId, minutesAfterStart: 0 }],
  });
  for (const studentId of parts.ids.studentIds.slice(0, children))
    await putThroughApi(page, `students/${studentId}/stops/PICKUP`, { stopId });
}

/**
 * Through the admin API of `page` (signed in as the admin), makes a driver (invited, who then sets a password through
 * the mailed link), a vehicle, a route, a family of `children` children all seated in one assignment, and generates
 * today's trips; with `stop`, the morning run has that stop, where the children wait.
 */
export async function createDriverDay(
  page: Page,
  children: number,
  { stop }: { stop?: DriverDayStop } = {},
): Promise<DriverDay> {
  const tag = uniqueTag();
  const parts = await createParts(page, tag, children + 2, children);
  await assignThroughApi(page, parts, children);
  if (stop) await stopOnMorningRun(page, parts, children, stop);

  const password = await inviteDriver(page, parts, tag);

  const today = localToday();
  await postThroughApi(page, 'trips/generate', { date: today });
  const list = await page.request.get(
    `/api/trips/get-all?${new URLSearchParams({ dateFrom: today, dateTo: today, type: 'PICKUP', search: parts.route.name, limit: '10' })}`,
    { headers: { authorization: (await storedToken(page)) ?? '' } },
  );
  expect(list.status(), await list.text()).toBe(200);
  const trips = ((await list.json()) as { data: TripRow[] }).data;
  const trip = trips.find((row) => row.route.name === parts.route.name && row.type === 'PICKUP');
  expect(trip, `a morning trip of ${parts.route.name} today`).toBeTruthy();
  return { tag, parts, driver: { email: parts.driver.email, password }, tripId: trip!.id };
}

/**
 * Stubs for what a phone has and a test browser lacks, installed before the app loads: an NFC reader whose tags
 * the test "holds to the phone" with `window.__holdNfcTag(serial)`, and a camera whose QR code the test shows with
 * `window.__showQrCode(text)` (a BarcodeDetector that reads it, fed by a blank camera picture).
 */
export const PHONE_STUBS = () => {
  const readers: EventTarget[] = [];
  class FakeNdefReader extends EventTarget {
    async scan() {
      readers.push(this);
    }
  }
  let shownQr: string | null = null;
  class FakeBarcodeDetector {
    async detect() {
      const text = shownQr;
      shownQr = null;
      return text ? [{ rawValue: text }] : [];
    }
  }
  const globals = window as unknown as Record<string, unknown>;
  globals.NDEFReader = FakeNdefReader;
  globals.BarcodeDetector = FakeBarcodeDetector;
  globals.__holdNfcTag = (serialNumber: string) => {
    for (const reader of readers) {
      const event = new Event('reading');
      Object.assign(event, { serialNumber });
      reader.dispatchEvent(event);
    }
    return readers.length;
  };
  globals.__showQrCode = (text: string) => {
    shownQr = text;
  };
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 48;
  if (navigator.mediaDevices) {
    navigator.mediaDevices.getUserMedia = async () => {
      canvas.getContext('2d')?.fillRect(0, 0, 64, 48);
      return canvas.captureStream(5);
    };
  }
};
