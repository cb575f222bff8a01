import type { Browser, Page } from '@playwright/test';
import { driverPayload } from '@school-transport/testing';
import { postThroughApi, putThroughApi, recordsFor } from '../support/api';
import { inviteDriver } from '../support/driver-trip';
import { expect, test } from '../support/fixtures';
import { createLiveDay, type LiveDay } from '../support/live-day';
import { childAtFirstStop, inviteParent, parentWords, PHONE, signInAsParent } from '../support/parent-portal';
import { phoneWords } from '../support/phone-words';

/**
 * Issue 34's story of a cover (decision 054): the driver calls in sick, the office covers the route's runs of today
 * on the Covers screen, the substitute's phone shows the run with the first stop's note for a driver new to it
 * (decision 058) and the regular driver's no longer does, and the parent's Today says who is coming. Records carry
 * the test's tag (the database is shared).
 */

// The office works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

const driverWords = phoneWords('driver');

/** A driver's phone signed in at /driver, on Today. */
async function driverPhoneSignedIn(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  await phone.goto('/driver');
  await phone.getByLabel(driverWords('signIn.email'), { exact: true }).fill(account.email);
  await phone.getByLabel(driverWords('signIn.password'), { exact: true }).fill(account.password);
  await phone.getByRole('button', { name: driverWords('signIn.submit') }).click();
  await expect(phone.getByRole('heading', { level: 1, name: driverWords('today.title') })).toBeVisible();
  return phone;
}

async function coverTodayOnScreen(page: Page, routeName: string, substitute: string) {
  await page.goto('/covers');
  await page.getByRole('button', { name: 'Cover a run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cover a run' });
  await dialog.getByRole('combobox', { name: 'Route' }).fill(routeName);
  await page.getByRole('option', { name: new RegExp(routeName) }).click();
  await dialog.getByRole('combobox', { name: 'Substitute driver' }).fill(substitute);
  await page.getByRole('option', { name: substitute }).click();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Driver off sick');
  await dialog.getByRole('button', { name: 'Save cover' }).click();
  await expect(dialog).toBeHidden();
  // Today's pickup and drop now name the substitute.
  await expect(page.getByText(/Cover saved: 2 trip\(s\) now name the substitute/)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(routeName) })).toContainText(
    `Driver ${substitute} for`,
  );
}

/** HH:MM of an instant on this machine's clock, the server's zone (as the parent's Today writes it). */
const clockOf = (iso: string) => {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};

/** A parent's phone signed in, on Today, and the morning run of their seated child there. */
async function parentToday(browser: Browser, account: { email: string; password: string }, day: LiveDay) {
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  await signInAsParent(phone, account);
  const morning = phone
    .getByRole('article', { name: day.parts.children[0]!.name })
    .getByRole('region', { name: parentWords('run.PICKUP') });
  return { phone, morning };
}

test('the office covers today’s runs; the substitute’s phone has them, the regular driver’s not, and the parent reads who is coming', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const day = await createLiveDay(page);
  const substitute = driverPayload(day.tag, 1);
  const { id: substituteId } = await recordsFor(page).driver(substitute);
  const substitutePassword = await inviteDriver(
    page,
    { ids: { driverId: substituteId }, driver: { email: substitute.email } },
    day.tag,
  );
  const parentAccount = await inviteParent(page, day);
  await childAtFirstStop(page, day);
  // What the regular drivers keep on the first stop for whoever drives it.
  const note = `Gate code 4411, wait at the corner ${day.tag}`;
  await putThroughApi(page, `stops/update/${day.stopIds[0]}`, { ...day.stops[0], note });

  await coverTodayOnScreen(page, day.routeName, substitute.name);

  const substitutePhone = await driverPhoneSignedIn(browser, {
    email: substitute.email,
    password: substitutePassword,
  });
  await expect(
    substitutePhone.getByRole('article', { name: new RegExp(day.routeName) }).first(),
  ).toBeVisible();
  await substitutePhone
    .getByRole('article', { name: new RegExp(day.routeName) })
    .first()
    .getByRole('link', { name: driverWords('today.trip.manifest') })
    .click();
  await expect(substitutePhone.getByText(note)).toBeVisible();

  // createLiveDay's driver set this password through their invitation (inviteDriver).
  const regularPhone = await driverPhoneSignedIn(browser, {
    email: day.parts.driver.email,
    password: `driver password ${day.tag}`,
  });
  await expect(regularPhone.getByText(driverWords('today.empty'))).toBeVisible();

  const { phone: parent, morning } = await parentToday(browser, parentAccount, day);
  await expect(
    morning.getByText(
      parentWords('run.coming', { plate: day.parts.vehicle.licensePlate, driver: substitute.name }),
    ),
  ).toBeVisible();
  await expect(
    morning.getByText(parentWords('run.substituteDriver', { driver: substitute.name })),
  ).toBeVisible();

  // Later that morning a second route (B) rides with the covered run (decision 061). Each parent's Today shows the
  // time at their stop: B's parent the new one, estimated along A's run after its last stop; A's parent their own,
  // which the combine leaves as planned.
  const other = await createLiveDay(page);
  const otherAccount = await inviteParent(page, other);
  await childAtFirstStop(page, other);
  const { morning: otherMorning } = await parentToday(browser, otherAccount, other);
  const stopAt = (stop: string, time: string) => parentWords('run.stopPlanned', { stop, time });
  const combined = await postThroughApi<{ hostStops: { name: string; plannedAt: string | null }[] }>(
    page,
    `trips/combine/${other.tripId}`,
    { hostTripId: day.tripId, reason: `Bus of ${other.routeName} failed its check` },
  );
  const timeAt = (name: string) => combined.hostStops.find((stop) => stop.name === name)?.plannedAt;
  const newTime = timeAt(other.stops[0]!.name);
  expect(newTime, 'B’s stop has a time on A’s run').toBeTruthy();
  const ownTime = timeAt(day.stops[0]!.name)!;
  await otherMorning.page().reload();
  await expect(otherMorning.getByText(stopAt(other.stops[0]!.name, clockOf(newTime!)))).toBeVisible();
  await parent.reload();
  await expect(morning.getByText(stopAt(day.stops[0]!.name, clockOf(ownTime)))).toBeVisible();
});
