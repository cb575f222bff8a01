import type { Browser, Page } from '@playwright/test';
import { postThroughApi } from './api';
import { PHONE_STUBS, type DriverDay } from './driver-trip';
import { expect, storedToken } from './fixtures';

const PHONE = { viewport: { width: 390, height: 844 } };

/**
 * Gives the driver day's vehicle a type of its own (`vehicleType`, so that no other test's bus needs its checklist)
 * with a checklist of Brakes and Lights. Answers the vehicle's plate as the driver app writes it.
 */
export async function needsInspection(
  { parts }: DriverDay,
  page: Page,
  vehicleType: string,
): Promise<string> {
  const update = await page.request.fetch(`/api/vehicles/update/${parts.ids.vehicleId}`, {
    method: 'PUT',
    data: { ...parts.vehicle, type: vehicleType },
    headers: { authorization: (await storedToken(page)) ?? '' },
  });
  expect(update.status(), await update.text()).toBe(200);
  await postThroughApi(page, 'inspections/checklists', {
    vehicleType,
    items: [
      { id: 'brakes', label: 'Brakes' },
      { id: 'lights', label: 'Lights' },
    ],
  });
  return parts.vehicle.licensePlate.replace(/\s/g, '').toUpperCase();
}

/** The driver's phone (a context of its own), signed in to the driver app. */
export async function driverPhone(browser: Browser, { driver }: DriverDay) {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(PHONE_STUBS);
  const phone = await context.newPage();
  await phone.goto('/driver');
  await phone.getByLabel('Email', { exact: true }).fill(driver.email);
  await phone.getByLabel('Password').fill(driver.password);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  return { phone, close: () => context.close() };
}

/** On the trip's screen of the driver app: finishes the trip. */
export async function finishTrip(phone: Page): Promise<void> {
  await phone.getByRole('button', { name: 'Finish trip' }).click();
  await expect(phone.getByText('Trip finished.')).toBeVisible();
}

/** Starts the trip of today's card named `card` ('Afternoon drop, North 1'), finishes it, and is back on today's. */
export async function driveTrip(phone: Page, card: string): Promise<void> {
  await phone.goto('/driver');
  await phone.getByRole('article', { name: card }).getByRole('button', { name: 'Start' }).click();
  await finishTrip(phone);
  await phone.goto('/driver');
}
