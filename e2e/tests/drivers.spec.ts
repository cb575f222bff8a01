import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { expectToast } from '../support/toasts';
import { driverPayload, uniqueTag } from '@school-transport/testing';
import type { Driver } from '@school-transport/shared';
import { createThroughApi, getThroughApi, postThroughApi } from '../support/api';
import { ONE_PIXEL_PNG, openAddDialog, rowAction, searchList, summary } from '../support/screens';

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

test('a driver is added through the modal, found, viewed, updated and deleted', async ({ page }) => {
  const tag = uniqueTag();
  const name = `Jane ${tag}`;
  const modal = await openAddDialog(page, '/all-drivers', 'Driver');
  await modal.getByRole('button', { name: 'Add Driver' }).click();
  await expect(modal.getByText('Please fill all the fields!')).toBeVisible();
  await expect(modal.getByText('Name is required')).toBeVisible();
  await expect(modal.getByText('License No is required')).toBeVisible();

  await modal.getByLabel('Name').fill(name);
  await modal.getByLabel('Email').fill(`jane-${tag.toLowerCase()}@example.com`);
  await modal.getByRole('textbox', { name: 'Phone', exact: true }).fill('+91 98765 43210');
  await modal.getByLabel('License No').fill(`DL-${tag}`);
  await modal.getByLabel('Address').fill('12 Lake Road');
  await modal.getByRole('button', { name: 'Add Driver' }).click();
  await expectToast(page, 'Driver created successfully!');
  await expect(modal).toBeHidden();

  await searchList(page, tag);
  await expect(summary(page)).toHaveText('Showing 1–1 of 1 records');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`jane-${tag.toLowerCase()}@example.com`);
  await expect(row).toContainText(`DL-${tag}`);
  // Joined, as 'Do MMM YYYY'
  await expect(row).toContainText(/\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}/);

  await rowAction(page, name, 'View');
  await expect(page).toHaveURL(/\/driver-details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('12 Lake Road')).toBeVisible();
  await expect(page.getByText('—')).toBeVisible(); // no alternative phone

  await page.getByRole('link', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/update-driver-details\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('License No')).toHaveValue(`DL-${tag}`);
  await page.getByLabel('Name').fill(`${name} Renamed`);
  await page.getByLabel('Alternative Phone').fill('080 1234 5678');
  await page.getByRole('button', { name: 'Update Driver' }).click();
  await expectToast(page, 'Driver updated successfully!');
  await expect(page).toHaveURL(/\/driver-details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `${name} Renamed` })).toBeVisible();
  await expect(page.getByText('080 1234 5678')).toBeVisible();

  await page.goto(`/all-drivers?search=${tag}`);
  await rowAction(page, `${name} Renamed`, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete Driver?' });
  await expect(confirm).toContainText(`${name} Renamed`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Driver deleted successfully!');
  await expect(page.getByText('No Data Found!')).toBeVisible();
  await expect(summary(page)).toHaveText('Showing 0–0 of 0 records');
});

test("a duplicate email is refused with the server's reason in the modal", async ({ page }) => {
  const tag = uniqueTag();
  const existing = driverPayload(tag);
  await createThroughApi(page, 'drivers', existing);
  const modal = await openAddDialog(page, '/all-drivers', 'Driver');
  await modal.getByLabel('Name').fill(`Someone ${tag}`);
  await modal.getByLabel('Email').fill(existing.email);
  await modal.getByRole('textbox', { name: 'Phone', exact: true }).fill('+91 90000 00001');
  await modal.getByLabel('License No').fill(`OTHER-${tag}`);
  await modal.getByRole('button', { name: 'Add Driver' }).click();

  const reason = 'An account with this email address already exists.';
  await expect(modal.getByRole('alert')).toHaveText(reason);
  await expect(modal).toBeVisible();
});

