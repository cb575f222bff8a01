import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_TOO_SHORT, MESSAGES, SECOND_FACTOR_MESSAGES } from '@school-transport/shared';
import { codeIn, startMailSink } from '@school-transport/testing';
import { auditLog, recoveryCodes, totpFactors } from '../src/db/schema/index.js';
import { issueLinkToken } from '../src/modules/platform/accounts/account-tokens.js';
import { CHALLENGE_MAX_FAILURES, CHALLENGE_MS } from '../src/modules/platform/auth/second-factor-service.js';
import { base32Decode, hotp, totpStep } from '../src/modules/platform/auth/totp.js';
import { loadConfig } from '../src/config.js';
import { passwordProblem } from '../src/modules/platform/users/first-admin.js';
import { createAccount, login, nextAddress, PASSWORD } from './support/accounts.js';
import { postFromNewAddress } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/** Administrators' session lifetimes as the product ships them. */
const ADMIN_DEFAULTS = loadConfig({ NODE_ENV: 'test' }).session.perRole.admin!;

const time = manualClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock });
});
afterAll(() => t.close());

const post = postFromNewAddress;

/** The code an authenticator app shows now (or `steps` steps away) for this base32 secret. */
const codeOf = (secret: string, steps = 0) => hotp(base32Decode(secret), totpStep(time.clock()) + steps);

/** A new admin, signed in, with a confirmed authenticator app: its secret and recovery codes. */
async function enrolledAdmin(app = t.app) {
  const admin = await createAccount(app, 'admin');
  const token = (await login(app, admin.email)).json().token as string;
  const started = await post(app, '/api/profile/second-factor/totp', undefined, token);
  expect(started.statusCode).toBe(200);
  const { secret, otpauthUri } = started.json().data as { secret: string; otpauthUri: string };
  expect(otpauthUri).toContain(`secret=${secret}`);
  const confirmed = await post(
    app,
    '/api/profile/second-factor/totp/confirm',
    { code: codeOf(secret) },
    token,
  );
  expect(confirmed.statusCode).toBe(200);
  // The code that confirmed is spent: the sign-in steps below start on a fresh step.
  time.advance(30_000);
  return { admin, token, secret, codes: confirmed.json().data.recoveryCodes as string[] };
}

async function passwordStep(email: string, address = nextAddress()) {
  const answer = await login(t.app, email, PASSWORD, address);
  expect(answer.statusCode).toBe(200);
  return answer.json() as {
    message: string;
    token?: string;
    secondFactor: { pendingToken: string; next: string };
  };
}

