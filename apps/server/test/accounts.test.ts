import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@school-transport/shared';
import { codeIn, linkTokenIn, startMailSink } from '@school-transport/testing';
import { accountTokens, auditLog, users } from '../src/db/schema/index.js';
import { issueLinkToken } from '../src/modules/platform/accounts/account-tokens.js';
import { createAccount, login, PASSWORD, tokenFor } from './support/accounts.js';
import { apiAs, postFromNewAddress } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

const MINUTE = 60_000;
const time = manualClock();
let t: TestApp;
let sink: Awaited<ReturnType<typeof startMailSink>>;

beforeAll(async () => {
  sink = await startMailSink();
  t = await createTestApp({
    clock: time.clock,
    env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://school.example' },
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const post = (url: string, payload: object, token?: string) => postFromNewAddress(t.app, url, payload, token);
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: token } });
const signIn = async (email: string, password = PASSWORD) =>
  (await login(t.app, email, password)).json().token as string;
const resetPassword = (token: string, password = 'one more passphrase') =>
  post('/api/auth/reset-password', { token, password, confirmPassword: password });
/** The account's reset links, invitations and e-mail change codes that still work. */
const openTokensOf = (userId: string) =>
  t.app.database.db
    .select({ purpose: accountTokens.purpose })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));

describe('forgot and reset password', () => {
  it('mails a driver and a parent a link to their phone app’s reset page, in their language', async () => {
    for (const role of ['driver', 'parent'] as const) {
      const user = await createAccount(t.app, role);
      await t.app.database.db.update(users).set({ language: 'es' }).where(eq(users.id, user.id));
      await post('/api/auth/forgot-password', { email: user.email });
      const mail = await sink.lastTo(user.email);
      expect(mail.body).toContain(`http://school.example/${role}/reset-password?token=`);
      expect(mail.body).not.toContain('http://school.example/reset-password');
      expect(mail.body).toContain('Alguien pidi');
      const token = linkTokenIn(mail)!;
      expect((await resetPassword(token)).statusCode).toBe(200);
    }
  });

  it('mails a link that sets a new password once, ends every session and confirms by mail', async () => {
    const user = await createAccount(t.app, 'admin');
    const oldSession = await signIn(user.email);
    const asked = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    expect(asked.json()).toEqual({ success: true, type: 'success', message: ACCOUNT_MESSAGES.resetLinkSent });
    const mail = await sink.lastTo(user.email);
    expect(mail.body).toContain('http://school.example/reset-password?token=');
    expect(mail.body).toMatch(/Subject: SchoolRide: reset your password/);
    const token = linkTokenIn(mail)!;

    const reset = await post('/api/auth/reset-password', {
      token,
      password: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(ACCOUNT_MESSAGES.passwordUpdated);
    expect((await me(oldSession)).statusCode).toBe(401);
    expect((await login(t.app, user.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, user.email, 'a brand new passphrase')).statusCode).toBe(200);
    expect((await sink.lastTo(user.email)).body).toContain('your password was changed');

    const reused = await post('/api/auth/reset-password', {
      token,
      password: 'another new passphrase',
      confirmPassword: 'another new passphrase',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(ACCOUNT_MESSAGES.linkInvalid);
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    const answer = await post('/api/auth/forgot-password', { email: 'nobody-at-all@example.com' });
    expect(answer.json()).toEqual({
      success: true,
      type: 'success',
      message: ACCOUNT_MESSAGES.resetLinkSent,
    });
    // a real admin asked after: once that mail is in, one to the unknown address would have been too
    const admin = await createAccount(t.app, 'admin');
    await post('/api/auth/forgot-password', { email: admin.email });
    await sink.lastTo(admin.email);
    expect(sink.received.filter((m) => m.to.includes('nobody-at-all@example.com'))).toEqual([]);
  });

  it('refuses an expired link (60 minutes)', async () => {
    const user = await createAccount(t.app, 'admin');
    await post('/api/auth/forgot-password', { email: user.email });
    const token = linkTokenIn(await sink.lastTo(user.email))!;
    time.advance(61 * MINUTE);
    const answer = await post('/api/auth/reset-password', {
      token,
      password: 'late but long enough',
      confirmPassword: 'late but long enough',
    });
    expect(answer.statusCode).toBe(400);
  });

  it('sends at most 3 reset mails an hour to one address', async () => {
    const user = await createAccount(t.app, 'admin');
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    // the work after each answer has run once each request has its audit entry, sent or limited
    const entries = async () =>
      (await t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id))).map(
        (entry) => entry.action,
      );
    await expect.poll(async () => (await entries()).length, { timeout: 30_000 }).toBe(5);
    expect((await entries()).sort()).toEqual([
      ...Array(2).fill('auth.password_reset_limited'),
      ...Array(3).fill('auth.password_reset_requested'),
    ]);
    const mailsTo = () => sink.received.filter((m) => m.to.includes(user.email)).length;
    await expect.poll(mailsTo, { timeout: 30_000 }).toBe(3);
    expect(
      await t.app.database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id)),
    ).toHaveLength(3);
  });

  it('refuses common passwords, too short ones and a confirmation that differs', async () => {
    const user = await createAccount(t.app, 'admin');
    await post('/api/auth/forgot-password', { email: user.email });
    const token = linkTokenIn(await sink.lastTo(user.email))!;
    const common = await post('/api/auth/reset-password', {
      token,
      password: 'password123',
      confirmPassword: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual([{ field: 'password', message: ACCOUNT_MESSAGES.commonPassword }]);
    const short = await post('/api/auth/reset-password', {
      token,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(short.json().errors[0]).toEqual({ field: 'password', message: 'Use at least 8 characters' });
    const differ = await post('/api/auth/reset-password', {
      token,
      password: 'long enough one',
      confirmPassword: 'long enough two',
    });
    expect(differ.json().errors[0]).toEqual({
      field: 'confirmPassword',
      message: 'The passwords do not match',
    });
    // the link survived the refusals
    expect(
      (
        await post('/api/auth/reset-password', {
          token,
          password: 'finally a good one',
          confirmPassword: 'finally a good one',
        })
      ).statusCode,
    ).toBe(200);
  });
});

// Drivers and parents sign in (their reset and invitation links: driver-accounts.test.ts, parent-accounts.test.ts).

describe('old links die', () => {
  const changePassword = (token: string) =>
    post(
      '/api/profile/change-password',
      {
        currentPassword: PASSWORD,
        password: 'a changed passphrase',
        confirmPassword: 'a changed passphrase',
      },
      token,
    );

  /** An admin signed in, with a reset link and an e-mail change code both open. */
  const withOpenLinkAndCode = async () => {
    const user = await createAccount(t.app, 'admin');
    const session = await signIn(user.email);
    await post('/api/auth/forgot-password', { email: user.email });
    const link = linkTokenIn(await sink.lastTo(user.email))!;
    const newEmail = `code-${Date.now()}-${Math.random()}@example.com`;
    await post('/api/profile/change-email', { email: newEmail, currentPassword: PASSWORD }, session);
    const code = codeIn(await sink.lastTo(newEmail))!;
    expect(await openTokensOf(user.id)).toHaveLength(2);
    return { user, session, link, code };
  };

  it('a password changed on the profile ends open reset links and e-mail change codes', async () => {
    const { user, session, link, code } = await withOpenLinkAndCode();
    expect((await changePassword(session)).statusCode).toBe(200);
    expect((await resetPassword(link)).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { code }, session)).statusCode).toBe(400);
    expect(await openTokensOf(user.id)).toEqual([]);
  });

  it('a password set through a reset link ends the other open links and codes', async () => {
    const { user, session, link, code } = await withOpenLinkAndCode();
    expect((await resetPassword(link)).statusCode).toBe(200);
    expect(await openTokensOf(user.id)).toEqual([]);
    expect((await me(session)).statusCode).toBe(401); // the reset ended every session
    const again = await signIn(user.email, 'one more passphrase');
    expect((await post('/api/auth/verify-email', { code }, again)).statusCode).toBe(400);
  });

  it('a new e-mail address ends open reset links', async () => {
    const { session, link, code } = await withOpenLinkAndCode();
    expect((await post('/api/auth/verify-email', { code }, session)).statusCode).toBe(200);
    expect((await resetPassword(link)).statusCode).toBe(400);
  });

  it("an administrator changing a driver's e-mail ends the driver's open links", async () => {
    const admin = await createAccount(t.app, 'admin');
    const api = apiAs(t.app, await signIn(admin.email));
    const tag = Date.now();
    const driver = await api('POST', '/api/drivers/create', {
      name: 'Link Driver',
      email: `link-driver-${tag}@example.com`,
      phone: '9876543210',
      licenseNo: `LINK-${tag}`,
    });
    const [account] = await t.app.database.db
      .select()
      .from(users)
      .where(eq(users.email, `link-driver-${tag}@example.com`));
    await t.app.database.db.transaction((tx) => issueLinkToken(tx, account!.id, 'invitation', time.clock()));
    expect(await openTokensOf(account!.id)).toHaveLength(1);
    // the same name: only a changed address (or password) ends links
    const unchanged = {
      name: 'Link Driver Renamed',
      email: account!.email,
      phone: '9876543210',
      licenseNo: `LINK-${tag}`,
    };
    await api('PUT', `/api/drivers/update/${driver.body.data.id}`, unchanged);
    expect(await openTokensOf(account!.id)).toHaveLength(1);
    await api('PUT', `/api/drivers/update/${driver.body.data.id}`, {
      ...unchanged,
      email: `moved-${tag}@example.com`,
    });
    expect(await openTokensOf(account!.id)).toEqual([]);
  });
});

describe('changing the e-mail address with a code', () => {
  it('saves the new address only once the mailed code is entered', async () => {
    const user = await createAccount(t.app, 'admin');
    const token = await signIn(user.email);
    const newEmail = `moved-${Date.now()}@example.com`;
    const asked = await post(
      '/api/profile/change-email',
      { email: newEmail, currentPassword: PASSWORD },
      token,
    );
    expect(asked.statusCode).toBe(200);
    const code = codeIn(await sink.lastTo(newEmail))!;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: token } })).json()
        .data,
    ).toMatchObject({
      email: user.email,
      pendingEmail: newEmail,
    });
    const wrong = await post(
      '/api/auth/verify-email',
      { code: code === '000000' ? '111111' : '000000' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The code is not right. 4 tries left.');
    const right = await post('/api/auth/verify-email', { code }, token);
    expect(right.statusCode).toBe(200);
    const [stored] = await t.app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.email).toBe(newEmail);
    expect((await login(t.app, newEmail)).statusCode).toBe(200);
  });

  it('gives up after 5 wrong codes, expires after 10 minutes, and resends at most once a minute', async () => {
    const user = await createAccount(t.app, 'admin');
    const token = await signIn(user.email);
    const newEmail = `tries-${Date.now()}@example.com`;
    await post('/api/profile/change-email', { email: newEmail, currentPassword: PASSWORD }, token);
    const code = codeIn(await sink.lastTo(newEmail))!;
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++)
      expect((await post('/api/auth/verify-email', { code: wrongCode }, token)).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { code: wrongCode }, token)).statusCode).toBe(429);
    expect((await post('/api/auth/verify-email', { code }, token)).statusCode).toBe(400);

    await post('/api/profile/change-email', { email: newEmail, currentPassword: PASSWORD }, token);
    expect((await post('/api/auth/resend-code', {}, token)).statusCode).toBe(429);
    time.advance(61_000);
    expect((await post('/api/auth/resend-code', {}, token)).statusCode).toBe(200);
    const resent = codeIn(await sink.lastTo(newEmail))!;
    time.advance(11 * MINUTE);
    expect((await post('/api/auth/verify-email', { code: resent }, token)).statusCode).toBe(400);
  });

  it('refuses an address another account has', async () => {
    const user = await createAccount(t.app, 'admin');
    const other = await createAccount(t.app, 'parent');
    const token = await signIn(user.email);
    const answer = await post(
      '/api/profile/change-email',
      { email: other.email, currentPassword: PASSWORD },
      token,
    );
    expect(answer.statusCode).toBe(409);
  });
});

