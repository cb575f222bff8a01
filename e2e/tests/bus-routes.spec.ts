import { expect, test } from '../support/fixtures';
import { expectToast } from '../support/toasts';
import { uniqueTag } from '@school-transport/testing';
import { openAddDialog, rowAction, searchList, summary } from '../support/screens';

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

test('a route is added through the modal, found, edited and deleted', async ({ page }) => {
  const name = `Lakeside ${uniqueTag()}`;
  const modal = await openAddDialog(page, '/all-routes', 'Route');
  await modal.getByRole('button', { name: 'Add Route' }).click();
  await expect(modal.getByText('Please fill all the fields!')).toBeVisible();
  await expect(modal.getByText('Route name is required')).toBeVisible();

  await modal.getByLabel('Route Name').fill(name);
  await modal.getByLabel('Start Location').fill('North Depot');
  await modal.getByLabel('End Location').fill('Central School');
  await modal.getByLabel('Distance (KM)').fill('12.5');
  await modal.getByLabel('Duration (minutes)').fill('45');
  await modal.getByRole('button', { name: 'Add Route' }).click();
  await expectToast(page, 'Route created successfully!');
  await expect(modal).toBeHidden();

  await searchList(page, name);
  await expect(summary(page)).toHaveText('Showing 1–1 of 1 records');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('North Depot');
  await expect(row).toContainText('12.5');
  await expect(row).toContainText('45 min');

  await rowAction(page, name, 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit Route' });
  await expect(edit.getByLabel('Route Name')).toHaveValue(name);
  await edit.getByLabel('Duration (minutes)').fill('50');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Route updated successfully!');
  await expect(row).toContainText('50 min');

  await rowAction(page, name, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete Route?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Route deleted successfully!');
  await expect(page.getByText('No Data Found!')).toBeVisible();
});
