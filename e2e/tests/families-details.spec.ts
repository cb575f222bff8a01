import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { expectToast } from '../support/toasts';
import { childPayload, parentPayload, uniqueTag } from '@school-transport/testing';
import { createThroughApi } from '../support/api';
import {
  addChildOnForm,
  childForm,
  field,
  fillChildFields,
  fillParentFields,
  mapReady,
  parentForm,
} from '../support/families-helpers';
import { ONE_PIXEL_PNG, rowAction } from '../support/screens';

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

test('the server refuses a taken email or NFC tag, and the family is not saved in part', async ({ page }) => {
  const tag = uniqueTag();
  const existing = parentPayload(tag);
  const holder = childPayload(tag, 1);
  await createThroughApi(page, 'parents', { ...existing, children: [holder] });

  const newcomer = { ...parentPayload(`${tag}N`), name: `Newcomer ${tag}` };
  await page.goto('/add-parent');
  await fillParentFields(parentForm(page), { ...newcomer, email: existing.email });
  await addChildOnForm(page, childPayload(`${tag}N`, 1));
  await page.getByRole('button', { name: 'Add Parent' }).click();
  const emailTaken = 'An account with this email address already exists.';
  await expect(parentForm(page).getByRole('alert')).toHaveText(emailTaken);
  await expectToast(page, emailTaken); // as well as above the form

  // The child's tag is the first family's: the message names who has it.
  await field(parentForm(page), 'Email').fill(newcomer.email);
  await page.getByRole('button', { name: `Remove ${childPayload(`${tag}N`, 1).name}` }).click();
  await addChildOnForm(page, { ...childPayload(`${tag}N`, 2), nfcTagId: holder.nfcTagId.toLowerCase() });
  await page.getByRole('button', { name: 'Add Parent' }).click();
  await expect(parentForm(page).getByRole('alert')).toHaveText(
    `NFC tag ${holder.nfcTagId} is already given to ${holder.name} (Class ${holder.class}).`,
  );

  await page.goto(`/all-parents?search=${encodeURIComponent(newcomer.name)}`);
  await expect(page.getByText('No Data Found!')).toBeVisible();
});

test('a parent is viewed, updated, given a photo and a child from their page', async ({ page }) => {
  const tag = uniqueTag();
  const parent = parentPayload(tag);
  const id = await createThroughApi(page, 'parents', { ...parent, children: [childPayload(tag, 1)] });

  await page.goto('/all-parents');
  await page.getByRole('link', { name: 'Add New Parent' }).click();
  await expect(page).toHaveURL('/add-parent');

  await page.goto(`/all-parents?search=${tag}`);
  await rowAction(page, parent.name, 'Update');
  await expect(page).toHaveURL(`/update-parent/${id}`);
  await expect(field(page.locator('main'), 'ZIP Code')).toHaveValue(parent.pinCode);
  await field(page.locator('main'), 'City').fill('Mysuru');
  await field(page.locator('main'), 'Alternative Phone No').fill('');
  await page.getByRole('button', { name: 'Update Parent' }).click();
  await expect(page.getByText('Please fill all the required fields !')).toBeVisible();
  await field(page.locator('main'), 'Alternative Phone No').fill('080 9999 0000');
  await page.getByRole('button', { name: 'Update Parent' }).click();
  await expectToast(page, 'Parent updated successfully!');
  await expect(page).toHaveURL(`/parent-details/${id}`);
  await expect(page.getByText('Mysuru')).toBeVisible();
  await expect(page.getByText('080 9999 0000')).toBeVisible();

  await page.getByRole('button', { name: 'Update Image' }).click();
  const upload = page.getByRole('dialog', { name: 'Update Image' });
  await upload.getByLabel('Choose image').setInputFiles(ONE_PIXEL_PNG);
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'Profile image updated successfully!');
  const photo = page.getByRole('img', { name: `Photo of ${parent.name}` });
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Add Child' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Child' });
  await dialog.getByRole('button', { name: 'Add Child' }).click();
  await expect(dialog.getByText('Fill all the student required fields')).toBeVisible();
  const newChild = childPayload(tag, 2);
  await fillChildFields(dialog, newChild);
  await dialog.getByRole('button', { name: 'Add Child' }).click();
  await expectToast(page, 'Student created successfully!');
  await expect(page.getByRole('heading', { name: 'Children (2)' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Children' })).toContainText(
    `Pickup: ${newChild.pickupDropAddress} (12.93720, 77.62650)`,
  );
});

