import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectToast } from '../support/toasts';
import { uniqueTag } from '@school-transport/testing';
import { createThroughApi } from '../support/api';
import { mapReady } from '../support/families-helpers';
import { openAddDialog, rowAction, searchList, summary } from '../support/screens';

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

const schoolPayload = (name: string) => ({
  name,
  address: '1 Campus Road',
  lat: 12.9352,
  lng: 77.6245,
  bellTime: '08:30',
  dismissalTime: '15:15',
});

/** Creates a school through the API and opens the list searched for `name`. */
async function listedSchool(page: Page, name: string): Promise<void> {
  await createThroughApi(page, 'schools', schoolPayload(name));
  await page.goto('/all-schools');
  await searchList(page, name);
  await expect(summary(page)).toHaveText('Showing 1–1 of 1 records');
}

test('a school is added through the modal, found, edited and deleted', async ({ page }) => {
  const name = `Greenwood High ${uniqueTag()}`;
  const modal = await openAddDialog(page, '/all-schools', 'School');
  await modal.getByRole('button', { name: 'Add School' }).click();
  await expect(modal.getByText('Please fill all the fields!')).toBeVisible();
  await expect(modal.getByLabel('School Name')).toHaveAccessibleDescription('School name is required');

  await modal.getByLabel('School Name').fill(name);
  await modal.getByLabel('Bell Time').fill('08:30');
  await modal.getByLabel('Dismissal Time').fill('08:00');
  // The place is picked on the map (tiles or not), which fills both coordinates.
  const map = await mapReady(modal.getByRole('region', { name: 'School location map' }));
  await map.click({ position: { x: 60, y: 60 } });
  await expect(modal.getByLabel('Latitude')).toHaveValue(/^1[23]\.\d+$/);
  await expect(modal.getByLabel('Longitude')).toHaveValue(/^77\.\d+$/);
  await modal.getByLabel('Address').fill('4 Lake View Road');
  await modal.getByRole('button', { name: 'Add School' }).click();
  const dismissal = modal.getByLabel('Dismissal Time');
  await expect(dismissal).toHaveAccessibleDescription('Dismissal time must be after the bell time');
  await expect(dismissal).toHaveAttribute('aria-invalid', 'true');

  await dismissal.fill('15:15');
  await expect(dismissal).not.toHaveAttribute('aria-invalid', 'true');
  await modal.getByRole('button', { name: 'Add School' }).click();
  await expectToast(page, 'School created successfully!');
  await expect(modal).toBeHidden();

  await searchList(page, name);
  await expect(summary(page)).toHaveText('Showing 1–1 of 1 records');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('08:30');
  await expect(row).toContainText('15:15');
  await expect(row).toContainText('4 Lake View Road');

  await rowAction(page, name, 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit School' });
  await expect(edit.getByLabel('School Name')).toHaveValue(name);
  await expect(edit.getByLabel('Bell Time')).toHaveValue('08:30');
  await edit.getByLabel('Bell Time').fill('08:45');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'School updated successfully!');
  await expect(edit).toBeHidden();
  await expect(row).toContainText('08:45');

  await rowAction(page, name, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete School?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'School deleted successfully!');
  await expect(page.getByText('No Data Found!')).toBeVisible();
});

test("a duplicate name is refused with the server's reason on the name field", async ({ page }) => {
  const taken = `Hillside Academy ${uniqueTag()}`;
  const other = `Riverside School ${uniqueTag()}`;
  await createThroughApi(page, 'schools', schoolPayload(taken));
  await listedSchool(page, other);

  await rowAction(page, other, 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit School' });
  const nameField = edit.getByLabel('School Name');
  await nameField.fill(taken);
  await edit.getByRole('button', { name: 'Save Changes' }).click();

  await expect(nameField).toHaveAccessibleDescription('A school with this name already exists.');
  await expect(nameField).toBeFocused();
  await expect(edit).toBeVisible();
  // Changing the name again takes the server's reason away.
  await nameField.fill(`${other} Annex`);
  await expect(nameField).not.toHaveAttribute('aria-invalid', 'true');
});

test('on a phone the schools list and its dialog fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = `Lakeview School ${uniqueTag()}`;
  await listedSchool(page, name);
  await expect(page.getByRole('heading', { name: 'All Schools' })).toBeVisible();
  // The table may scroll inside its own frame; the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await rowAction(page, name, 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit School' });
  await expect(edit.getByLabel('School Name')).toBeInViewport();
  const box = await edit.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  await edit.getByRole('button', { name: 'Save Changes' }).scrollIntoViewIfNeeded();
  await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeInViewport();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
});
