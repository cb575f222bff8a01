import { createHash } from 'node:crypto';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ACCOUNTS, E2E_URL } from './environment';
import { answerMapTiles } from './map-tiles';
import { recordToasts } from './toasts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The admin's session as the Log In screen left it: the browser's storage, and the token in it. */
export interface SavedSession {
  state: StorageState;
  token: string;
}

interface TestOptions {
  /**
   * Starts the test's browser signed in as the seeded admin, from the session its worker saved (see adminSession).
   * For tests that merely need a signed-in admin; a test that signs out, changes the admin's password or ends the
   * admin's sessions would end that shared session for the worker's next tests, so it signs in itself instead.
   */
  adminSignedIn: boolean;
}

interface WorkerFixtures {
  /** The worker's admin session, made on first use by one sign-in through the Log In screen. */
  adminSession: () => Promise<SavedSession>;
}

/**
 * A client address derived from `seed`, as seen behind a proxy (see TRUST_PROXY in global-setup.ts): each test
 * and each worker's own sign-in count against the per-address sign-in limit separately.
 */
function clientAddress(seed: string): string {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(seed).digest();
  return `127.${a}.${b}.${(c % 250) + 1}`;
}

/** The token each context was given by its saved session, for API calls made before its page opens the app. */
const savedTokens = new WeakMap<BrowserContext, string>();

async function signInOnce(browser: Browser, workerIndex: number): Promise<SavedSession> {
  const context = await browser.newContext({
    baseURL: E2E_URL,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress(`worker ${workerIndex}`) },
  });
  try {
    const page = await context.newPage();
    await signInAsAdmin(page);
    const token = await storedToken(page);
    expect(token, 'the Log In screen stored a session token').toBeTruthy();
    return { state: await context.storageState(), token: token! };
  } finally {
    await context.close();
  }
}

export const test = base.extend<TestOptions, WorkerFixtures>({
  adminSignedIn: [false, { option: true }],
  adminSession: [
    async ({ browser }, use, workerInfo) => {
      let saved: Promise<SavedSession> | undefined;
      // Made when a test first asks for it: a worker that runs only sign-in tests never signs in for nothing.
      await use(() => (saved ??= signInOnce(browser, workerInfo.workerIndex)));
    },
    { scope: 'worker' },
  ],
  storageState: async ({ storageState, adminSignedIn, adminSession }, use) => {
    await use(adminSignedIn ? (await adminSession()).state : storageState);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ 'x-forwarded-for': clientAddress(testInfo.testId) });
  },
  context: async ({ context, adminSignedIn, adminSession }, use) => {
    await recordToasts(context);
    await answerMapTiles(context);
    if (adminSignedIn) savedTokens.set(context, (await adminSession()).token);
    await use(context);
  },
});
export { expect };

/** Signs in through the Log In screen, as a person would. */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
  password: string = account.password,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Signs in as the admin and waits for the dashboard, so the token is stored before any API call. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
}

/** Opens the dashboard of a test that starts signed in (adminSignedIn), for steps that begin there. */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
}

/**
 * The admin's session token: what the open app holds, or, before the page has opened the app, the one its context
 * was given by the saved session (adminSignedIn).
 */
export async function storedToken(page: Page): Promise<string | null> {
  if (page.url().startsWith(E2E_URL)) return page.evaluate(() => localStorage.getItem('__token__'));
  return savedTokens.get(page.context()) ?? null;
}
