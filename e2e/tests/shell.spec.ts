import { ACCOUNTS } from '../support/environment';
import { expect, signIn, test } from '../support/fixtures';

const background = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('dark mode is switched in the drawer and survives a reload', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  expect(await background(page)).toBe('rgb(240, 242, 245)');
  await page.getByLabel('Dark mode').click();
  await expect.poll(() => background(page)).toBe('rgb(2, 2, 2)');
  expect(await page.evaluate(() => localStorage.getItem('mode'))).toBe('dark');
  await page.reload();
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  expect(await background(page)).toBe('rgb(2, 2, 2)');
});

test('the drawer collapses with the menu toggle and lists the management screens', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const width = async () => (await nav.boundingBox())?.width ?? 0;
  const open = await width();
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect.poll(width).toBeLessThan(open);
});

test('on a phone the top bar names the product and the menu opens over the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByRole('banner').getByText('SchoolRide')).toBeVisible();
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Drivers', exact: true })
    .click();
  await expect(page).toHaveURL('/all-drivers');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
});

test('an unknown address shows the 404 page with a way back', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
  await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
});

test('a visitor sees the 404 page on an unknown address too', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
});
