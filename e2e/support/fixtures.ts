import { createHash } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { ACCOUNTS } from './environment';
import { recordToasts } from './toasts';

type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

export const test = base.extend({
  // A client address per test, derived from its id (see TRUST_PROXY in global-setup.ts).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const [a = 0, b = 0, c = 0] = createHash('sha256').update(testInfo.testId).digest();
    await use({ 'x-forwarded-for': `127.${a}.${b}.${(c % 250) + 1}` });
  },
  context: async ({ context }, use) => {
    await recordToasts(context);
    await use(context);
  },
});
export { expect };

/** Signs in through the Log In screen, as a person would. */
export async function signIn(
  page: Page,
  account: Account,
  password: string = account.password,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('__token__'));