describe('TOTP', () => {
  it('gives the RFC 6238 test vectors (SHA-1, 8 digits) and 6-digit codes by default', () => {
    const secret = Buffer.from('12345678901234567890');
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(hotp(secret, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
    }
    expect(hotp(secret, 1)).toMatch(/^\d{6}$/);
  });
});

describe('second factor for administrators', () => {
  it('enrols with a code from the app, after which the password alone gives no session', async () => {
    const { admin, secret, codes } = await enrolledAdmin();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Stored encrypted and hashed, never as given.
    const [factor] = await t.app.database.db
      .select()
      .from(totpFactors)
      .where(eq(totpFactors.userId, admin.id));
    expect(factor!.encryptedSecret).not.toContain(secret);
    const stored = await t.app.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, admin.id));
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);

    const step = await passwordStep(admin.email);
    expect(step.token).toBeUndefined();
    expect(step.secondFactor.next).toBe('code');
    expect(step.message).toBe(SECOND_FACTOR_MESSAGES.codeNeeded);
    // The pending token is not a session.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: step.secondFactor.pendingToken },
    });
    expect(me.statusCode).toBe(401);

    const signedIn = await post(t.app, '/api/auth/second-factor', {
      pendingToken: step.secondFactor.pendingToken,
      code: codeOf(secret),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ message: MESSAGES.loginSuccess, user: { id: admin.id } });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: signedIn.json().token },
    });
    expect(after.statusCode).toBe(200);

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/profile/second-factor',
      headers: { authorization: signedIn.json().token },
    });
    expect(status.json().data).toEqual({ totp: true, passkeys: [], recoveryCodesLeft: 10, required: false });
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, admin.id), eq(auditLog.action, 'auth.second_factor_enrolled')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a code used once, an old one, and takes the previous and next step’s', async () => {
    const { admin, secret } = await enrolledAdmin();
    const code = codeOf(secret);
    const first = await passwordStep(admin.email);
    const ok = await post(t.app, '/api/auth/second-factor', {
      pendingToken: first.secondFactor.pendingToken,
      code,
    });
    expect(ok.statusCode).toBe(200);

    const again = await passwordStep(admin.email);
    const replay = await post(t.app, '/api/auth/second-factor', {
      pendingToken: again.secondFactor.pendingToken,
      code,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(SECOND_FACTOR_MESSAGES.wrongCode);

    // A minute later: the code of two steps ago is too old; the previous step's is still taken (clock skew).
    time.advance(60_000);
    const old = await post(t.app, '/api/auth/second-factor', {
      pendingToken: again.secondFactor.pendingToken,
      code: codeOf(secret, -2),
    });
    expect(old.statusCode).toBe(401);
    const skewed = await post(t.app, '/api/auth/second-factor', {
      pendingToken: again.secondFactor.pendingToken,
      code: codeOf(secret, -1),
    });
    expect(skewed.statusCode).toBe(200);
    // The pending token opened its session and is spent.
    time.advance(30_000);
    const reused = await post(t.app, '/api/auth/second-factor', {
      pendingToken: again.secondFactor.pendingToken,
      code: codeOf(secret),
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(SECOND_FACTOR_MESSAGES.stepExpired);
  });

  it('locks the address out after wrong codes, like wrong passwords, and ends the step', async () => {
    const { admin, secret } = await enrolledAdmin();
    const address = nextAddress();
    const step = await passwordStep(admin.email, address);
    const right = codeOf(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < CHALLENGE_MAX_FAILURES; i++) {
      const answer = await post(
        t.app,
        '/api/auth/second-factor',
        { pendingToken: step.secondFactor.pendingToken, code: wrong },
        undefined,
        address,
      );
      expect(answer.statusCode).toBe(401);
    }
    // The step has ended, even for the right code, and the address is locked out of the password step too.
    const ended = await post(t.app, '/api/auth/second-factor', {
      pendingToken: step.secondFactor.pendingToken,
      code: right,
    });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(SECOND_FACTOR_MESSAGES.stepExpired);
    expect((await login(t.app, admin.email, PASSWORD, address)).statusCode).toBe(429);
    // A step opened elsewhere is refused from the locked address, whatever the code.
    const other = await passwordStep(admin.email);
    const locked = await post(
      t.app,
      '/api/auth/second-factor',
      { pendingToken: other.secondFactor.pendingToken, code: right },
      undefined,
      address,
    );
    expect(locked.statusCode).toBe(429);
  });

  it('ends the pending step after five minutes', async () => {
    const { admin, secret } = await enrolledAdmin();
    const step = await passwordStep(admin.email);
    time.advance(CHALLENGE_MS);
    const late = await post(t.app, '/api/auth/second-factor', {
      pendingToken: step.secondFactor.pendingToken,
      code: codeOf(secret),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(SECOND_FACTOR_MESSAGES.stepExpired);
  });

  it('takes each recovery code once, audited', async () => {
    const { admin, codes } = await enrolledAdmin();
    const first = await passwordStep(admin.email);
    const used = await post(t.app, '/api/auth/second-factor', {
      pendingToken: first.secondFactor.pendingToken,
      recoveryCode: codes[3]!.toUpperCase(),
    });
    expect(used.statusCode).toBe(200);

    const second = await passwordStep(admin.email);
    const again = await post(t.app, '/api/auth/second-factor', {
      pendingToken: second.secondFactor.pendingToken,
      recoveryCode: codes[3]!,
    });
    expect(again.statusCode).toBe(401);
    const other = await post(t.app, '/api/auth/second-factor', {
      pendingToken: second.secondFactor.pendingToken,
      recoveryCode: codes[4]!.replace('-', ''),
    });
    expect(other.statusCode).toBe(200);

    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, admin.id), eq(auditLog.action, 'auth.recovery_code_used')));
    expect(audit.map((row) => row.details)).toEqual([{ left: 9 }, { left: 8 }]);
  });

  it('removes the factor only with the password, audited; then the password alone signs in', async () => {
    const { admin, token } = await enrolledAdmin();
    const wrong = await post(
      t.app,
      '/api/profile/second-factor/totp/remove',
      { password: 'not it at all' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    const removed = await post(
      t.app,
      '/api/profile/second-factor/totp/remove',
      { password: PASSWORD },
      token,
    );
    expect(removed.statusCode).toBe(200);
    const plain = await login(t.app, admin.email);
    expect(plain.json().token).toEqual(expect.any(String));
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, admin.id), eq(auditLog.action, 'auth.second_factor_removed')));
    expect(audit).toHaveLength(1);
  });

  it('is for administrators only', async () => {
    const { token } = await enrolledAdmin();
    expect(token).toBeTruthy();
    for (const role of ['driver', 'parent'] as const) {
      const user = await createAccount(t.app, role);
      const session = (await login(t.app, user.email)).json().token as string;
      const answer = await post(t.app, '/api/profile/second-factor/totp', undefined, session);
      expect(answer.statusCode).toBe(403);
    }
  });
});

