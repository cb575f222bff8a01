import type { Browser, Page } from '@playwright/test';
import { uniqueTag } from '@school-transport/testing';
import { createThroughApi, getThroughApi, putThroughApi } from '../support/api';
import { ACCOUNTS } from '../support/environment';
import { expect, signIn, test } from '../support/fixtures';
import { searchList } from '../support/screens';

/**
 * What each staff role's screens show (decisions 069 and 077): the menu and the buttons follow the server's access
 * table, so a viewer reads without a write button, a dispatcher runs the day without the accounts' screens, and
 * school staff see their schools and field trip requests only. The seeded admin prepares the records through the
 * API; each role signs in through the Log In screen in a browser of its own.
 */
test.use({ adminSignedIn: true });

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const menuLink = (page: Page, name: string) => menuOf(page).getByRole('link', { name, exact: true });

/** A signed-out browser of its own, signed in as `account` and waiting at `landing`. */
async function signedInAs(
  browser: Browser,
  baseURL: string | undefined,
  account: (typeof ACCOUNTS)['viewer' | 'dispatcher' | 'schoolStaff'],
  landing: string,
) {
  const context = await browser.newContext({ baseURL, storageState: undefined });
  const page = await context.newPage();
  await signIn(page, account);
  await expect(page).toHaveURL(landing);
  return page;
}

test('a viewer reads the lists without a button that would change them', async ({
  page,
  browser,
  baseURL,
}) => {
  const school = `Viewer School ${uniqueTag()}`;
  await createThroughApi(page, 'schools', {
    name: school,
    lat: 12.97,
    lng: 77.59,
    bellTime: '08:30',
    dismissalTime: '15:00',
  });
  const viewer = await signedInAs(browser, baseURL, ACCOUNTS.viewer, '/');

  await menuLink(viewer, 'Schools').click();
  await searchList(viewer, school);
  await expect(viewer.getByRole('row', { name: new RegExp(school) })).toBeVisible();
  // Edit and Delete are its only row actions: no actions button at all, and no Add.
  await expect(viewer.getByRole('button', { name: `Actions for ${school}` })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /Add New School/ })).toHaveCount(0);

  await menuLink(viewer, 'Trips').click();
  await expect(viewer.getByRole('heading', { name: 'Trips' }).first()).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Generate trips' })).toHaveCount(0);
  await menuLink(viewer, 'Covers').click();
  await expect(viewer.getByRole('heading', { name: 'Covers' }).first()).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Cover a run' })).toHaveCount(0);
  await menuLink(viewer, 'Data').click();
  await expect(viewer.getByRole('button', { name: 'Export trip history' })).toBeVisible();
  await expect(viewer.getByText('Choose CSV file')).toHaveCount(0);
  await expect(menuLink(viewer, 'Staff users')).toHaveCount(0);
  await viewer.context().close();
});

test('a dispatcher runs the day: trips and covers, but no staff or settings screen', async ({
  browser,
  baseURL,
}) => {
  const dispatcher = await signedInAs(browser, baseURL, ACCOUNTS.dispatcher, '/');
  await expect(menuLink(dispatcher, 'Trips')).toBeVisible();
  await expect(menuLink(dispatcher, 'Staff users')).toHaveCount(0);
  await expect(menuLink(dispatcher, 'Single sign-on')).toHaveCount(0);
  await expect(menuLink(dispatcher, 'Planner')).toHaveCount(0);

  await menuLink(dispatcher, 'Covers').click();
  await expect(dispatcher.getByRole('button', { name: 'Cover a run' })).toBeVisible();
  await menuLink(dispatcher, 'Trips').click();
  await expect(dispatcher.getByRole('heading', { name: 'Trips' }).first()).toBeVisible();
  await expect(dispatcher.getByRole('button', { name: 'Generate trips' })).toHaveCount(0);

  // An address of another role's screen leads back to where the dispatcher starts.
  await dispatcher.goto('/staff-users');
  await expect(dispatcher).toHaveURL('/');
  await dispatcher.goto('/single-sign-on');
  await expect(dispatcher).toHaveURL('/');
  await dispatcher.context().close();
});

test('school staff see their schools and field trip requests only', async ({ page, browser, baseURL }) => {
  const school = `Staff School ${uniqueTag()}`;
  const schoolId = await createThroughApi(page, 'schools', {
    name: school,
    lat: 12.97,
    lng: 77.59,
    bellTime: '08:30',
    dismissalTime: '15:00',
  });
  const [account] = await getThroughApi<{ id: string }[]>(
    page,
    `users/get-all?search=${encodeURIComponent(ACCOUNTS.schoolStaff.email)}`,
  );
  await putThroughApi(page, `users/role/${account!.id}`, { role: 'school_staff', schoolIds: [schoolId] });

  const staff = await signedInAs(browser, baseURL, ACCOUNTS.schoolStaff, '/my-schools');
  await expect(staff.getByRole('heading', { name: 'My schools' })).toBeVisible();
  await expect(staff.getByText(school)).toBeVisible();
  // Two entries (each with its count badge): field trips and their schools.
  await expect(menuOf(staff).getByRole('link')).toHaveCount(2);
  await expect(menuLink(staff, 'Field trips')).toBeVisible();
  await expect(menuLink(staff, 'My schools')).toBeVisible();
  await staff.goto('/all-drivers');
  await expect(staff).toHaveURL('/my-schools');
  await staff.context().close();
});
