import { driverPayload, uniqueTag } from '@school-transport/testing';
import { createThroughApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { searchList } from '../support/screens';
import { expectToast } from '../support/toasts';

/**
 * More than one page of the API's list (100). Lists show the newest first, so the first one made is the 101st
 * (or later, with other tests' drivers made since): a picker of the first hundred never offers it.
 */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });
const DRIVERS = 101;

test('the Compliance screen finds any driver as the admin types, beyond the first hundred', async ({
  page,
}) => {
  const tag = uniqueTag();
  for (let first = 0; first < DRIVERS; first += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, DRIVERS - first) }, (_, offset) =>
        createThroughApi(page, 'drivers', driverPayload(tag, first + offset)),
      ),
    );
  }
  const oldest = driverPayload(tag, 0);

  await page.goto('/compliance');
  await page.getByRole('button', { name: 'Add Credential' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Credential' });
  const holder = dialog.getByRole('combobox', { name: 'Holder' });

  // Nothing matches: the box says so, rather than an empty list.
  await holder.fill(`Nobody ${tag}`);
  await expect(page.getByText(`No driver or vehicle matches "Nobody ${tag}"`)).toBeVisible();

  // The tag alone lists the newest of this test's drivers, each named as a driver, and not the oldest.
  await holder.fill(tag);
  const listbox = page.getByRole('listbox');
  await expect(
    listbox.getByRole('option', { name: `Driver: Driver ${tag} ${DRIVERS - 1}`, exact: true }),
  ).toBeVisible();
  await expect(listbox.getByRole('option', { name: `Driver: ${oldest.name}`, exact: true })).toHaveCount(0);

  // The 101st, by its name.
  await holder.fill(oldest.name);
  const option = listbox.getByRole('option', { name: `Driver: ${oldest.name}`, exact: true });
  await expect(option).toBeVisible();
  await expect(listbox.getByRole('option')).toHaveCount(1);
  await option.click();
  await expect(holder).toHaveValue(oldest.name);
  // The form is made for the driver chosen: the kinds held by drivers, the focus back on the holder.
  await expect(holder).toBeFocused();
  await dialog.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Medical certificate' }).click();
  await dialog.getByLabel('Number').fill(`MED-${tag}`);
  await dialog.getByLabel('Expiry date').fill('2099-02-01');
  await dialog.getByRole('button', { name: 'Add Credential' }).click();
  await expectToast(page, 'Credential saved.');
  await expect(dialog).toBeHidden();

  await searchList(page, `MED-${tag}`);
  await expect(page.getByRole('row', { name: new RegExp(`MED-${tag}`) })).toContainText(
    `Driver ${oldest.name}`,
  );
});
