import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES } from '@school-transport/shared';
import {
  signInAtProvider,
  startOpenIdProvider,
  type OpenIdProvider,
} from '@school-transport/testing/openid-provider';
import { auditLog, sessions, ssoProviders, users } from '../src/db/schema/index.js';
import { createAccount, login, nextAddress } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Single sign-on for office staff (decision 070) against a real OpenID provider (oidc-provider) started here:
 * the browser's part of the dance is real HTTP to the provider, our server's part is app.inject.
 */
const PUBLIC_URL = 'http://127.0.0.1:4999';
let t: TestApp;
let op: OpenIdProvider;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  op = await startOpenIdProvider({
    redirectUris: [`${PUBLIC_URL}/api/auth/oidc/district/callback`],
    postLogoutRedirectUris: [`${PUBLIC_URL}/login`],
  });
  const admin = await createAccount(t.app, 'admin');
  adminToken = (await login(t.app, admin.email)).json().token;
});
afterAll(async () => {
  await op?.close();
  await t?.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: adminToken } });

const providerInput = () => ({
  slug: 'district',
  name: 'District login',
  issuer: op.issuer,
  clientId: op.clientId,
  clientSecret: op.clientSecret,
});

/** Starts at our server, signs `email` in at the provider, and answers where our callback sends the browser. */
async function signInThroughProvider(email: string, callbackQuery?: (query: URLSearchParams) => void) {
  const start = await t.app.inject({
    method: 'GET',
    url: '/api/auth/oidc/district/start',
    remoteAddress: nextAddress(),
  });
  expect(start.statusCode).toBe(302);
  const authorization = new URL(start.headers.location as string);
  expect(authorization.href.startsWith(op.issuer)).toBe(true);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  const callback = await signInAtProvider(authorization.href, email, op.issuer);
  expect(callback.href.startsWith(`${PUBLIC_URL}/api/auth/oidc/district/callback`)).toBe(true);
  callbackQuery?.(callback.searchParams);
  const back = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    remoteAddress: nextAddress(),
  });
  expect(back.statusCode).toBe(302);
  const location = new URL(back.headers.location as string);
  expect(location.origin + location.pathname).toBe(`${PUBLIC_URL}/login`);
  return location.searchParams;
}

const finish = (code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/oidc/finish',
    payload: { code },
    remoteAddress: nextAddress(),
  });

const refusals = async () =>
  (
    await t.app.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.sso_refused'))
  )[0]!.n;

