import { expect } from '../support/fixtures';
import { codeIn, lastMailTo } from '../support/mail-sink';
import { screenAlert, signInWith, signOut, test } from './accounts-helpers';
import { expectToast } from '../support/toasts';
import { uniqueTag } from '@school-transport/testing';

test('an admin renames themselves, changes their address with a mailed code and signs in with it', async ({
  newcomer: { admin: ivy, page: ivyPage },
}) => {
  // The profile, from the name in the top bar.
  await ivyPage.getByRole('button', { name: ivy.name }).click();
  await ivyPage.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(ivyPage).toHaveURL(/\/profile$/);
  await expect(ivyPage.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const sessions = ivyPage.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByRole('row').filter({ hasText: 'This device' })).toHaveCount(1);

  const renamed = `${ivy.name} Renamed`;
  const nameSection = ivyPage.getByRole('region', { name: 'Name' });
  await nameSection.getByLabel('Full Name').fill(renamed);
  await nameSection.getByRole('button', { name: 'Save Name' }).click();
  await expectToast(ivyPage, 'Your name has been updated.');
  await expect(ivyPage.getByRole('button', { name: renamed })).toBeVisible();
  await ivyPage.reload();
  await expect(ivyPage.getByRole('button', { name: renamed })).toBeVisible();

  // A new address, confirmed with the code mailed to it.
  const newAddress = `ivy-moved-${uniqueTag().toLowerCase()}@example.com`;
  const emailSection = ivyPage.getByRole('region', { name: 'Email' });
  await expect(emailSection).toContainText(ivy.email);
  await emailSection.getByRole('button', { name: 'Change email' }).click();
  await emailSection.getByLabel('New email').fill(newAddress);
  // The current password too: a session left open is not enough to move the account elsewhere.
  await emailSection.getByLabel('Current Password').fill(ivy.password);
  await emailSection.getByRole('button', { name: 'Send Code' }).click();
  await expectToast(ivyPage, `We sent a 6-digit code to ${newAddress}.`);
  await expect(ivyPage).toHaveURL(/\/email-verify$/);
  await expect(ivyPage.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await expect(ivyPage.getByText('Enter the 6-digit code we sent to your email address.')).toContainText(
    newAddress,
  );

  const code = codeIn(await lastMailTo(newAddress));
  expect(code).toMatch(/^\d{6}$/);
  const wrongCode = code === '000000' ? '111111' : '000000';
  await ivyPage.getByLabel('Verification Code').fill(wrongCode);
  await ivyPage.getByRole('button', { name: 'Verify' }).click();
  await expect(screenAlert(ivyPage, 'The code is not right. 4 tries left.')).toBeVisible();
  await ivyPage.getByRole('button', { name: 'Resend Code' }).click();
  await expectToast(
    ivyPage,
    'A code was sent less than a minute ago. Wait a moment before asking for another.',
  );

  await ivyPage.getByLabel('Verification Code').fill(code!);
  await ivyPage.getByRole('button', { name: 'Verify' }).click();
  await expectToast(ivyPage, `Your email address is now ${newAddress}.`);
  await expect(ivyPage).toHaveURL(/\/profile$/);
  await expect(ivyPage.getByRole('region', { name: 'Email' })).toContainText(newAddress);
  const stored = await ivyPage.evaluate(() =>
    JSON.parse(localStorage.getItem('__user__identity__') ?? 'null'),
  );
  expect(stored).toMatchObject({ name: renamed, email: newAddress });

  await signOut(ivyPage);
  await signInWith(ivyPage, newAddress, ivy.password);
  await expect(ivyPage.getByRole('button', { name: renamed })).toBeVisible();
});

test('ending another session, or changing the password, signs the other device out', async ({
  newcomer: { admin: ivy, page: ivyPage },
  openBrowser,
}) => {
  const laptopPage = await openBrowser();
  await signInWith(laptopPage, ivy.email, ivy.password);
  const laptopIsSignedOut = async () => {
    await laptopPage
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Drivers', exact: true })
      .click();
    await expect(laptopPage).toHaveURL(/\/login$/);
    await expect(laptopPage.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  };

  await ivyPage.goto('/profile');
  const sessions = ivyPage.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3); // the header and two sessions
  await sessions.getByRole('button', { name: /^End session/ }).click();
  const confirm = ivyPage.getByRole('dialog', { name: 'End session?' });
  await confirm.getByRole('button', { name: 'End session' }).click();
  await expectToast(ivyPage, 'The session has been ended.');
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await laptopIsSignedOut();

  await signInWith(laptopPage, ivy.email, ivy.password);
  const passwordSection = ivyPage.getByRole('region', { name: 'Password' });
  const newPassword = `${ivy.password} changed`;
  await passwordSection.getByLabel('Current Password').fill('not my password');
  await passwordSection.getByLabel('New Password').fill(newPassword);
  await passwordSection.getByLabel('Confirm Password').fill(newPassword);
  await passwordSection.getByRole('button', { name: 'Change Password' }).click();
  await expect(screenAlert(ivyPage, 'The current password is not right.')).toBeVisible();

  await passwordSection.getByLabel('Current Password').fill(ivy.password);
  await passwordSection.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(ivyPage, 'Your password has been changed. Your other sessions have been ended.');
  await expect(passwordSection.getByLabel('Current Password')).toHaveValue('');
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await laptopIsSignedOut();
  await signInWith(laptopPage, ivy.email, newPassword);
});
