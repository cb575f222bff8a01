import type { Page } from '@playwright/test';
import { base32Decode, hotp, totpStep } from '../../apps/server/src/modules/platform/auth/totp';
import { expect } from '../support/fixtures';
import { screenAlert, signOut, test } from './accounts-helpers';

/**
 * An administrator made in this test (never the shared per-worker admin, whose sign-in other specs reuse) sets up
 * an authenticator app on the profile, then signs in with a code from it and with a recovery code.
 */

/** The code the app would show for the step after `usedStep` at the earliest: each step's code works only once. */
const codeAfter = (secret: string, usedStep: number) =>
  hotp(base32Decode(secret), Math.max(totpStep(new Date()), usedStep + 1));

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-Step Verification' })).toBeVisible();
}

const expectSignedIn = async (page: Page) => {
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page).toHaveURL('/');
};

test('an admin sets up an authenticator app, then signs in with a code and with a recovery code', async ({
  newcomer: { admin, page },
}) => {
  await page.goto('/profile');
  const panel = page.getByRole('region', { name: 'Two-Step Verification' });
  await panel.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  await expect(panel.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await panel.getByTestId('totp-secret').textContent())!.trim();
  const confirmStep = totpStep(new Date());
  await panel.getByLabel('Code from the app').fill(hotp(base32Decode(secret), confirmStep));
  await panel.getByRole('button', { name: 'Confirm' }).click();
  const codes = panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  await panel.getByRole('button', { name: 'I have saved them' }).click();
  await expect(panel).toContainText('10 recovery codes left');

  await signOut(page);
  await passwordStep(page, admin.email, admin.password);
  // The right code of a step already used is refused, in words.
  await page.getByLabel('Authentication code').fill(hotp(base32Decode(secret), confirmStep));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(screenAlert(page, 'That code is not right.')).toBeVisible();
  await page.getByLabel('Authentication code').fill(codeAfter(secret, confirmStep));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page);

  await signOut(page);
  await passwordStep(page, admin.email, admin.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page);
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Two-Step Verification' })).toContainText(
    '9 recovery codes left',
  );
});
