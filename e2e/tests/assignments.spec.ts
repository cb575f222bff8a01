import type { Page } from '@playwright/test';
import { expect, openDashboard, test } from '../support/fixtures';
import { expectToast } from '../support/toasts';
import { uniqueTag } from '@school-transport/testing';
import { assignThroughApi, chooseOption, createParts } from '../support/assignments-helpers';
import { cellUnder, rowAction, summary } from '../support/screens';

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

const NO_SEATS = 'No more available seats in the vehicle!';

const pickList = (page: Page) => page.getByRole('list', { name: 'Students to pick' });

test('an assignment is built on Add Assignment up to the seats of its vehicle', async ({ page }) => {
  const tag = uniqueTag();
  const { driver, vehicle, route, children } = await createParts(page, tag, 2, 3);
  const routeOption = route.name;
  const vehicleOption = `${vehicle.licensePlate} (2 seats)`;
  const driverOption = `${driver.name} (${driver.licenseNo})`;

  await openDashboard(page);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Assignments' })
    .click();
  await expect(page).toHaveURL('/all-assignments');
  await page.getByRole('link', { name: 'Add New Assignment' }).click();
  await expect(page).toHaveURL('/add-assignments');

  await chooseOption(page, 'Route', tag, routeOption);
  await expect(page.getByText(`${route.distanceKm} km`)).toBeVisible();
  await chooseOption(page, 'Vehicle', tag, vehicleOption);
  await expect(page.getByText(vehicle.model)).toBeVisible();
  await chooseOption(page, 'Driver', tag, driverOption);
  await expect(page.getByText(driver.phone)).toBeVisible();

  const studentSearch = page.getByRole('searchbox', { name: 'Search students' });
  await studentSearch.fill(tag);
  // It searches as one types: Enter does not send the form it sits in.
  await studentSearch.press('Enter');
  await expect(page.getByText('Please add at least one student !')).toHaveCount(0);
  const pick = (index: number) => pickList(page).getByRole('button', { name: children[index]!.name });
  await expect(pick(2)).toContainText(`Class ${children[2]!.class} · Parent: Meera ${tag}`);
  await expect(pick(2)).toContainText(`Pickup: ${children[2]!.pickupDropAddress}`);
  await pick(0).click();
  await pick(1).click();
  await expect(page.getByRole('heading', { name: 'Selected 2 / 2 seats' })).toBeVisible();
  await pick(2).click();
  await expectToast(page, NO_SEATS);
  await expect(pick(2)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('list', { name: 'Selected students' }).getByRole('listitem')).toHaveCount(2);

  // A click on a picked child drops it again; the seat is free for the third.
  await pick(1).click();
  await pick(2).click();
  await expect(page.getByRole('heading', { name: 'Selected 2 / 2 seats' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Assignment' }).click();
  await expectToast(page, 'Route assignment created successfully!');
  await expect(
    page.getByText(`The route assignment of ${route.name} was added with 2 children.`),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Route' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Vehicle' })).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'Selected 0' })).toBeVisible();

  // What was just assigned is no longer free.
  await page.getByRole('combobox', { name: 'Driver' }).fill(tag);
  await expect(page.getByText('No free driver matches')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search students' }).fill(tag);
  await expect(pickList(page).getByRole('button', { name: children[1]!.name })).toBeVisible();
  await expect(pickList(page).getByRole('button', { name: children[0]!.name })).toBeHidden();

  await page.goto(`/all-assignments?search=${tag}`);
  await expect(summary(page)).toHaveText('Showing 1–1 of 1 records');
  const row = page.getByRole('row', { name: new RegExp(route.name) });
  await expect(await cellUnder(page, row, 'Total Students')).toHaveText('2 / 2');
  await expect(await cellUnder(page, row, 'Driver License')).toHaveText(driver.licenseNo);
  await expect(await cellUnder(page, row, 'Vehicle RC No')).toHaveText(vehicle.licensePlate);
});

