import { ACCOUNTS } from '../support/environment';
import { expect, openDashboard, test } from '../support/fixtures';
import { newAdmin, onboardAdmin } from './accounts-helpers';
import { openedDialog, scan, uploadPhoto } from './accessibility-helpers';
import {
  busRoutePayload,
  childPayload,
  driverPayload,
  parentPayload,
  uniqueTag,
  vehiclePayload,
} from '@school-transport/testing';
import { createThroughApi, postThroughApi } from '../support/api';
import { assignThroughApi, chooseOption, createParts } from '../support/assignments-helpers';
import { ONE_PIXEL_PNG, rowAction, searchList } from '../support/screens';

/**
 * Every screen, with records on it, and every dialog, looked at by axe in the light and the dark mode: no serious or
 * critical WCAG 2.x A/AA violation. Each step first checks what the screen shows, so axe never looks at a spinner;
 * each test makes its records once and looks at every screen in both modes (scan).
 */

// Each axe run takes a second or two on an idle machine, several on a busy one, and every test here makes many.
// Each test makes records of its own and only looks: they run side by side on the two workers.
test.describe.configure({ mode: 'parallel', timeout: 540_000 });

// The admin's screens: the browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

test.describe('a visitor', () => {
  // Signed out: the screens before a sign-in.
  test.use({ adminSignedIn: false });

  test('Log In, Forgot Password, Reset Password and the 404 page of a visitor', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await scan(page, 'Log In');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Email Address is required')).toBeVisible();
    await scan(page, 'Log In with what is missing');
    await page.getByLabel('Email Address').fill(ACCOUNTS.admin.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    await scan(page, 'Log In refused');

    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await scan(page, 'Forgot Password');
    await page.getByLabel('Email Address').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    await scan(page, 'Forgot Password, link sent');

    // The screen an invitation or a reset mail leads to; the token is checked only on submit.
    await page.goto('/reset-password?token=a-token-the-server-never-issued');
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByLabel('New Password')).toHaveAttribute('aria-invalid', 'true');
    await scan(page, 'Reset Password with what is missing');
    await page.goto('/reset-password');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await scan(page, 'Reset Password without its token');

    await page.goto('/no/such/page');
    await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
    await scan(page, '404 of a visitor');
  });
});

test('dashboard, profile, email verification, 404 and failed screens of an admin', async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByText('Students without an assignment:')).toBeVisible();
  await scan(page, 'Dashboard');

  // A second session of the same admin, so the profile offers to end one.
  const other = await page.request.post('/api/auth/login', {
    data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
  });
  expect(other.ok()).toBe(true);
  await page.goto('/profile');
  const sessions = page.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByRole('button', { name: /^End session/ }).first()).toBeVisible();
  await scan(page, 'Profile');
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByLabel('New email')).toBeVisible();
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current Password is required')).toBeVisible();
  await scan(page, 'Profile with its forms open and what is missing');
  await sessions
    .getByRole('button', { name: /^End session/ })
    .first()
    .click();
  await openedDialog(page, 'End session?');
  await scan(page, 'End session? dialog');
  await page.keyboard.press('Escape');

  await page.goto('/email-verify');
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await scan(page, 'Verify Your Email');

  await page.goto('/no/such/page');
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  await scan(page, '404 of an admin');
  await page.goto('/driver-details/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Driver not found')).toBeVisible();
  await scan(page, 'a driver that does not exist');

  // A list the server fails to give.
  await page.route('**/api/vehicles/get-all*', (route) =>
    route.fulfill({ status: 500, json: { success: false, type: 'error', message: 'Broken' } }),
  );
  await page.goto('/all-vehicles');
  await expect(page.getByText('Failed to fetch vehicles data!')).toBeVisible();
  await scan(page, 'a list that failed to load');
});

