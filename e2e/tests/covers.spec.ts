import type { Browser, Page } from '@playwright/test';
import { driverPayload } from '@school-transport/testing';
import { putThroughApi, recordsFor } from '../support/api';
import { inviteDriver } from '../support/driver-trip';
import { expect, test } from '../support/fixtures';
import { createLiveDay } from '../support/live-day';
import { inviteParent, parentWords, PHONE, signInAsParent } from '../support/parent-portal';
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

  const context = await browser.newContext({ viewport: PHONE });
  const parent = await context.newPage();
  await signInAsParent(parent, parentAccount);
  const morning = parent
    .getByRole('article', { name: day.parts.children[0]!.name })
    .getByRole('region', { name: parentWords('run.PICKUP') });
  await expect(
    morning.getByText(
      parentWords('run.coming', { plate: day.parts.vehicle.licensePlate, driver: substitute.name }),
    ),
  ).toBeVisible();
  await expect(
    morning.getByText(parentWords('run.substituteDriver', { driver: substitute.name })),
  ).toBeVisible();
});