test('Add Assignment asks for the route, vehicle, driver and a child in its own words', async ({ page }) => {
  const tag = uniqueTag();
  const { driver, vehicle, route, children } = await createParts(page, tag, 3, 1);
  await page.goto('/add-assignments');

  await page.getByRole('button', { name: 'Add Assignment' }).click();
  const form = page.getByRole('form', { name: 'Add Assignment' });
  await expect(form.getByRole('alert')).toHaveText([
    'Please fill all the required fields !',
    'Please add at least one student !',
  ]);
  await expect(page.getByText('Please choose a route')).toBeVisible();
  await expect(page.getByText('Please choose a driver')).toBeVisible();

  // Each message goes as soon as its cause is fixed, without another submit.
  await chooseOption(page, 'Route', tag, route.name);
  await expect(page.getByText('Please choose a route')).toBeHidden();
  await chooseOption(page, 'Vehicle', tag, `${vehicle.licensePlate} (3 seats)`);
  await expect(form.getByRole('alert')).toHaveText([
    'Please fill all the required fields !',
    'Please add at least one student !',
  ]);
  await chooseOption(page, 'Driver', tag, `${driver.name} (${driver.licenseNo})`);
  await expect(form.getByRole('alert')).toHaveText(['Please add at least one student !']);
  await page.getByRole('searchbox', { name: 'Search students' }).fill(tag);
  await pickList(page).getByRole('button', { name: children[0]!.name }).click();
  await expect(page.getByRole('heading', { name: 'Selected 1 / 3 seats' })).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Assignment' }).click();
  await expectToast(page, 'Route assignment created successfully!');
  await page.goto(`/all-assignments?search=${tag}`);
  const row = page.getByRole('row', { name: new RegExp(route.name) });
  await expect(await cellUnder(page, row, 'Total Students')).toHaveText('1 / 3');
});

test('an assignment’s children, vehicle and existence are changed from its page', async ({ page }) => {
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 3, 3);
  const { route, children } = parts;
  await assignThroughApi(page, parts, 2);
  // A second, smaller vehicle that is free.
  const small = await createParts(page, `${tag}S`, 1, 0);

  await page.goto(`/all-assignments?search=${tag}`);
  await rowAction(page, route.name, 'Edit students');
  await expect(page).toHaveURL(/\/assignment-details\/[0-9a-f-]{36}\?change=students$/);
  await expect(page.getByRole('heading', { name: route.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Selected 2 / 3 seats' })).toBeVisible();
  // The children riding now are listed, picked, above the free ones.
  const pick = (index: number) => pickList(page).getByRole('button', { name: children[index]!.name });
  await expect(pick(0)).toHaveAttribute('aria-pressed', 'true');
  await pick(0).click();
  await page.getByRole('searchbox', { name: 'Search students' }).fill(tag);
  await pick(2).click();
  await page.getByRole('button', { name: 'Save Students' }).click();
  await expectToast(page, 'Students assigned successfully!');
  const riding = page.getByRole('list', { name: 'Children' });
  await expect(riding.getByRole('listitem')).toHaveCount(2);
  await expect(riding).toContainText(children[2]!.name);
  await expect(riding).not.toContainText(children[0]!.name);
  await expect(page.getByRole('heading', { name: 'Children (2 / 3 seats)' })).toBeVisible();

  // A vehicle with fewer seats than children is refused, and the refusal says why.
  await page.getByRole('button', { name: 'Change driver, vehicle or route' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change driver, vehicle or route' });
  await chooseOption(page, 'Vehicle', small.vehicle.licensePlate, `${small.vehicle.licensePlate} (1 seats)`);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(NO_SEATS);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Assignment?' });
  await expect(confirm).toContainText(`route assignment of ${route.name}`);
  await expect(confirm).toContainText('Its 2 children will be without an assignment');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Route assignment deleted successfully!');
  await expect(page).toHaveURL('/all-assignments');

  // The children are free again: the student list's filter shows all three.
  await page.goto(`/all-students?search=${tag}`);
  await page.getByRole('button', { name: 'Only students without an assignment' }).click();
  await expect(page).toHaveURL(`/all-students?search=${tag}&unassigned=true`);
  await expect(summary(page)).toHaveText('Showing 1–3 of 3 records');
});
