import type { Page } from '@playwright/test';
import { minimalPdf, uniqueTag } from '@school-transport/testing';
import { expect, storedToken, test } from '../support/fixtures';
import { expectToast } from '../support/toasts';
import { chooseOption, createParts } from '../support/assignments-helpers';
import { postThroughApi } from '../support/api';
import { expectNoSidewaysScroll, searchList } from '../support/screens';

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

const SCANNED_PDF = {
  name: 'licence.pdf',
  mimeType: 'application/pdf',
  buffer: minimalPdf(),
};

/** Picks `option` in a form's select (MUI): opens it by its label, then clicks the option. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test("an expired licence added on the driver's page blocks an assignment until the admin overrides it", async ({
  page,
}) => {
  const tag = uniqueTag();
  const { driver, vehicle, route, children, ids } = await createParts(page, tag, 2, 1);

  await page.goto(`/driver-details/${ids.driverId}`);
  const panel = page.getByRole('region', { name: 'Credentials' });
  await expect(panel.getByText('No credentials recorded.')).toBeVisible();
  await panel.getByRole('button', { name: 'Add credential' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Credential' });
  await choose(page, dialog, 'Kind', 'Driving licence (blocks when expired)');
  await dialog.getByLabel('Number').fill(`DL-${tag}`);
  await dialog.getByLabel('Expiry date').fill('2020-01-03');
  await dialog.getByLabel('Scanned document (optional)').setInputFiles(SCANNED_PDF);
  await dialog.getByRole('button', { name: 'Add Credential' }).click();
  await expectToast(page, 'Credential saved.');
  await expect(dialog).toBeHidden();
  const row = panel.getByRole('row', { name: new RegExp(`DL-${tag}`) });
  await expect(row).toContainText('3rd Jan 2020');
  await expect(row).toContainText('Expired');
  await expect(row.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', /\/api\/uploads\/documents\//);

  await page.goto('/add-assignments');
  await chooseOption(page, 'Route', tag, route.name);
  await chooseOption(page, 'Vehicle', tag, `${vehicle.licensePlate} (2 seats)`);
  await chooseOption(page, 'Driver', tag, `${driver.name} (${driver.licenseNo})`);
  await page.getByRole('searchbox', { name: 'Search students' }).fill(tag);
  await page
    .getByRole('list', { name: 'Students to pick' })
    .getByRole('button', { name: children[0]!.name })
    .click();
  await page.getByRole('button', { name: 'Add Assignment' }).click();
  const blockers = page.getByRole('alert').filter({ hasText: 'Expired credentials block this assignment' });
  await expect(blockers).toContainText(`${driver.name}'s driving licence expired on 3 Jan 2020.`);

  // A reason too short is refused beside its field, before anything is sent.
  // Enter in the reason sends the form again (the refusal's toast may still cover the button).
  await blockers.getByLabel('Override reason').fill('ok');
  await blockers.getByLabel('Override reason').press('Enter');
  await expect(blockers.getByText('Give a reason of at least 5 characters')).toBeVisible();
  await blockers.getByLabel('Override reason').fill('Renewal filed; office holds the receipt');
  await blockers.getByLabel('Override reason').press('Enter');
  await expectToast(page, 'Route assignment created successfully!');
  await expect(page.getByText(`The route assignment of ${route.name} was added with 1 child.`)).toBeVisible();

  // The Compliance screen lists it among the expired; a renewal makes it valid.
  await page.goto('/compliance?state=expired');
  await searchList(page, `DL-${tag}`);
  const listed = page.getByRole('row', { name: new RegExp(`DL-${tag}`) });
  await expect(listed).toContainText(driver.name);
  await listed.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Renew' }).click();
  const renew = page.getByRole('dialog', { name: 'Renew Driving licence' });
  await renew.getByLabel('Expiry date').fill('2099-01-01');
  await renew.getByRole('button', { name: 'Renew' }).click();
  await expectToast(page, 'Credential saved.');
  await expect(page.getByText('No Data Found!')).toBeVisible();
});

test("a vehicle's insurance from its row action, and the kinds' settings, on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const tag = uniqueTag();
  const { vehicle, ids } = await createParts(page, tag, 2, 1);

  await page.goto('/all-vehicles');
  await searchList(page, tag);
  await page.getByRole('button', { name: `Actions for ${vehicle.licensePlate}` }).click();
  await page.getByRole('menuitem', { name: 'Credentials' }).click();
  const dialog = page.getByRole('dialog', { name: `Credentials of ${vehicle.licensePlate}` });
  await dialog.getByRole('button', { name: 'Add credential' }).click();
  const form = page.getByRole('dialog', { name: 'Add Credential' });
  await choose(page, form, 'Kind', 'Insurance (blocks when expired)');
  await form.getByLabel('Number').fill(`INS-${tag}`);
  await form.getByLabel('Expiry date').fill('2099-06-30');
  await form.getByRole('button', { name: 'Add Credential' }).click();
  await expectToast(page, 'Credential saved.');
  const row = dialog.getByRole('row', { name: new RegExp(`INS-${tag}`) });
  await expect(row).toContainText('Valid');
  await row.getByRole('button', { name: 'Remove Insurance' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Credential?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Credential removed.');
  await expect(dialog.getByText('No credentials recorded.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A kind still held cannot be deleted: the refusal says by how many.
  const kindName = `Tachograph ${tag}`;
  await page.goto('/compliance?tab=kinds');
  await page.getByRole('button', { name: 'Add Kind' }).click();
  const kindForm = page.getByRole('dialog', { name: 'Add Kind' });
  await kindForm.getByLabel('Name').fill(kindName);
  await choose(page, kindForm, 'Held by', 'Vehicles');
  await kindForm.getByLabel('Warning days').fill('14');
  await kindForm.getByRole('button', { name: 'Add Kind' }).click();
  await expectToast(page, 'Credential kind created successfully!');
  const kinds = await page.request.get('/api/credential-kinds/get-all?limit=100', {
    headers: { authorization: (await storedToken(page)) ?? '' },
  });
  const kind = ((await kinds.json()) as { data: { id: string; name: string }[] }).data.find(
    (k) => k.name === kindName,
  );
  await postThroughApi(page, 'credentials/save', {
    vehicleId: ids.vehicleId,
    kindId: kind!.id,
    number: `T-${tag}`,
    expiresOn: '2099-01-01',
  });
  await expect(page.getByRole('row', { name: new RegExp(kindName) })).toContainText('14');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: `Delete ${kindName}` }).click();
  await page.getByRole('dialog', { name: 'Delete Kind?' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, `${kindName} is held by 1 credential. Remove or change them first.`);
});