test('a student is viewed with a map of the pickup point and updated with a click on the map', async ({
  page,
}) => {
  const tag = uniqueTag();
  const parent = parentPayload(tag);
  const child = childPayload(tag, 1);
  await createThroughApi(page, 'parents', { ...parent, children: [child] });

  await page.goto('/all-students');
  await page.getByRole('link', { name: 'Add New Student' }).click();
  await expect(page).toHaveURL('/add-parent');

  await page.goto(`/all-students?search=${tag}`);
  await rowAction(page, child.name, 'View');
  await expect(page).toHaveURL(/\/student-details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: child.name })).toBeVisible();
  await expect(page.getByText('Not assigned')).toBeVisible();
  await expect(page.getByText('12.93620, 77.62550')).toBeVisible();
  // The map shows the point.
  const map = page.getByRole('region', { name: 'Pickup location map' });
  await expect(map.locator('.location-picker-point')).toBeVisible();

  await page.getByRole('button', { name: 'Update Image' }).click();
  const upload = page.getByRole('dialog', { name: 'Update Image' });
  await upload.getByLabel('Choose image').setInputFiles(ONE_PIXEL_PNG);
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expectToast(page, 'Profile image updated successfully!');

  await page.getByRole('link', { name: 'Update', exact: true }).click();
  await expect(page).toHaveURL(/\/update-student\/[0-9a-f-]{36}$/);
  const form = page.locator('main form');
  await expect(field(form, 'Roll No')).toHaveValue(child.rollNo);
  const picker = await mapReady(page.getByRole('region', { name: 'Pickup location map' }));
  const box = await picker.boundingBox();
  if (!box) throw new Error('the map has no size');
  // A click left of the centre (the stored point) picks a point further west.
  await picker.click({ position: { x: box.width / 2 - 80, y: box.height / 2 } });
  await expect
    .poll(async () => Number(await field(form, 'Longitude').inputValue()))
    .toBeLessThan(child.pickupAndDropLng);
  await field(form, 'Class').fill('7C');
  await page.getByRole('button', { name: 'Update Student' }).click();
  await expectToast(page, 'Student updated successfully!');
  await expect(page).toHaveURL(/\/student-details\/[0-9a-f-]{36}$/);
  await expect(page.getByText('7C', { exact: true })).toBeVisible();

  // The child's guardians (decision 064): the parent who enrolled them, primary, leads to their page.
  const guardians = page.getByRole('list', { name: /^Guardians of / });
  await expect(guardians).toContainText('Primary');
  await guardians.getByRole('link', { name: parent.name }).click();
  await expect(page).toHaveURL(/\/parent-details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('list', { name: 'Children' })).toContainText('Class 7C');
});

test('a click on the Add Parent map fills the coordinates, and typed ones move the point', async ({
  page,
}) => {
  await page.goto('/add-parent');
  const child = childForm(page);
  const map = await mapReady(page.getByRole('region', { name: 'Pickup location map' }));
  await expect(map.locator('.location-picker-point')).toHaveCount(0);

  await map.click({ position: { x: 60, y: 60 } });
  await expect(field(child, 'Latitude')).toHaveValue(/^1[23]\.\d+$/);
  await expect(field(child, 'Longitude')).toHaveValue(/^77\.\d+$/);
  await expect(map.locator('.location-picker-point')).toBeVisible();

  await field(child, 'Latitude').fill('28.6139');
  await field(child, 'Longitude').fill('77.209');
  await expect(map.locator('.location-picker-point')).toBeInViewport();
});

test('an address naming no parent or student says so, with a way back to the list', async ({ page }) => {
  await page.goto(`/parent-details/${randomUUID()}`);
  await expect(page.getByText('Parent not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to All Parents' }).click();
  await expect(page).toHaveURL('/all-parents');

  await page.goto(`/update-student/${randomUUID()}`);
  await expect(page.getByText('Student not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to All Students' }).click();
  await expect(page).toHaveURL('/all-students');
});
