import type { Manifest } from '@school-transport/shared';
import { createDriverDay, PHONE_STUBS, signInAsDriver } from '../support/driver-trip';
import { expect, storedToken, test } from '../support/fixtures';

/** A phone in a driver's hand: 390 × 844, on the bus's position, with NFC and a camera (stubbed). */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });
const PHONE = {
  viewport: { width: 390, height: 844 },
  geolocation: { latitude: 12.9352, longitude: 77.6245, accuracy: 12 },
  permissions: ['geolocation'],
};

test('a driver starts a trip, boards children by NFC, QR and tap, scans offline and the office sees every event once', async ({
  page,
  browser,
}) => {
  const { parts, driver, tripId } = await createDriverDay(page, 3);
  const [first, second, third] = parts.children;
  const [, secondId] = parts.ids.studentIds;

  const phoneContext = await browser.newContext(PHONE);
  await phoneContext.addInitScript(PHONE_STUBS);
  const phone = await phoneContext.newPage();

  // Sign in at /driver: the driver app's own screen.
  await signInAsDriver(phone, driver);

  // Today: the morning trip, started from its card.
  const card = phone.getByRole('article', { name: `Morning pickup, ${parts.route.name}` });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Start' }).click();
  await expect(phone).toHaveURL(new RegExp(`/driver/trips/${tripId}$`));
  const boarded = phone.getByRole('status', { name: 'Children on the bus' });
  await expect(boarded).toHaveText('0');

  // NFC: the first child's card held to the phone (serial numbers come with colons, in lower case).
  await phone.getByRole('button', { name: 'Scan NFC cards' }).click();
  await expect(phone.getByRole('button', { name: /NFC on/ })).toBeVisible();
  const serialOf = (tag: string) =>
    tag
      .toLowerCase()
      .match(/.{1,2}/g)!
      .join(':');
  await phone.evaluate(
    (serial) => (window as unknown as { __holdNfcTag: (s: string) => number }).__holdNfcTag(serial),
    serialOf(first!.nfcTagId),
  );
  await expect(phone.getByText(`${first!.name} boarded.`)).toBeVisible();
  await expect(boarded).toHaveText('1');

  // QR: the second child's printed card in front of the camera.
  await phone.getByRole('button', { name: 'Scan QR codes' }).click();
  const camera = phone.getByRole('dialog', { name: "Scan a card's QR code" });
  await expect(camera.getByText('Hold a card in front of the camera.')).toBeVisible();
  await phone.evaluate(
    (text) => (window as unknown as { __showQrCode: (t: string) => void }).__showQrCode(text),
    `schoolride:student:${secondId}`,
  );
  await expect(camera.getByText(`${second!.name} boarded.`)).toBeVisible();
  await camera.getByRole('button', { name: 'Done' }).click();
  await expect(boarded).toHaveText('2');

  // Tap: the third child in the manifest, whose row opens its actions.
  await phone.getByRole('button', { name: new RegExp(`^${third!.name}, Waiting`) }).click();
  await phone.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(phone.getByRole('status').filter({ hasText: `${third!.name} boarded.` })).toBeVisible();
  await expect(boarded).toHaveText('3');

  // Everything sent so far: nothing waits.
  await expect(phone.getByText(/waiting to be sent/)).toHaveCount(0);

  // A dead zone: the first child leaves by NFC, the second by the card reader; both wait on the phone.
  const scanQr = phone.getByRole('button', { name: 'Scan QR codes' });
  const topOnPage = () => scanQr.evaluate((button) => button.getBoundingClientRect().top + window.scrollY);
  const qrButtonTop = await topOnPage();
  await phoneContext.setOffline(true);
  await phone.evaluate(
    (serial) => (window as unknown as { __holdNfcTag: (s: string) => number }).__holdNfcTag(serial),
    serialOf(first!.nfcTagId),
  );
  await expect(phone.getByText(`${first!.name} left the bus.`)).toBeVisible();
  const reader = phone.getByLabel('Card reader');
  await reader.fill(second!.nfcTagId);
  await reader.press('Enter');
  await expect(phone.getByText(`${second!.name} left the bus.`)).toBeVisible();
  await expect(boarded).toHaveText('1');
  await expect(phone.getByText('2 events waiting to be sent')).toBeVisible();
  // The banner that comes and goes with sending moves no button: a tap meant for one lands on it.
  expect(await topOnPage()).toBe(qrButtonTop);

  // Back in coverage: the phone catches up by itself.
  await phoneContext.setOffline(false);
  await expect(phone.getByText(/waiting to be sent/)).toHaveCount(0);

  // The office's manifest holds each of the five events once, with the bus's position.
  const answer = await page.request.get(`/api/trips/${tripId}/manifest`, {
    headers: { authorization: (await storedToken(page)) ?? '' },
  });
  expect(answer.status()).toBe(200);
  const manifest = ((await answer.json()) as { data: Manifest }).data;
  const ids = manifest.events.map((event) => event.eventId);
  expect(new Set(ids).size).toBe(ids.length);
  expect(manifest.events.map((event) => `${event.method} ${event.kind} ${event.studentName}`).sort()).toEqual(
    [
      `NFC BOARD ${first!.name}`,
      `QR BOARD ${second!.name}`,
      `TAP BOARD ${third!.name}`,
      `NFC ALIGHT ${first!.name}`,
      `READER ALIGHT ${second!.name}`,
    ].sort(),
  );
  expect(manifest.events.every((event) => event.flag === null)).toBe(true);
  expect(manifest.events.some((event) => event.lat !== null)).toBe(true);

  // The app reopens in a dead zone: its shell comes from the service worker, the manifest from the last load.
  await phone.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await phoneContext.setOffline(true);
  await phone.reload();
  await expect(phone.getByText(/^Offline: the manifest as it was at/)).toBeVisible();
  await expect(boarded).toHaveText('1');
  await expect(phone.getByRole('button', { name: new RegExp(`^${third!.name}, On the bus`) })).toBeVisible();
  await phoneContext.close();
});
