import { ACCOUNTS } from '../support/environment';
import { expect } from '../support/fixtures';
import { lastMailTo } from '../support/mail-sink';
import {
  choosePasswordThroughLink,
  inviteThroughDialog,
  newAdmin,
  newLinkMailedTo,
  screenAlert,
  signInWith,
  signOut,
  test,
} from './accounts-helpers';
import { searchList, signInAsAdmin } from '../support/screens';

const RESET_LINK_SENT = 'If an account exists for that address, we have sent reset instructions to it.';

test('an invited admin chooses a password from the mail, later forgets it and resets it', async ({
  page,
  openBrowser,
}) => {
  test.slow(); // two people, several mails and password hashes in one story
  const ivy = newAdmin();
  await signInAsAdmin(page);
  await inviteThroughDialog(page, ivy);
  await searchList(page, ivy.email);
  const row = page.getByRole('row', { name: new RegExp(ivy.name) });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Never');

  const invitation = (await lastMailTo(ivy.email)).body;
  expect(invitation).toContain(`Hello ${ivy.name},`);
  expect(invitation).toContain(`${ACCOUNTS.admin.email} invited you`);
  const invitationLink = await newLinkMailedTo(ivy.email);

  // Ivy, in a browser of her own.
  const ivyPage = await openBrowser();
  await ivyPage.goto(invitationLink);
  await ivyPage.getByLabel('New Password').fill('short');
  await ivyPage.getByLabel('Confirm Password').fill('different');
  await ivyPage.getByRole('button', { name: 'Update Password' }).click();
  await expect(ivyPage.getByText('Use at least 8 characters')).toBeVisible();
  await ivyPage.getByLabel('New Password').fill('password123');
  await ivyPage.getByLabel('Confirm Password').fill('password123');
  await ivyPage.getByRole('button', { name: 'Update Password' }).click();
  await expect(screenAlert(ivyPage, 'This password is too common.')).toBeVisible();

  await choosePasswordThroughLink(ivyPage, invitationLink, ivy.password);
  await signInWith(ivyPage, ivy.email, ivy.password);
  await expect(ivyPage.getByRole('button', { name: ivy.name })).toBeVisible();

  // The link worked once.
  await signOut(ivyPage);
  await ivyPage.goto(invitationLink);
  await ivyPage.getByLabel('New Password').fill('yet another passphrase');
  await ivyPage.getByLabel('Confirm Password').fill('yet another passphrase');
  await ivyPage.getByRole('button', { name: 'Update Password' }).click();
  await expect(screenAlert(ivyPage, 'This link has expired or was already used.')).toBeVisible();
  await expect(ivyPage.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  // She forgets it.
  await ivyPage.goto('/login');
  await ivyPage.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(ivyPage).toHaveURL(/\/forgot-password$/);
  await expect(
    ivyPage.getByText("Enter your registered email and we'll send you reset instructions."),
  ).toBeVisible();
  await ivyPage.getByLabel('Email Address').fill(ivy.email);
  await ivyPage.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(screenAlert(ivyPage, RESET_LINK_SENT)).toBeVisible();

  const resetLink = await newLinkMailedTo(ivy.email, invitationLink);
  const newPassword = `${ivy.password} renewed`;
  await choosePasswordThroughLink(ivyPage, resetLink, newPassword);

  await ivyPage.getByLabel('Email Address').fill(ivy.email);
  await ivyPage.getByLabel('Password').fill(ivy.password);
  await ivyPage.getByRole('button', { name: 'Log In' }).click();
  await expect(screenAlert(ivyPage, 'The email address or password is incorrect.')).toBeVisible();
  await signInWith(ivyPage, ivy.email, newPassword);

  // The staff list now shows her as active, with a sign-in time.
  await page.reload();
  await expect(row).toContainText('Active');
  await expect(row).toContainText(/\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)/);
});

test('Forgot Password answers the same for an address without an account', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email Address is required')).toBeVisible();
  await page.getByLabel('Email Address').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(screenAlert(page, RESET_LINK_SENT)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
});

test('a reset link without its token says so and offers a new one', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(screenAlert(page, 'This link is incomplete.')).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
