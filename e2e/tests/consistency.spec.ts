import type { Driver, ParentDetails } from '@school-transport/shared';
import { driverPayload, parentPayload, childPayload, uniqueTag } from '@school-transport/testing';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createThroughApi, getThroughApi } from '../support/api';
import { field } from '../support/families-helpers';
import { rowAction } from '../support/screens';

/** Cancel on an update screen with changes, answered with `answer` ('Discard' or 'Keep editing'). */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });
async function cancelAndAnswer(page: Page, answer: 'Discard' | 'Keep editing') {
  await page.getByRole('button', { name: 'Cancel' }).click();
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await ask.getByRole('button', { name: answer }).click();
  await expect(ask).toBeHidden();
}

test("a driver's update screen is left with Cancel for where the user came from, changes discarded only when confirmed", async ({
  page,
}) => {
  const tag = uniqueTag();
  const driver = driverPayload(tag);
  const id = await createThroughApi(page, 'drivers', driver);

  // From the list: a change, Cancel, Discard, and the list again with the stored name.
  await page.goto(`/all-drivers?search=${tag}`);
  await rowAction(page, driver.name, 'Edit');
  await expect(page).toHaveURL(`/update-driver-details/${id}`);
  await expect(page.getByLabel('Name')).toHaveValue(driver.name);
  await page.getByLabel('Name').fill(`${driver.name} Changed`);
  await cancelAndAnswer(page, 'Discard');
  await expect(page).toHaveURL(`/all-drivers?search=${tag}`);
  await expect(page.getByRole('row', { name: new RegExp(driver.name) })).toBeVisible();
  await expect(page.getByText(`${driver.name} Changed`)).toHaveCount(0);
  expect((await getThroughApi<Driver>(page, `drivers/get-one/${id}`)).user.name).toBe(driver.name);

  // From the details page, nothing changed: Cancel goes straight back without asking.
  await rowAction(page, driver.name, 'View');
  await page.getByRole('link', { name: 'Update' }).click();
  await expect(page).toHaveURL(`/update-driver-details/${id}`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`/driver-details/${id}`);
  await expect(page.getByRole('heading', { name: driver.name })).toBeVisible();
});

test("a parent's update screen keeps the changes on Keep editing, and Discard leaves the stored ones", async ({
  page,
}) => {
  const tag = uniqueTag();
  const parent = parentPayload(tag);
  const id = await createThroughApi(page, 'parents', { ...parent, children: [childPayload(tag, 1)] });

  await page.goto(`/parent-details/${id}`);
  await page.getByRole('link', { name: 'Update', exact: true }).click();
  await expect(page).toHaveURL(`/update-parent/${id}`);
  const form = page.locator('main form');
  await expect(field(form, 'ZIP Code')).toHaveValue(parent.pinCode);
  await field(form, 'ZIP Code').fill('570001');

  await cancelAndAnswer(page, 'Keep editing');
  await expect(page).toHaveURL(`/update-parent/${id}`);
  await expect(field(form, 'ZIP Code')).toHaveValue('570001');

  await cancelAndAnswer(page, 'Discard');
  await expect(page).toHaveURL(`/parent-details/${id}`);
  await expect(page.getByText(parent.pinCode, { exact: true })).toBeVisible();
  await expect(page.getByText('570001')).toHaveCount(0);
  expect((await getThroughApi<ParentDetails>(page, `parents/get-one/${id}`)).pinCode).toBe(parent.pinCode);
});
