import { ACCOUNTS } from '../support/environment';
import { expect, signIn, storedToken, test } from '../support/fixtures';
import { expectToast } from '../support/toasts';

const WRONG_CREDENTIALS = 'The email address or password is incorrect.';

test('an admin signs in, is welcomed on the dashboard and the session is stored', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/');
  await expectToast(page, `Welcome back, ${ACCOUNTS.admin.name}`);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  expect(await storedToken(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('__user__identity__') ?? 'null'));
  expect(user).toMatchObject({ email: ACCOUNTS.admin.email, role: 'admin' });
});

test('a wrong password shows an alert above the form and an error toast', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, 'not the right password');
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: WRONG_CREDENTIALS }),
  ).toBeVisible();
  await expectToast(page, WRONG_CREDENTIALS);
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});

test('the form says what is missing before anything is sent', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Email Address is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email Address').fill('not-an-email');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
});

// A driver's or a parent's sign-in works, but the back-office ends that session at once and sends them to their
// own app: the driver app, or the parent portal.
for (const role of ['driver', 'parent'] as const) {
  test(`a ${role} is kept out of the back-office`, async ({ page }) => {
    await signIn(page, ACCOUNTS[role]);
    await expect(
      page
        .getByText(
          role === 'driver'
            ? 'Drivers sign in at the driver app: /driver'
            : 'Parents sign in at the parent portal: /parent',
        )
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  });
}

test('signing out ends the session on the server too', async ({ page, request }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  const token = await storedToken(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
  const me = await request.get('/api/auth/me', { headers: { authorization: token! } });
  expect(me.status()).toBe(401);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
});

test('a session ended elsewhere sends the user back to sign in with a message', async ({ page, request }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  const token = await storedToken(page);
  expect((await request.post('/api/auth/logout', { headers: { authorization: token! } })).status()).toBe(200);
  // The open page may learn of it first (a query still in flight) and move to Log In before the reload: the reason
  // is kept until someone signs in, so either way Log In says it, and says it again after another reload.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  const reason = page.getByText('Your session has ended. Please sign in again.');
  await expect(reason).toBeVisible();
  await page.reload();
  await expect(reason).toBeVisible();

  // Signing in again and out by choice: no reason is given.
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(reason).toBeHidden();
});