describe('profile', () => {
  it('changes the name, and the password with the current one, ending the other sessions only', async () => {
    const user = await createAccount(t.app, 'admin');
    const mine = await signIn(user.email);
    const other = await signIn(user.email);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/name',
      payload: { name: 'New Name' },
      headers: { authorization: mine },
    });
    expect(renamed.json().data.name).toBe('New Name');

    const wrong = await post(
      '/api/profile/change-password',
      { currentPassword: 'nope', password: 'a fresh passphrase', confirmPassword: 'a fresh passphrase' },
      mine,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('currentPassword');
    const changed = await post(
      '/api/profile/change-password',
      { currentPassword: PASSWORD, password: 'a fresh passphrase', confirmPassword: 'a fresh passphrase' },
      mine,
    );
    expect(changed.statusCode).toBe(200);
    expect((await me(mine)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('lists the live sessions and ends one of them', async () => {
    const user = await createAccount(t.app, 'admin');
    const mine = await signIn(user.email);
    const other = await signIn(user.email);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/profile/sessions',
      headers: { authorization: mine },
    });
    const sessions = list.json().data as Array<{ id: string; current: boolean }>;
    expect(sessions).toHaveLength(2);
    const otherSession = sessions.find((s) => !s.current)!;
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/profile/sessions/${otherSession.id}`,
      headers: { authorization: mine },
    });
    expect(ended.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    // someone else's session is not ours to end
    const stranger = await signIn((await createAccount(t.app, 'admin')).email);
    const theirs = (
      await t.app.inject({
        method: 'GET',
        url: '/api/profile/sessions',
        headers: { authorization: stranger },
      })
    ).json().data[0].id;
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/profile/sessions/${theirs}`,
          headers: { authorization: mine },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('staff users', () => {
  it('invites an admin whose link (valid 72 hours) leads to choosing a password', async () => {
    const admin = await createAccount(t.app, 'admin');
    const api = apiAs(t.app, await signIn(admin.email));
    const email = `invited-${Date.now()}@example.com`;
    const invited = await api('POST', '/api/users/invite', { name: 'New Colleague', email });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ email, status: 'invited', lastLoginAt: null });
    const mail = await sink.lastTo(email);
    expect(mail.body).toContain(`${admin.email} invited you`);
    const token = linkTokenIn(mail)!;
    expect((await api('POST', '/api/users/invite', { name: 'Again', email })).status).toBe(409);

    expect((await api('POST', `/api/users/resend-invitation/${invited.body.data.id}`)).status).toBe(200);
    // the resent mail replaces the first link
    expect(
      (
        await post('/api/auth/reset-password', {
          token,
          password: 'colleague passphrase',
          confirmPassword: 'colleague passphrase',
        })
      ).statusCode,
    ).toBe(400);
    const fresh = linkTokenIn(await sink.lastTo(email))!;
    time.advance(71 * 60 * MINUTE);
    expect(
      (
        await post('/api/auth/reset-password', {
          token: fresh,
          password: 'colleague passphrase',
          confirmPassword: 'colleague passphrase',
        })
      ).statusCode,
    ).toBe(200);
    expect((await login(t.app, email, 'colleague passphrase')).statusCode).toBe(200);
    const again = apiAs(t.app, await signIn(admin.email)); // 71 hours on, the first session has idled out
    const list = await again('GET', `/api/users/get-all?search=${encodeURIComponent(email)}`);
    expect(list.body.data).toEqual([expect.objectContaining({ email, status: 'active' })]);
  });

  it('disables an account at once and re-enables it; never oneself or the last active admin', async () => {
    const fresh = await createTestApp({ clock: time.clock, env: { SMTP_URL: sink.url } });
    try {
      const [a, b] = [await createAccount(fresh.app, 'admin'), await createAccount(fresh.app, 'admin')];
      const tokenA = (await login(fresh.app, a.email)).json().token as string;
      const tokenB = (await login(fresh.app, b.email)).json().token as string;
      const asA = apiAs(fresh.app, tokenA);
      const self = await asA('POST', `/api/users/disable/${a.id}`);
      expect(self.status).toBe(409);
      expect(self.body.message).toBe('You cannot disable your own account.');

      const disabled = await asA('POST', `/api/users/disable/${b.id}`);
      expect(disabled.body.data.status).toBe('disabled');
      expect(
        (await fresh.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: tokenB } }))
          .statusCode,
      ).toBe(401);
      expect((await login(fresh.app, b.email)).statusCode).toBe(403);

      // a is now the last active admin: b (re-enabled later) cannot disable them... first, re-enable b
      expect((await asA('POST', `/api/users/enable/${b.id}`)).body.data.status).toBe('active');
      const asB = apiAs(fresh.app, (await login(fresh.app, b.email)).json().token as string);
      expect((await asB('POST', `/api/users/disable/${a.id}`)).status).toBe(200);
      const last = await apiAs(fresh.app, (await login(fresh.app, b.email)).json().token as string)(
        'POST',
        `/api/users/disable/${b.id}`,
      );
      expect(last.status).toBe(409);
      const actions = (await fresh.app.database.db.select().from(auditLog)).map((e) => e.action);
      expect(actions).toEqual(expect.arrayContaining(['user.disabled', 'user.enabled']));
    } finally {
      await fresh.close();
    }
  });

  it.each(['driver', 'parent'] as const)('is closed to a %s', async (role) => {
    const api = apiAs(t.app, await tokenFor(t.app, role));
    expect((await api('GET', '/api/users/get-all')).status).toBe(403);
    expect((await api('POST', '/api/users/invite', { name: 'X', email: 'x@example.com' })).status).toBe(403);
    expect((await api('GET', '/api/audit-log/get-all')).status).toBe(403);
  });
});

describe('audit log', () => {
  it('records account actions with the address they came from, filterable by person and day', async () => {
    const admin = await createAccount(t.app, 'admin');
    const api = apiAs(t.app, await signIn(admin.email));
    await api('PUT', '/api/profile/name', { name: 'Audited Name' });
    // Audit rows are stamped by the database's clock, not the test's: a window around the real today.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const mine = await api(
      'GET',
      `/api/audit-log/get-all?actor=${encodeURIComponent(admin.email)}&dateFrom=${day(-1)}&dateTo=${day(1)}`,
    );
    expect(mine.status).toBe(200);
    const actions = mine.body.data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'profile.name_changed']));
    expect(mine.body.data[0].ip).toMatch(/^127\./);
    const before = await api(
      'GET',
      `/api/audit-log/get-all?actor=${encodeURIComponent(admin.email)}&dateTo=2000-01-01`,
    );
    expect(before.body.data).toEqual([]);
  });
});
