import type { Page } from '@playwright/test';
import { driverPayload, uniqueTag } from '@school-transport/testing';
import { dateWriter, type Driver } from '@school-transport/shared';
import { createThroughApi, getThroughApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { expectNoSidewaysScroll, searchList } from '../support/screens';
import { expectToast } from '../support/toasts';

/**
 * Issue 19: an edit screen asks before leaving unsaved changes (and not after a save); the Audit log's filters
 * fold on a phone; dates are written in the operator's locale, the one /api/settings names.
 */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true });

/** A new driver's update screen, once its form holds the stored values. */
async function openDriverUpdate(page: Page, tag: string) {
  const driver = driverPayload(tag);
  const id = await createThroughApi(page, 'drivers', driver);
  await page.goto(`/update-driver-details/${id}`);
  await expect(page.getByLabel('License No')).toHaveValue(driver.licenseNo);
  return { id, licenseNo: driver.licenseNo };
}

test('leaving a driver with unsaved changes asks, and Stay keeps the typed text; closing the tab asks too', async ({
  page,
}) => {
  const tag = uniqueTag();
  const { id } = await openDriverUpdate(page, tag);
  const name = page.getByLabel('Name');
  const renamed = `Renamed ${tag}`;
  await name.fill(renamed);

  await menuLink(page, 'Vehicles').click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/update-driver-details/${id}$`));
  await expect(name).toHaveValue(renamed);

  // Closing or reloading the tab has the browser ask too: Chromium reports it as a beforeunload dialog.
  const unload = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await unload).toBe('beforeunload');
});

test('Leave drops the change, and a saved change leaves without asking', async ({ page }) => {
  const tag = uniqueTag();
  const { id, licenseNo } = await openDriverUpdate(page, tag);
  const name = page.getByLabel('Name');

  await name.fill(`Dropped ${tag}`);
  await menuLink(page, 'Vehicles').click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave' })
    .click();
  await expect(page).toHaveURL(/\/all-vehicles/);
  const unchanged = await getThroughApi<Driver>(page, `drivers/get-one/${id}`);
  expect(unchanged.user.name).not.toContain('Dropped');

  await page.goto(`/update-driver-details/${id}`);
  await expect(page.getByLabel('License No')).toHaveValue(licenseNo);
  await name.fill(`Saved ${tag}`);
  await page.getByRole('button', { name: 'Update Driver' }).click();
  await expectToast(page, 'Driver updated successfully!');
  await expect(page).toHaveURL(new RegExp(`/driver-details/${id}$`));
  await menuLink(page, 'Vehicles').click();
  await expect(page).toHaveURL(/\/all-vehicles/);
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0);
  expect((await getThroughApi<Driver>(page, `drivers/get-one/${id}`)).user.name).toBe(`Saved ${tag}`);
});

test('on a phone the audit log filters fold into one button, with no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/audit-log');
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(filters).toBeVisible();
  await expect(page.getByLabel('Person')).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  await filters.click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByLabel('Person').fill('e2e-admin@example.com');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => new URL(page.url()).searchParams.get('actor')).toBe('e2e-admin@example.com');
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

/** '2nd Mar 2026' by default (en-GB), 'Mar 2, 2026' in en-US: what the app must write for `iso` in `locale`. */
const dateIn = (locale: string, iso: string) =>
  dateWriter(locale, { day: 'numeric', month: 'short', year: 'numeric' })(new Date(iso));

for (const locale of ['en-GB', 'en-US']) {
  test(`dates are written in the operator's locale (${locale}) in the table and under the date picker`, async ({
    page,
  }) => {
    // The server under test runs with the default (en-GB); for another, its settings answer names that one, as a
    // server started with OPERATOR_LOCALE would (the API test covers the variable itself).
    await page.route('**/api/settings', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: { locale: string } };
      expect(body.data.locale).toBe('en-GB');
      await route.fulfill({ response: answer, json: { ...body, data: { ...body.data, locale } } });
    });
    const tag = uniqueTag();
    const id = await createThroughApi(page, 'drivers', driverPayload(tag));
    const driver = await getThroughApi<Driver>(page, `drivers/get-one/${id}`);

    await page.goto('/all-drivers');
    await searchList(page, tag);
    const row = page.getByRole('row', { name: new RegExp(tag) });
    await expect(row).toContainText(dateIn(locale, driver.createdAt));
    // The default writes the specification's 'Do MMM YYYY'.
    if (locale === 'en-GB')
      expect(dateIn(locale, driver.createdAt)).toMatch(/^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}$/);
    await expect(row).not.toContainText(dateIn(locale === 'en-GB' ? 'en-US' : 'en-GB', driver.createdAt));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);

    // A date field writes the chosen day the same way under the browser's picker.
    await page.goto('/all-trips');
    await page.getByRole('button', { name: 'Generate trips' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate trips' });
    await dialog.getByLabel('Date').fill('2026-03-02');
    const longDay = dateWriter(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })(
      new Date(2026, 2, 2),
    );
    expect(longDay).toBe(locale === 'en-GB' ? 'Monday, 2 March 2026' : 'Monday, March 2, 2026');
    await expect(dialog.getByText(longDay)).toBeVisible();
  });
}
