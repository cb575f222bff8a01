import type { BrowserContext, Page } from '@playwright/test';
import { expect, test as base } from '../support/fixtures';
import { lastMailTo, resetLinkIn } from '../support/mail-sink';
import { expectToast, recordToasts } from '../support/toasts';
import { uniqueTag } from '@school-transport/testing';
import { signInAsAdmin } from '../support/screens';

/**
 * Shared steps of the account browser tests. Every test makes administrators of its own (unique addresses), since
 * all tests share one database and the seeded admin's password and address must never change.
 */

export const PASSWORD_UPDATED = 'Your password has been updated. Sign in with the new one.';

export interface NewAdmin {
  name: string;
  email: string;
  password: string;
}

export function newAdmin(): NewAdmin {
  const tag = uniqueTag();
  return {
    name: `Ivy ${tag}`,
    email: `ivy-${tag.toLowerCase()}@example.com`,
    password: `ivy's own passphrase ${tag}`,
  };
}

/** On the staff users screen of a signed-in admin: invites `admin` through the Invite staff dialog. */
export async function inviteThroughDialog(page: Page, admin: NewAdmin): Promise<void> {
  await page.goto('/staff-users');
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite staff' });
  await dialog.getByLabel('Name').fill(admin.name);
  await dialog.getByLabel('Email').fill(admin.email);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(page, `Invitation sent to ${admin.email}.`);
  await expect(dialog).toBeHidden();
}

/** The newest reset or invitation link mailed to `address` that is not `previous` (waiting for it to arrive). */
export async function newLinkMailedTo(address: string, previous?: string): Promise<string> {
  let link: string | undefined;
  // As long as lastMailTo waits: the server sends the mail after its answer.
  const patience = { timeout: 60_000 };
  await expect
    .poll(async () => {
      link = resetLinkIn(await lastMailTo(address));
      return link !== undefined && link !== previous;
    }, patience)
    .toBe(true);
  return link!;
}

/** An alert on the screen itself, not the toast that may say the same. */
export const screenAlert = (page: Page, text: string) =>
  page.getByRole('main').getByRole('alert').filter({ hasText: text });

/** Follows a mailed link to Reset Password, chooses `password`, and lands on Log In with the success notice. */
export async function choosePasswordThroughLink(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(screenAlert(page, PASSWORD_UPDATED)).toBeVisible();
}

/** Signs in through Log In with any address and password, and waits for the admin's top bar. */
export async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page).toHaveURL('/');
}

/**
 * Logs out and waits for Log In: the app leaves only once the server has ended the session, and a page opened
 * before that would still find the session stored (and a signed-in admin is sent away from Log In).
 */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * A fresh administrator made the way a real one is: `adminPage` (signed in as an admin) invites them, and in
 * `theirPage` they follow the invitation mail, choose a password and sign in.
 */
export async function onboardAdmin(adminPage: Page, theirPage: Page, admin: NewAdmin): Promise<void> {
  await inviteThroughDialog(adminPage, admin);
  await choosePasswordThroughLink(theirPage, await newLinkMailedTo(admin.email), admin.password);
  await signInWith(theirPage, admin.email, admin.password);
}

interface AccountFixtures {
  /** A second browser of this test, seen by the server from the test's own client address; closed at the end. */
  openBrowser: () => Promise<Page>;
  /** `page` signed in as the seeded admin, and in a browser of her own a freshly onboarded admin, signed in. */
  newcomer: { admin: NewAdmin; page: Page };
}

export const test = base.extend<AccountFixtures>({
  openBrowser: async ({ browser, baseURL, extraHTTPHeaders }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL, extraHTTPHeaders });
      contexts.push(context);
      await recordToasts(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
  newcomer: async ({ page, openBrowser }, use, testInfo) => {
    // Two people, several mails and password hashes before the test even starts: the test's time is tripled
    // here, since a test.slow() in the test's body comes only after this set-up has spent the time.
    testInfo.slow();
    const admin = newAdmin();
    await signInAsAdmin(page);
    const theirPage = await openBrowser();
    await onboardAdmin(page, theirPage, admin);
    await use({ admin, page: theirPage });
  },
});