describe('ADMIN_SECOND_FACTOR=required', () => {
  let required: TestApp;
  beforeAll(async () => {
    required = await createTestApp({ clock: time.clock, env: { ADMIN_SECOND_FACTOR: 'required' } });
  });
  afterAll(() => required.close());

  it('leads an admin without a factor to enrol before any session, and keeps the factor', async () => {
    const admin = await createAccount(required.app, 'admin');
    const step = await login(required.app, admin.email);
    expect(step.json()).toMatchObject({ secondFactor: { next: 'enrol' } });
    expect(step.json().token).toBeUndefined();
    const { pendingToken } = step.json().secondFactor as { pendingToken: string };

    const started = await post(required.app, '/api/auth/second-factor/enrol', { pendingToken });
    expect(started.statusCode).toBe(200);
    const { secret } = started.json().data as { secret: string };
    const confirmed = await post(required.app, '/api/auth/second-factor/enrol/confirm', {
      pendingToken,
      code: codeOf(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recoveryCodes).toHaveLength(10);
    const token = confirmed.json().token as string;

    const remove = await post(
      required.app,
      '/api/profile/second-factor/totp/remove',
      { password: PASSWORD },
      token,
    );
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe(SECOND_FACTOR_MESSAGES.requiredCannotRemove);
    // Next time the code is asked for.
    expect((await login(required.app, admin.email)).json().secondFactor.next).toBe('code');
  });

  it('does not ask drivers and parents', async () => {
    for (const role of ['driver', 'parent'] as const) {
      const user = await createAccount(required.app, role);
      expect((await login(required.app, user.email)).json().token).toEqual(expect.any(String));
    }
  });
});

describe('admin sign-in rules', () => {
  let m: TestApp;
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  beforeAll(async () => {
    sink = await startMailSink();
    m = await createTestApp({
      clock: time.clock,
      env: {
        SMTP_URL: sink.url,
        PUBLIC_URL: 'http://school.example',
        // The product's defaults (the test app lengthens admins' sessions for tests that move the clock by hours).
        ADMIN_SESSION_IDLE_MINUTES: String(ADMIN_DEFAULTS.idleMs / 60_000),
        ADMIN_SESSION_ABSOLUTE_HOURS: String(ADMIN_DEFAULTS.absoluteMs / 3_600_000),
      },
    });
  });
  afterAll(async () => {
    await m.close();
    await sink.close();
  });
  const signIn = async (email: string) => (await login(m.app, email)).json().token as string;
  const me = (token: string) =>
    m.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: token } });
  /** Eleven characters, not a common password: enough for a driver or a parent, too short for an admin. */
  const ELEVEN = 'blue pan 99';

  it('needs 12 characters for an administrator’s password, 8 still for drivers and parents', async () => {
    const admin = await createAccount(m.app, 'admin');
    const change = (token: string, password: string) =>
      post(
        m.app,
        '/api/profile/change-password',
        { currentPassword: PASSWORD, password, confirmPassword: password },
        token,
      );
    const short = await change(await signIn(admin.email), ELEVEN);
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ field: 'password', message: ADMIN_PASSWORD_TOO_SHORT }]);

    // A reset link or an invitation: refused, and the link still works for a long enough one.
    const link = await issueLinkToken(m.app.database.db, admin.id, 'password_reset', time.clock());
    const reset = (password: string) =>
      post(m.app, '/api/auth/reset-password', { token: link, password, confirmPassword: password });
    expect((await reset(ELEVEN)).json().errors).toEqual([
      { field: 'password', message: ADMIN_PASSWORD_TOO_SHORT },
    ]);
    expect((await reset(`${ELEVEN} and more`)).statusCode).toBe(200);

    for (const role of ['driver', 'parent'] as const) {
      const user = await createAccount(m.app, role);
      expect((await change(await signIn(user.email), ELEVEN)).statusCode).toBe(200);
    }
    // The first administrator's password (ADMIN_PASSWORD, create-admin) follows the same rule.
    expect(passwordProblem(ELEVEN)).toBe(`${ADMIN_PASSWORD_TOO_SHORT} (12 to 128).`);
  });

  it('ends an administrator’s session sooner than a driver’s or a parent’s', async () => {
    expect(ADMIN_DEFAULTS).toEqual({ idleMs: 60 * 60_000, absoluteMs: 12 * 3_600_000 });
    const { idleMs, absoluteMs, perRole } = m.config.session;
    const adminLifetime = perRole.admin!;
    expect(adminLifetime.idleMs).toBeLessThan(idleMs);
    expect(adminLifetime.absoluteMs).toBeLessThan(absoluteMs);
    const admin = await signIn((await createAccount(m.app, 'admin')).email);
    const driver = await signIn((await createAccount(m.app, 'driver')).email);
    const parent = await signIn((await createAccount(m.app, 'parent')).email);

    time.advance(adminLifetime.idleMs + 1);
    expect((await me(admin)).statusCode).toBe(401);
    for (const token of [driver, parent]) expect((await me(token)).statusCode).toBe(200);

    // However busy, an admin's session ends at the admin's absolute lifetime.
    const busy = await signIn((await createAccount(m.app, 'admin')).email);
    let elapsed = 0;
    while (elapsed + adminLifetime.idleMs / 2 < adminLifetime.absoluteMs) {
      time.advance(adminLifetime.idleMs / 2);
      elapsed += adminLifetime.idleMs / 2;
      expect((await me(busy)).statusCode).toBe(200);
    }
    time.advance(adminLifetime.absoluteMs - elapsed);
    expect((await me(busy)).statusCode).toBe(401);
    // The admin's own list of sessions uses the admin's lifetime too.
    const fresh = await signIn((await createAccount(m.app, 'admin')).email);
    const listed = await m.app.inject({
      method: 'GET',
      url: '/api/profile/sessions',
      headers: { authorization: fresh },
    });
    expect(listed.json().data).toHaveLength(1);
  });

  it('changes the e-mail address only with the current password, and tells the old address', async () => {
    const admin = await createAccount(m.app, 'admin');
    const token = await signIn(admin.email);
    const newEmail = `moved-${Date.now()}@example.com`;
    const without = await post(m.app, '/api/profile/change-email', { email: newEmail }, token);
    expect(without.statusCode).toBe(400);
    const wrong = await post(
      m.app,
      '/api/profile/change-email',
      { email: newEmail, currentPassword: 'not the password' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'currentPassword', message: 'The current password is not right.' },
    ]);
    expect(sink.received.filter((mail) => mail.to.includes(newEmail))).toEqual([]);

    const asked = await post(
      m.app,
      '/api/profile/change-email',
      { email: newEmail, currentPassword: PASSWORD },
      token,
    );
    expect(asked.statusCode).toBe(200);
    const code = codeIn(await sink.lastTo(newEmail))!;
    expect((await post(m.app, '/api/auth/verify-email', { code }, token)).statusCode).toBe(200);
    const told = await sink.lastTo(admin.email);
    expect(told.body).toContain('your e-mail address was changed');
    expect(told.body).toContain(newEmail);
  });
});
