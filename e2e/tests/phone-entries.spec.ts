import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { ACCOUNTS } from '../support/environment';
import { expect, test } from '../support/fixtures';

/**
 * The phone apps' own pages (issue 33): /driver and /parent are HTML entries of their own, installable without
 * script, drawing their shell before any script runs, starting the first data request before the app's code has
 * arrived, and opening from their service worker's cache without a network.
 */

const PHONE = { viewport: { width: 390, height: 844 } };
const APPS = {
  driver: { manifest: '/driver.webmanifest', icon: '/driver-icon-192.png', title: 'SchoolRide Driver' },
  parent: { manifest: '/parent.webmanifest', icon: '/parent-icon-192.png', title: 'SchoolRide for parents' },
} as const;

/** The page's own entry script (not its boot script), as the served HTML names it. */
async function entryScript(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const sources = [...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
  const entry = sources.find((source) => !source.includes('-boot-'));
  expect(entry, `${path} links its entry script`).toBeTruthy();
  return entry!;
}

/** Signs `account` in through the API and leaves the session where its phone app reads it, before any page loads. */
async function storeAppSession(
  context: BrowserContext,
  app: 'driver' | 'parent',
  account: (typeof ACCOUNTS)['driver' | 'parent'],
): Promise<void> {
  const answer = await context.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(answer.status()).toBe(200);
  const { token, user } = (await answer.json()) as { token: string; user: unknown };
  await context.addInitScript(
    ({ key, token, user }) => {
      localStorage.setItem(`__${key}_token__`, token);
      localStorage.setItem(`__${key}_user__`, JSON.stringify(user));
    },
    { key: app, token, user },
  );
}

test('each phone app serves its own page, linking its manifest, icon and theme without script, at every address', async ({
  request,
}) => {
  for (const [app, page] of Object.entries(APPS)) {
    for (const path of [`/${app}`, `/${app}/account`]) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()['cache-control'], path).toBe('no-cache');
      const html = await answer.text();
      expect(html, path).toContain(`<link rel="manifest" href="${page.manifest}" />`);
      expect(html, path).toContain(`<link rel="apple-touch-icon" href="${page.icon}" />`);
      expect(html, path).toContain('<meta name="theme-color" content="#FFB419" />');
      expect(html, path).toContain(`<title>${page.title}</title>`);
      expect(html, path).toContain('<html lang="en">');
      // The critical CSS inline, and no inline script (the CSP forbids them).
      expect(html, path).toMatch(/<style>:root\{[^<]*--sr-primary:/);
      expect(html, path).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    }
  }
  // The back-office's page offers no app to install.
  expect(await (await request.get('/')).text()).not.toContain('rel="manifest"');
});

test("the shell shows before any script runs, at a deep link of the parent's page", async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/parent/account');
  await expect(page).toHaveTitle(APPS.parent.title);
  await expect(page.getByRole('banner')).toContainText('SchoolRide');
  await expect(page.getByRole('progressbar', { name: 'Loading SchoolRide' })).toBeVisible();
  // Styled by the inlined tokens: the top bar in the brand's amber.
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(255, 180, 25)');
  await context.close();
});

test("the first data request starts before the app's code has arrived", async ({ browser }) => {
  for (const [app, path] of [
    ['parent', '/api/parent/children'],
    ['driver', '/api/driver/today'],
  ] as const) {
    const context = await browser.newContext(PHONE);
    await storeAppSession(context, app, ACCOUNTS[app]);
    const page = await context.newPage();
    const entry = await entryScript(context.request, `/${app}`);
    // The app's entry is held back until the data request has been seen: had the request waited for the app's
    // code, the page would never get past its shell (and the test would time out).
    const firstRequest = page.waitForRequest((request) => new URL(request.url()).pathname === path);
    let entryServedAfterRequest = false;
    await context.route(entry, async (route) => {
      await firstRequest;
      entryServedAfterRequest = true;
      await route.continue();
    });
    await page.goto(`/${app}`);
    await firstRequest;
    // The app then draws in place of the shell.
    await expect(page.locator('.shell-progress')).toHaveCount(0);
    await expect(page.locator('#root')).not.toBeEmpty();
    expect(entryServedAfterRequest).toBe(true);
    await context.close();
  }
});

test("on a second open without a network, the parent's page comes from its worker's cache", async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto('/parent');
  await expect(page.locator('.shell-progress')).toHaveCount(0);
  await expect(page.locator('#root')).not.toBeEmpty();
  // The worker is active and has kept this release's shell (its cache is named after the build's shell list).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async () => {
    const names = await caches.keys();
    const shell = names.find((name) => name.startsWith('schoolride-parent-shell-'));
    return shell !== undefined && (await (await caches.open(shell)).match('/parent')) !== undefined;
  });

  await context.setOffline(true);
  await page.goto('/parent/account');
  await expect(page).toHaveTitle(APPS.parent.title);
  // The app's code came from the cache too: it replaced the shell with its own screen.
  await expect(page.locator('.shell-progress')).toHaveCount(0);
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.close();
});