test('a photo changed on the details page shows there and in the list, and opens large', async ({ page }) => {
  const tag = uniqueTag();
  const driver = driverPayload(tag);
  const id = await createThroughApi(page, 'drivers', driver);

  await page.goto(`/all-drivers?search=${tag}`);
  // Without a photo: the initials of 'Driver {tag} 0', and nothing to open.
  const row = page.getByRole('row', { name: new RegExp(driver.name) });
  await expect(row.getByText(`D${tag[0]}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Show the photo of ${driver.name}` })).toHaveCount(0);

  await page.goto(`/driver-details/${id}`);
  await page.getByRole('button', { name: 'Update Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Image' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Please select an image')).toBeVisible();
  // Passes the browser's checks by its name and type; the server looks inside and refuses it.
  await dialog
    .getByLabel('Choose image')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'Only image files are allowed!');
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Choose image').setInputFiles(ONE_PIXEL_PNG);
  await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'Profile image updated successfully!');
  await expect(dialog).toBeHidden();
  const large = page.locator('main').getByRole('img', { name: `Photo of ${driver.name}` });
  await expect.poll(() => large.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const stored = await getThroughApi<Driver>(page, `drivers/get-one/${id}`);
  expect(stored.profileImage).toMatch(/\/api\/uploads\/profile\/driver\//);

  await page.goto(`/all-drivers?search=${tag}`);
  const photo = page.getByRole('img', { name: `Photo of ${driver.name}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: `Show the photo of ${driver.name}` }).click();
  const preview = page.getByRole('dialog', { name: `Photo of ${driver.name}` });
  await expect(preview.getByRole('img')).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();
});

test('a driver added with a photo shows it in the list and on the details page', async ({ page }) => {
  const tag = uniqueTag();
  const driver = driverPayload(tag);
  const modal = await openAddDialog(page, '/all-drivers', 'Driver');
  await modal.getByLabel('Name').fill(driver.name);
  await modal.getByLabel('Email').fill(driver.email);
  await modal.getByRole('textbox', { name: 'Phone', exact: true }).fill(driver.phone);
  await modal.getByLabel('License No').fill(driver.licenseNo);
  // Refused before anything is sent, with the server's limits.
  await modal
    .getByLabel('Choose image')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(modal.getByText('Only image files are allowed!')).toBeVisible();
  await modal.getByLabel('Choose image').setInputFiles(ONE_PIXEL_PNG);
  await expect(modal.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await expect(modal.getByText('Only image files are allowed!')).toBeHidden();
  await modal.getByRole('button', { name: 'Add Driver' }).click();
  await expectToast(page, 'Driver created successfully!');
  await expectToast(page, 'Profile image updated successfully!');
  await expect(modal).toBeHidden();

  await searchList(page, tag);
  const photo = page.getByRole('img', { name: `Photo of ${driver.name}` });
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await rowAction(page, driver.name, 'View');
  await expect(page.getByRole('heading', { name: driver.name })).toBeVisible();
  const large = page.locator('main').getByRole('img', { name: `Photo of ${driver.name}` });
  await expect.poll(() => large.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const id = /\/driver-details\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  const stored = await getThroughApi<Driver>(page, `drivers/get-one/${id}`);
  expect(stored.profileImage).toMatch(/\/api\/uploads\/profile\/driver\//);
});

test('an address naming no driver says so, with a way back to the list', async ({ page }) => {
  await page.goto(`/driver-details/${randomUUID()}`);
  await expect(page.getByText('Driver not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to All Drivers' }).click();
  await expect(page).toHaveURL('/all-drivers');
});

test('a driver’s account is disabled after a confirmation, shown so on the page and in the list, and enabled again', async ({
  page,
}) => {
  const tag = uniqueTag();
  const driver = driverPayload(tag);
  const id = await createThroughApi(page, 'drivers', driver);
  await postThroughApi(page, `drivers/${id}/invite`, {});

  await page.goto(`/driver-details/${id}`);
  const panel = page.locator('main').filter({ has: page.getByRole('heading', { name: 'Driver app' }) });
  await expect(panel.getByText('Invited', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Disable account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable this account?' });
  await expect(confirm).toContainText('cannot sign in to the driver app until the account is enabled again');
  await expect(confirm).toContainText('Their route assignment stays');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expectToast(page, 'The driver’s account is disabled; their sessions have ended.');
  await expect(confirm).toBeHidden();
  await expect(panel.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(page.getByText('The account is disabled: the driver cannot sign in.')).toBeVisible();
  expect((await getThroughApi<Driver>(page, `drivers/get-one/${id}`)).account).toBe('disabled');

  await page.goto(`/all-drivers?search=${tag}`);
  const row = page.getByRole('row', { name: new RegExp(driver.name) });
  await expect(row).toContainText('Disabled');

  await rowAction(page, driver.name, 'View');
  await page.getByRole('button', { name: 'Enable account' }).click();
  await page
    .getByRole('dialog', { name: 'Enable this account?' })
    .getByRole('button', { name: 'Enable' })
    .click();
  await expectToast(page, 'The driver’s account is enabled.');
  // Back to what it was: the invitation sent before still opens the account.
  await expect(panel.getByText('Invited', { exact: true })).toBeVisible();
  await page.goto(`/all-drivers?search=${tag}`);
  await expect(row).toContainText('Invited');
});
