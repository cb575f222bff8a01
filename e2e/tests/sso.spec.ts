import { uniqueTag } from '@school-transport/testing';
import { startOpenIdProvider, type OpenIdProvider } from '@school-transport/testing/openid-provider';
import { postThroughApi } from '../support/api';
import { E2E_URL } from '../support/environment';
import { expect, storedToken, test } from '../support/fixtures';

/**
 * Single sign-on (decision 070) in the browser: a real OpenID provider (oidc-provider, started here) signs an
 * invited staff member in through its own login page, and the app opens on the dashboard. The provider is added
 * and removed through the API by the seeded admin; its short name is this test's own.
 */
const slug = `e2e-${uniqueTag().toLowerCase()}`;
let op: OpenIdProvider;

test.beforeAll(async () => {
  op = await startOpenIdProvider({
    redirectUris: [`${E2E_URL}/api/auth/oidc/${slug}/callback`],
    postLogoutRedirectUris: [`${E2E_URL}/login`],
  });
});
test.afterAll(async () => op?.close());

test.use({ adminSignedIn: true });

test('a staff member signs in through the provider’s login page', async ({ page, browser }) => {
  await page.goto('/');
  const provider = await postThroughApi<{ id: string }>(page, 'sso/providers', {
    slug,
    name: `District ${slug}`,
    issuer: op.issuer,
    clientId: op.clientId,
    clientSecret: op.clientSecret,
  });
  const email = `${slug}@example.com`;
  await postThroughApi(page, 'users/invite', { name: 'Sam Staff', email });
  try {
    // A visitor: the test's contexts start with the admin's saved session.
    const visitor = await browser.newContext({
      baseURL: E2E_URL,
      storageState: { cookies: [], origins: [] },
    });
    const signInPage = await visitor.newPage();
    await signInPage.goto('/login');
    await signInPage.getByText(`Sign in with District ${slug}`).click();
    // The provider's own (development) login page.
    await signInPage.locator('input[name="login"]').fill(email);
    await signInPage.locator('input[name="password"]').fill('any password');
    await signInPage.getByRole('button', { name: 'Sign-in' }).click();
    await expect(signInPage.getByText('Admin Dashboard')).toBeVisible();
    await expect(signInPage).toHaveURL(`${E2E_URL}/`);
    // Signed in as the staff member (the top bar and the welcome toast name them).
    await expect(signInPage.getByText('Sam Staff').first()).toBeVisible();
    await visitor.close();
  } finally {
    // Other tests' Log In screens show no button of this test's.
    await page.request.delete(`/api/sso/providers/${provider.id}`, {
      headers: { authorization: (await storedToken(page)) ?? '' },
    });
  }
});