describe('single sign-on with OpenID Connect', () => {
  it('refuses to turn staff passwords off while no provider is configured', async () => {
    const answer = await asAdmin('PUT', '/api/sso/settings', { staffPasswordsOff: true });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(SSO_MESSAGES.noProviderForPasswordsOff);
  });

  it('configures a provider; the secret is sealed and never answered; roles map only to office roles', async () => {
    const refused = await asAdmin('POST', '/api/sso/providers', {
      ...providerInput(),
      roleClaim: 'groups',
      roleMap: [{ value: 'bus-drivers', role: 'driver' }],
    });
    expect(refused.statusCode).toBe(400);
    const badIssuer = await asAdmin('POST', '/api/sso/providers', {
      ...providerInput(),
      issuer: 'http://127.0.0.1:1',
    });
    expect(badIssuer.statusCode).toBe(400);
    expect(badIssuer.json().errors[0].field).toBe('issuer');

    const created = await asAdmin('POST', '/api/sso/providers', {
      ...providerInput(),
      roleClaim: 'groups',
      roleMap: [{ value: 'transport-office', role: 'admin' }],
    });
    expect(created.statusCode).toBe(201);
    const provider = created.json().data;
    expect(provider).toMatchObject({ slug: 'district', hasSecret: true });
    expect(provider.redirectUri).toBe(`${PUBLIC_URL}/api/auth/oidc/district/callback`);
    expect(JSON.stringify(created.json())).not.toContain(op.clientSecret);
    const [row] = await t.app.database.db.select().from(ssoProviders);
    expect(row!.encryptedClientSecret).not.toContain(op.clientSecret);

    const again = await asAdmin('POST', '/api/sso/providers', providerInput());
    expect(again.statusCode).toBe(409);
    const listed = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    expect(listed.json().data).toEqual([{ slug: 'district', name: 'District login' }]);
  });

  it('signs an active staff user in by verified e-mail: the same session as a password sign-in, audited', async () => {
    const staff = await createAccount(t.app, 'admin');
    const back = await signInThroughProvider(staff.email.toUpperCase());
    const code = back.get('sso_code')!;
    expect(code).toBeTruthy();

    const answer = await finish(code);
    expect(answer.statusCode).toBe(200);
    const { token, user } = answer.json();
    expect(user).toMatchObject({ id: staff.id, role: 'admin' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: token } });
    expect(me.json().data.email).toBe(staff.email);
    // The code is spent.
    expect((await finish(code)).statusCode).toBe(401);

    const [entry] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.actorId, staff.id)));
    expect(entry!.details).toEqual({ sso: 'district' });

    // Sign-out ends our session and points the browser at the provider's logout.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: token },
    });
    expect(out.statusCode).toBe(200);
    const endSession = new URL(out.json().endSessionUrl);
    expect(endSession.href.startsWith(op.issuer)).toBe(true);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: token },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses an e-mail the provider has not verified, and an address with no active staff account', async () => {
    const before = (await t.app.database.db.select({ n: count() }).from(users))[0]!.n;
    const sessionsBefore = (await t.app.database.db.select({ n: count() }).from(sessions))[0]!.n;

    const unverified = await createAccount(t.app, 'admin', `unverified-${Date.now()}@example.com`);
    expect((await signInThroughProvider(unverified.email)).get('sso_refused')).toBe('email-unverified');
    expect((await signInThroughProvider(`nobody-${Date.now()}@example.com`)).get('sso_refused')).toBe(
      'no-account',
    );
    const driver = await createAccount(t.app, 'driver');
    expect((await signInThroughProvider(driver.email)).get('sso_refused')).toBe('no-account');

    const after = (await t.app.database.db.select({ n: count() }).from(users))[0]!.n;
    expect(after).toBe(before + 2); // the two accounts made here; none by the sign-ins
    expect((await t.app.database.db.select({ n: count() }).from(sessions))[0]!.n).toBe(sessionsBefore);
    expect(await refusals()).toBeGreaterThanOrEqual(3);
  });

  it('refuses an unknown or replayed state', async () => {
    const staff = await createAccount(t.app, 'admin');
    let query!: URLSearchParams;
    const first = await signInThroughProvider(staff.email, (q) => void (query = new URLSearchParams(q)));
    expect(first.get('sso_code')).toBeTruthy();
    const replay = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/district/callback?${query}` });
    expect(new URL(replay.headers.location as string).searchParams.get('sso_refused')).toBe('expired');
    query.set('state', 'a-state-we-never-gave');
    const forged = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/district/callback?${query}` });
    expect(new URL(forged.headers.location as string).searchParams.get('sso_refused')).toBe('expired');
  });

  it('refuses a provider name that no provider could have, before any query (fuzz found a NUL answered 500)', async () => {
    for (const url of [
      '/api/auth/oidc/%00/callback',
      '/api/auth/oidc/%00/start',
      '/api/auth/oidc/Dis%20trict/start',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url, remoteAddress: nextAddress() });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json()).toMatchObject({ success: false });
    }
  });

  it.each([
    ['another nonce', { claims: { nonce: 'not-the-nonce-we-sent' } }, /claim value/],
    ['another audience', { claims: { aud: 'someone-else' } }, /claim value/],
    ['an expired token', { claims: { exp: Math.floor(Date.now() / 1000) - 3600 } }, /timestamp/],
    ['a signature by another key', { rogueKey: true }, /signature verification failed/],
    ['a tampered e-mail', { claims: { email: 'intruder@example.com' }, rogueKey: true }, /signature/],
  ])('refuses an ID token with %s', async (_name, change, failed) => {
    const staff = await createAccount(t.app, 'admin');
    const back = await signInThroughProvider(staff.email, () => op.tamperNext(change));
    expect(back.get('sso_refused')).toBe('invalid-response');
    // The audit entry names the check that failed.
    const [entry] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.sso_refused'))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1);
    expect((entry!.details as { error: string }).error).toMatch(failed);
  });

  it('turns staff passwords off: staff are refused a password sign-in, drivers are not; the last provider stays', async () => {
    const on = await asAdmin('PUT', '/api/sso/settings', { staffPasswordsOff: true });
    expect(on.statusCode).toBe(200);
    const staff = await createAccount(t.app, 'admin');
    const refused = await login(t.app, staff.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SSO_MESSAGES.staffPasswordsOff);
    const driver = await createAccount(t.app, 'driver');
    expect((await login(t.app, driver.email)).statusCode).toBe(200);
    // Single sign-on still lets the staff member in.
    const code = (await signInThroughProvider(staff.email)).get('sso_code')!;
    expect((await finish(code)).statusCode).toBe(200);

    const [row] = await t.app.database.db.select().from(ssoProviders);
    const removal = await asAdmin('DELETE', `/api/sso/providers/${row!.id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe(SSO_MESSAGES.lastProviderWhilePasswordsOff);
    expect((await asAdmin('PUT', '/api/sso/settings', { staffPasswordsOff: false })).statusCode).toBe(200);
  });
});
