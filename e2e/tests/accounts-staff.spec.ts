import { ACCOUNTS } from '../support/environment';
import { expect } from '../support/fixtures';
import { screenAlert, signInWith, test } from './accounts-helpers';
import { expectToast } from '../support/toasts';
import { rowAction, searchList, signInAsAdmin } from '../support/screens';

const DISABLED = 'This account has been disabled. Ask an administrator to re-enable it.';

test('disabling an admin ends their session at once; enabling lets them back in; the audit log shows it all', async ({
  page,
  newcomer: { admin: ivy, page: ivyPage },
}) => {
  await page.goto('/staff-users');
  await expect(page.getByRole('heading', { name: 'Staff Users' })).toBeVisible();
  // Nobody is offered to disable themselves.
  await searchList(page, ACCOUNTS.admin.email);
  await expect(page.getByRole('row', { name: new RegExp(ACCOUNTS.admin.name) })).toContainText('Active');
  await expect(page.getByRole('button', { name: `Actions for ${ACCOUNTS.admin.name}` })).toHaveCount(0);

  await searchList(page, ivy.email);
  const row = page.getByRole('row', { name: new RegExp(ivy.name) });
  await expect(row).toContainText('Active');
  await rowAction(page, ivy.name, 'Disable');
  const confirm = page.getByRole('dialog', { name: 'Disable account?' });
  await expect(confirm).toContainText('will be signed out on every device at once');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expectToast(page, 'Account disabled; its sessions have ended.');
  await expect(row).toContainText('Disabled');

  // Ivy's open screen finds out at her next step.
  await ivyPage
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Drivers', exact: true })
    .click();
  await expect(ivyPage).toHaveURL(/\/login$/);
  await expect(ivyPage.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await ivyPage.getByLabel('Email Address').fill(ivy.email);
  await ivyPage.getByLabel('Password').fill(ivy.password);
  await ivyPage.getByRole('button', { name: 'Log In' }).click();
  await expect(screenAlert(ivyPage, DISABLED)).toBeVisible();

  await rowAction(page, ivy.name, 'Enable');
  await expectToast(page, 'Account enabled.');
  await expect(row).toContainText('Active');
  await signInWith(ivyPage, ivy.email, ivy.password);

  // The audit log, filtered by person: Ivy's own steps…
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await page.getByLabel('Person').fill(ivy.email);
  await page.getByLabel('Person').press('Enter');
  await expect(page).toHaveURL(new RegExp(`actor=${encodeURIComponent(ivy.email)}`));
  const entries = page.getByRole('row');
  await expect(entries.filter({ hasText: 'Auth invitation accepted' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Auth login' })).toHaveCount(2);

  // …and what the signed-in admin did to her account, newest first.
  await page.getByLabel('Person').fill(ACCOUNTS.admin.email);
  await page.getByLabel('Person').press('Enter');
  await searchList(page, 'user.');
  const aboutIvy = entries.filter({ hasText: ivy.email });
  await expect(aboutIvy).toHaveText([/User enabled/, /User disabled/, /User invited/]);
  await expect(aboutIvy.first()).toContainText(ACCOUNTS.admin.email);
  await expect(aboutIvy.first()).toContainText(/user [0-9a-f]{8}/);
});

test('the audit log keeps its filters in the address', async ({ page }) => {
  await signInAsAdmin(page);
  // Searched for logins: the other worker's tests write entries as this admin too, enough to fill a page.
  await page.goto(
    `/audit-log?search=auth.login&actor=${encodeURIComponent(ACCOUNTS.admin.email)}&dateFrom=2000-01-01`,
  );
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('auth.login');
  await expect(page.getByLabel('Person')).toHaveValue(ACCOUNTS.admin.email);
  await expect(page.getByLabel('Date from')).toHaveValue('2000-01-01');
  await expect(page.getByRole('row').filter({ hasText: 'Auth login' }).first()).toBeVisible();

  await page.getByLabel('Date to').fill('2000-01-02');
  await expect(page).toHaveURL(/dateTo=2000-01-02/);
  await expect(page.getByText('No Data Found!')).toBeVisible();
});
