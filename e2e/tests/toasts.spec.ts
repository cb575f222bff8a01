import { ACCOUNTS } from '../support/environment';
import { expect, signIn, test } from '../support/fixtures';
import { expectToast } from '../support/toasts';

const WRONG_CREDENTIALS = 'The email address or password is incorrect.';

test('a toast is still found after it has left the screen, and each showing only once', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, 'not the right password');
  const shown = () => page.evaluate(() => window.__toastsShown__);
  await expect.poll(shown).toEqual([WRONG_CREDENTIALS]);
  // What a slow test meets: the toast has come and gone (5 s) before the test looks for it.
  await expect(page.locator('#notistack-snackbar')).toHaveCount(0);
  await expect(page.getByText(WRONG_CREDENTIALS)).toHaveCount(1); // the alert above the form only
  await expectToast(page, WRONG_CREDENTIALS);
  // Taken off the record: the same message later needs a toast of its own.
  expect(await shown()).toEqual([]);
});

test('a toast covers neither the drawer nor its Dark mode switch', async ({ page }) => {
  // The page's clock stands still, so the toast stays until it has been measured, however busy the machine.
  await page.clock.install();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ACCOUNTS.admin);
  const toast = page.locator('#notistack-snackbar');
  await expect(toast).toHaveText(/^Welcome back/);
  const [toastBox, drawerBox] = await Promise.all([
    toast.boundingBox(),
    page.getByRole('navigation', { name: 'Main menu' }).boundingBox(),
  ]);
  expect(toastBox!.x).toBeGreaterThan(drawerBox!.x + drawerBox!.width);
  await expect(page.getByLabel('Dark mode')).toBeVisible();
});