test('drivers: list, pages and dialogs', async ({ page }) => {
  const tag = uniqueTag();
  const driver = driverPayload(tag);
  const driverId = await createThroughApi(page, 'drivers', driver);
  await createThroughApi(page, 'drivers', driverPayload(tag, 1));
  await uploadPhoto(page, 'driver', driverId);

  await page.goto('/all-drivers');
  await expect(page.getByRole('row', { name: new RegExp(driver.name) })).toBeVisible();
  await scan(page, 'All Drivers');
  await page.getByRole('button', { name: `Actions for ${driver.name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await scan(page, 'a driver row’s actions menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Show the photo of ${driver.name}` }).click();
  await openedDialog(page, `Photo of ${driver.name}`);
  await scan(page, 'photo preview dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add New Driver' }).click();
  const addDriver = await openedDialog(page, 'Add New Driver');
  await scan(page, 'Add New Driver dialog');
  await addDriver.getByRole('button', { name: 'Add Driver' }).click();
  await expect(addDriver.getByText('Name is required')).toBeVisible();
  await scan(page, 'Add New Driver dialog with what is missing');
  await page.keyboard.press('Escape');
  await rowAction(page, driver.name, 'Delete');
  await openedDialog(page, 'Delete Driver?');
  await scan(page, 'Delete Driver? dialog');
  await page.keyboard.press('Escape');
  await searchList(page, `nothing-${tag}`);
  await expect(page.getByText('No Data Found!')).toBeVisible();
  await scan(page, 'a list with nothing found');

  await page.goto(`/driver-details/${driverId}`);
  await expect(page.getByRole('heading', { name: driver.name })).toBeVisible();
  await scan(page, 'Driver Details');
  await page.goto(`/update-driver-details/${driverId}`);
  await expect(page.getByLabel('License No')).toHaveValue(driver.licenseNo);
  await scan(page, 'Update Driver');
  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'Update Driver' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await scan(page, 'Update Driver with what is missing');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await openedDialog(page, 'Discard your changes?');
  await scan(page, 'Discard your changes? dialog');
  await page.keyboard.press('Escape');

  // The photo is changed on the details page, as a parent's and a student's are.
  await page.goto(`/driver-details/${driverId}`);
  await page.getByRole('button', { name: 'Update Image' }).click();
  const upload = await openedDialog(page, 'Update Image');
  await scan(page, 'Update Image dialog');
  await upload.getByLabel('Choose image').setInputFiles(ONE_PIXEL_PNG);
  await expect(upload.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await scan(page, 'Update Image dialog with a chosen image');
});

test('vehicles and routes: lists and dialogs', async ({ page }) => {
  const tag = uniqueTag();
  const vehicle = vehiclePayload(tag);
  const vehicleId = await createThroughApi(page, 'vehicles', vehicle);
  await uploadPhoto(page, 'vehicle', vehicleId);
  const route = busRoutePayload(tag);
  await createThroughApi(page, 'routes', route);

  await page.goto('/all-vehicles');
  await expect(page.getByRole('row', { name: new RegExp(vehicle.licensePlate) })).toBeVisible();
  await scan(page, 'All Vehicles');
  await rowAction(page, vehicle.licensePlate, 'Edit');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByLabel('Registration No')).toHaveValue(vehicle.licensePlate);
  await scan(page, 'vehicle edit dialog');
  await page.keyboard.press('Escape');
  await rowAction(page, vehicle.licensePlate, 'Delete');
  await openedDialog(page, 'Delete Vehicle?');
  await scan(page, 'Delete Vehicle? dialog');
  await page.keyboard.press('Escape');

  await page.goto('/all-routes');
  await expect(page.getByRole('row', { name: new RegExp(route.name) })).toBeVisible();
  await scan(page, 'All Routes');
  await rowAction(page, route.name, 'Edit');
  await expect(page.getByLabel('Route Name')).toHaveValue(route.name);
  await scan(page, 'route edit dialog');
  await page.keyboard.press('Escape');
  await rowAction(page, route.name, 'Delete');
  await openedDialog(page, 'Delete Route?');
  await scan(page, 'Delete Route? dialog');
});

