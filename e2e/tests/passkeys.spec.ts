import type { Page } from '@playwright/test';
import { E2E_PORT } from '../support/environment';
import { expect } from '../support/fixtures';
import { signOut, test } from './accounts-helpers';

/**
 * An administrator made in this test (never the shared per-worker admin) adds a passkey on the profile with
 * Chromium's virtual authenticator (WebAuthn through the DevTools protocol: a real ceremony, the browser's own
 * navigator.credentials), signs in with it, and removes it. The test server's PUBLIC_URL is a loopback address,
 * which browsers refuse as an RP id; the server then names `localhost` (passkeys.ts), so this test uses the app at
 * http://localhost:<port>, a secure context.
 */
const APP = `http://localhost:${E2E_PORT}`;

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto(`${APP}/login`);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('an admin adds a passkey, signs in with it, and removes it with the password', async ({
  newcomer: { admin, page },
}) => {
  const authenticator = await virtualAuthenticator(page);
  // Signed in afresh at localhost: the fixture's session belongs to the other origin's storage.
  await passwordStep(page, admin.email, admin.password);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.goto(`${APP}/profile`);
  const panel = page.getByRole('region', { name: 'Two-Step Verification' });
  await panel.getByLabel('Passkey Name').fill('This laptop');
  await panel.getByRole('button', { name: 'Add Passkey' }).click();
  // The first factor brings the recovery codes, shown once.
  const codes = panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  await panel.getByRole('button', { name: 'I have saved them' }).click();
  await expect(panel).toContainText('each sign-in asks for one of your passkeys. 10 recovery codes left');
  const passkeys = panel.getByRole('list', { name: 'Passkeys' });
  await expect(passkeys).toContainText('This laptop');
  await expect(passkeys).toContainText('not used yet');
  const [credential] = await authenticator.credentials();
  expect(credential!.rpId).toBe('localhost');

  await signOut(page);
  await passwordStep(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Two-Step Verification' })).toBeVisible();
  await expect(page.getByText('Use your passkey to continue.')).toBeVisible();
  // Only the passkey: this admin has no authenticator app, so no code field.
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use a Passkey' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page).toHaveURL(`${APP}/`);
  expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(credential!.signCount);

  // Without the device: a recovery code.
  await signOut(page);
  await passwordStep(page, admin.email, admin.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

  await page.goto(`${APP}/profile`);
  await expect(passkeys).toContainText('last used');
  await passkeys.getByRole('button', { name: 'Remove This laptop' }).click();
  await page.getByRole('dialog', { name: 'Remove Passkey' }).getByRole('button', { name: 'Remove' }).click();
  await panel.getByLabel('Current Password (Remove Passkey)').fill('not the password at all');
  await panel.getByRole('button', { name: 'Remove Passkey' }).click();
  await expect(panel).toContainText('The current password is not right.');
  await expect(passkeys).toContainText('This laptop');
  await panel.getByLabel('Current Password (Remove Passkey)').fill(admin.password);
  await panel.getByRole('button', { name: 'Remove Passkey' }).click();
  await expect(panel).toContainText('No passkey.');
});
