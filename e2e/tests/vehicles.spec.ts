import { expect, test } from '../support/fixtures';
import { expectToast } from '../support/toasts';
import { uniqueTag, vehiclePayload } from '@school-transport/testing';
import { createThroughApi } from '../support/api';
import { ONE_PIXEL_PNG, openAddDialog, rowAction, searchList, summary } from '../support/screens';

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

test('a vehicle is added through the modal, found, edited, given a photo and deleted', async ({ page }) => {
  const tag = uniqueTag();
  const plate = `KA01${tag}`;
  const modal = await openAddDialog(page, '/all-vehicles', 'Vehicle');
  await modal.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(modal.getByText('Please fill all the fields!')).toBeVisible();
  await expect(modal.getByText('Registration No is required')).toBeVisible();

  // Typed in lower case with spaces; the shared schema stores the plate upper case without them.
  await modal.getByLabel('Registration No').fill(`ka 01 ${tag.toLowerCase()}`);
  await modal.getByLabel('Model').fill('Tata Starbus');
  await modal.getByLabel('Type').fill('Bus');
  await modal.getByLabel('Color').fill('Yellow');
  await modal.getByLabel('Capacity').fill('40');
  await modal.getByRole('button', { name: 'Add Vehicle' }).click();
  await expectToast(page, 'Vehicle created successfully!');
  await expect(modal).toBeHidden();

  await searchList(page, tag);
  await expect(summary(page)).toHaveText('Showing 1–1 of 1 records');
  const row = page.getByRole('row', { name: new RegExp(plate) });
  await expect(row).toContainText('Tata Starbus');
  await expect(row.getByRole('cell').nth(5)).toHaveText('40');

  await rowAction(page, plate, 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit Vehicle' });
  await expect(edit.getByLabel('Registration No')).toHaveValue(plate);
  await expect(edit.getByLabel('Capacity')).toHaveValue('40');
  await edit.getByLabel('Capacity').fill('42');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Vehicle updated successfully!');
  await expect(row.getByRole('cell').nth(5)).toHaveText('42');

  await rowAction(page, plate, 'Upload photo');
  const upload = page.getByRole('dialog', { name: 'Update Image' });
  await upload.getByLabel('Choose image').setInputFiles(ONE_PIXEL_PNG);
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'Profile image updated successfully!');
  await expect(row.getByRole('img', { name: `Photo of ${plate}` })).toBeVisible();

  await rowAction(page, plate, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete Vehicle?' });
  await expect(confirm).toContainText(plate);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Vehicle deleted successfully!');
  await expect(page.getByText('No Data Found!')).toBeVisible();
});

test("a duplicate registration number is refused with the server's reason in the modal", async ({ page }) => {
  const existing = vehiclePayload(uniqueTag());
  await createThroughApi(page, 'vehicles', existing);
  const modal = await openAddDialog(page, '/all-vehicles', 'Vehicle');
  await modal.getByLabel('Registration No').fill(existing.licensePlate);
  await modal.getByLabel('Model').fill('Eicher Skyline');
  await modal.getByLabel('Type').fill('Bus');
  await modal.getByLabel('Color').fill('White');
  await modal.getByLabel('Capacity').fill('30');
  await modal.getByRole('button', { name: 'Add Vehicle' }).click();

  await expect(modal.getByRole('alert')).toHaveText(
    'A vehicle with this registration number already exists.',
  );
});