test('parents and students: lists, pages and dialogs', async ({ page }) => {
  const tag = uniqueTag();
  const parent = parentPayload(tag);
  const child = childPayload(tag, 1);
  const family = await postThroughApi<{ id: string; students: { id: string }[] }>(page, 'parents/create', {
    ...parent,
    children: [child, childPayload(tag, 2)],
  });
  await uploadPhoto(page, 'parent', family.id);
  const studentId = family.students[0]!.id;
  await uploadPhoto(page, 'student', studentId);

  await page.goto('/all-parents');
  await expect(page.getByRole('row', { name: new RegExp(parent.name) })).toBeVisible();
  await scan(page, 'All Parents');
  await rowAction(page, parent.name, 'Delete');
  await openedDialog(page, 'Delete Parent?');
  await scan(page, 'Delete Parent? dialog');
  await page.keyboard.press('Escape');

  await page.goto('/add-parent');
  await expect(page.getByRole('heading', { name: 'Add Parent' })).toBeVisible();
  await scan(page, 'Add Parent');
  await page.getByRole('button', { name: 'Add Parent' }).click();
  await expect(page.getByText('Please fill all the required fields !')).toBeVisible();
  await scan(page, 'Add Parent with what is missing');

  await page.goto(`/parent-details/${family.id}`);
  await expect(page.getByRole('heading', { name: 'Children (2)' })).toBeVisible();
  await scan(page, 'Parent Details');
  await page.getByRole('button', { name: 'Add Child' }).click();
  await openedDialog(page, 'Add Child');
  await scan(page, 'Add Child dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Remove ${child.name}` }).click();
  await openedDialog(page, 'Delete Student?');
  await scan(page, 'Delete Student? dialog');
  await page.keyboard.press('Escape');
  await page.goto(`/update-parent/${family.id}`);
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue(parent.city);
  await scan(page, 'Update Parent');

  await page.goto('/all-students');
  await expect(page.getByRole('row', { name: new RegExp(child.name) })).toBeVisible();
  await scan(page, 'All Students');
  await page.getByRole('button', { name: 'Only students without an assignment' }).click();
  await expect(page).toHaveURL(/unassigned=true/);
  await scan(page, 'All Students, only those without an assignment');
  await page.goto(`/student-details/${studentId}`);
  await expect(page.getByRole('heading', { name: child.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pickup location map' })).toBeVisible();
  await scan(page, 'Student Details');
  await page.goto(`/update-student/${studentId}`);
  await expect(page.getByRole('textbox', { name: 'NFC Tag ID' })).toHaveValue(child.nfcTagId);
  await scan(page, 'Update Student');
});

test('assignments and trips: lists, pages and dialogs', async ({ page }) => {
  const tag = uniqueTag();
  const parts = await createParts(page, tag, 3, 2);
  await assignThroughApi(page, parts, 1);
  const free = await createParts(page, `${tag}F`, 2, 1);

  await page.goto('/all-assignments');
  await expect(page.getByRole('row', { name: new RegExp(parts.route.name) })).toBeVisible();
  await scan(page, 'All Assignments');
  await rowAction(page, parts.route.name, 'View');
  await expect(page.getByRole('heading', { name: parts.route.name })).toBeVisible();
  await scan(page, 'Assignment Details');
  await page.getByRole('button', { name: 'Change driver, vehicle or route' }).click();
  await openedDialog(page, 'Change driver, vehicle or route');
  await scan(page, 'Change driver, vehicle or route dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Delete' }).click();
  await openedDialog(page, 'Delete Assignment?');
  await scan(page, 'Delete Assignment? dialog');
  await page.keyboard.press('Escape');
  await page.goto(`/all-assignments?search=${tag}`);
  await rowAction(page, parts.route.name, 'Edit students');
  await expect(page.getByRole('list', { name: 'Students to pick' })).toBeVisible();
  await scan(page, 'Assignment Details, changing its students');

  await page.goto('/add-assignments');
  await page.getByRole('button', { name: 'Add Assignment' }).click();
  await expect(page.getByRole('combobox', { name: 'Route' })).toHaveAttribute('aria-invalid', 'true');
  await scan(page, 'Add Assignment with what is missing');
  await page.getByRole('combobox', { name: 'Vehicle' }).fill(free.vehicle.licensePlate);
  await expect(page.getByRole('option', { name: new RegExp(free.vehicle.licensePlate) })).toBeVisible();
  await scan(page, 'Add Assignment with a list of vehicles open');
  await page.getByRole('option', { name: new RegExp(free.vehicle.licensePlate) }).click();
  await chooseOption(page, 'Route', free.route.name, free.route.name);
  await chooseOption(page, 'Driver', free.driver.name, `${free.driver.name} (${free.driver.licenseNo})`);
  await page.getByRole('searchbox', { name: 'Search students' }).fill(`${tag}F`);
  await page
    .getByRole('list', { name: 'Students to pick' })
    .getByRole('button', { name: free.children[0]!.name })
    .click();
  await expect(page.getByRole('heading', { name: 'Selected 1 / 2 seats' })).toBeVisible();
  await scan(page, 'Add Assignment filled in');

  await page.goto('/all-trips');
  await page.getByRole('button', { name: 'Generate trips' }).click();
  const generate = await openedDialog(page, 'Generate trips');
  await scan(page, 'Generate trips dialog');
  await generate.getByRole('button', { name: 'Generate' }).click();
  await expect(generate).toBeHidden();
  await searchList(page, tag);
  await expect(page.getByRole('row', { name: new RegExp(parts.route.name) })).toHaveCount(2);
  await scan(page, 'All Trips');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await expect(page.getByRole('option', { name: 'PENDING' })).toBeVisible();
  await scan(page, 'All Trips with the status filter open');
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: `View the PICKUP trip of ${parts.route.name}` }).click();
  await expect(page.getByRole('heading', { name: parts.route.name })).toBeVisible();
  await page.getByRole('button', { name: 'Start Trip' }).click();
  await expect(page.getByRole('button', { name: 'Complete Trip' })).toBeVisible();
  await scan(page, 'Trip Details of a started trip');
  await page.getByRole('button', { name: 'Cancel Trip' }).click();
  await openedDialog(page, 'Cancel Trip?');
  await scan(page, 'Cancel Trip? dialog');
});

test('staff users and the audit log', async ({ page, browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(720_000); // an administrator is also invited and onboarded through a mailed link
  const colleague = newAdmin();
  // The colleague's own browser, signed out (a context made in a test would start with the admin's session).
  const context = await browser.newContext({ baseURL, extraHTTPHeaders, storageState: undefined });
  await onboardAdmin(page, await context.newPage(), colleague);
  await context.close();
  const invited = newAdmin();
  await postThroughApi(page, 'users/invite', { name: invited.name, email: invited.email });

  await page.goto('/staff-users');
  await expect(page.getByRole('row', { name: new RegExp(colleague.name) })).toContainText('Active');
  await expect(page.getByRole('row', { name: new RegExp(invited.name) })).toContainText('Invited');
  await scan(page, 'Staff Users');
  await page.getByRole('button', { name: 'Invite staff' }).click();
  await openedDialog(page, 'Invite staff');
  await scan(page, 'Invite staff dialog');
  await page.keyboard.press('Escape');
  await rowAction(page, colleague.name, 'Disable');
  await openedDialog(page, 'Disable account?');
  await scan(page, 'Disable account? dialog');
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('row', { name: new RegExp(colleague.name) })).toContainText('Disabled');
  await scan(page, 'Staff Users with a disabled account');

  // Searched for the action: the other worker's tests can write a page of newer entries meanwhile.
  await page.goto('/audit-log?search=user.disabled');
  await expect(page.getByRole('row', { name: /User disabled/ }).first()).toBeVisible();
  await scan(page, 'Audit Log');
});
