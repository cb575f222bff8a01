import { dayInLocale } from '@school-transport/shared';
import { expect, openDashboard, test } from '../support/fixtures';
import { expectToast } from '../support/toasts';
import { postThroughApi } from '../support/api';
import { localToday, newAssignment } from '../support/assignments-helpers';
import { searchList, summary } from '../support/screens';

/** The trip list's Date column once a trip has started: 'Do MMM YY, h:mm:ss a' (the default locale). */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });
const STARTED_AT = /^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{2}, \d{1,2}:\d{2}:\d{2} (am|pm)$/;

test('today’s trips are generated through the dialog, filtered, and one is started', async ({ page }) => {
  const { tag, parts } = await newAssignment(page);
  const today = localToday();

  await openDashboard(page);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Trips', exact: true })
    .click();
  await expect(page).toHaveURL('/all-trips');
  await page.getByRole('button', { name: 'Generate trips' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate trips' });
  await expect(dialog.getByLabel('Date')).toHaveValue(today);
  await dialog.getByRole('button', { name: 'Generate' }).click();
  // The toast writes the day as the tables do, in the operator's locale (the default here): '2nd Mar 2026'.
  await expectToast(
    page,
    new RegExp(`^\\d+ trips generated for ${dayInLocale(today)}; \\d+ already existed\\.$`),
  );
  await expect(dialog).toBeHidden();

  // The route's name carries the tag: the search finds this assignment's two trips of the day.
  await searchList(page, tag);
  await expect(summary(page)).toHaveText('Showing 1–2 of 2 records');
  const row = page.getByRole('row', { name: new RegExp(parts.route.name) });
  await expect(row.first()).toContainText(`${parts.driver.name} (${parts.driver.licenseNo})`);
  await expect(row.first()).toContainText(parts.vehicle.licensePlate);

  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'PICKUP' }).click();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'PENDING' }).click();
  await expect(page).toHaveURL(`/all-trips?search=${tag}&type=PICKUP&status=PENDING`);
  await expect(summary(page)).toHaveText('Showing 1–1 of 1 records');
  await expect(row).toContainText('PICKUP');

  await page.getByRole('link', { name: `View the PICKUP trip of ${parts.route.name}` }).click();
  await expect(page).toHaveURL(/\/trip-details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: parts.route.name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Children on this trip' })).toContainText(
    parts.children[0]!.name,
  );
  await expect(page.getByRole('button', { name: 'Complete Trip' })).toBeHidden();
  await page.getByRole('button', { name: 'Start Trip' }).click();
  await expectToast(page, 'Trip started.');
  // The status chip beside the heading, and the newest line of the history.
  await expect(page.getByText('STARTED', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Status history' })).toContainText('by e2e-admin@example.com');
  await expect(page.getByRole('button', { name: 'Start Trip' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Complete Trip' })).toBeVisible();

  await page.goto(`/all-trips?search=${tag}&status=STARTED`);
  await expect(summary(page)).toHaveText('Showing 1–1 of 1 records');
  await expect(row.getByRole('cell').nth(7)).toHaveText(STARTED_AT);
});

test('a trip is cancelled only after the confirmation, and then offers no move', async ({ page }) => {
  const { tag, parts } = await newAssignment(page);
  const today = localToday();
  await postThroughApi(page, 'trips/generate', { date: today });

  await page.goto(`/all-trips?search=${tag}&type=DROP&dateFrom=${today}&dateTo=${today}`);
  const row = page.getByRole('row', { name: new RegExp(parts.route.name) });
  await expect(row).toContainText('PENDING');
  await expect(row.getByRole('cell').nth(7)).toHaveText(/^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{2}$/);
  await page.getByRole('link', { name: `View the DROP trip of ${parts.route.name}` }).click();
  await page.getByRole('button', { name: 'Cancel Trip' }).click();
  await page.getByRole('dialog', { name: 'Cancel Trip?' }).getByRole('button', { name: 'Keep Trip' }).click();
  await expect(page.getByText('PENDING', { exact: true })).toHaveCount(2);
  await page.getByRole('button', { name: 'Cancel Trip' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Trip?' });
  await expect(confirm).toContainText(`cancel the DROP trip of ${parts.route.name}`);
  // The reason is required (decision 056): the parents are told it.
  await confirm.getByRole('button', { name: 'Cancel Trip' }).click();
  await expect(confirm.getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription(
    'Reason is required',
  );
  await confirm.getByRole('textbox', { name: /^Reason/ }).fill('Snow on the hill road');
  await confirm.getByRole('button', { name: 'Cancel Trip' }).click();
  await expectToast(page, 'Trip cancelled; the parents of its children are told why.');
  await expect(page.getByText('CANCELLED', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Snow on the hill road', { exact: true })).toBeVisible();
  await expect(page.getByText('Finished with children on board', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Trip$/ })).toHaveCount(0);

  await page.goto(`/all-trips?search=${tag}&status=CANCELLED`);
  await expect(summary(page)).toHaveText('Showing 1–1 of 1 records');
  await expect(row).toContainText('DROP');
});
