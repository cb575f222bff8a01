import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@school-transport/shared';
import { auditLog, loginBackoff, sessions, users } from '../src/db/schema/index.js';
import {
  ACCOUNT_FREE_FAILURES,
  ACCOUNT_MAX_DELAY_SECONDS,
} from '../src/modules/platform/auth/login-failure-queries.js';
import { createAccount, login, nextAddress, PASSWORD } from './support/accounts.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/** Every argon2 verification the server runs, counted (and still run): the login paths must not differ in them. */
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2.verifications += 1;
      return original.verify(...args);
    },
  };
});

const MINUTE = 60_000;
const time = manualClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock });
});
afterAll(() => t.close());

const me = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authorization ? { authorization } : {} });

describe('POST /api/auth/login', () => {
  it('answers the contract’s fields and a token that works with and without the Bearer prefix', async () => {
    const admin = await createAccount(t.app, 'admin');
    const answer = await login(t.app, admin.email.toUpperCase());
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      success: true,
      type: 'success',
      message: MESSAGES.loginSuccess,
      user: { id: admin.id, name: admin.name, email: admin.email, role: 'admin', language: null },
    });
    // 256 bits of base64url
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    for (const authorization of [body.token, `Bearer ${body.token}`]) {
      const answerMe = await me(authorization);
      expect(answerMe.statusCode).toBe(200);
      expect(answerMe.json().data).toEqual({
        id: admin.id,
        name: admin.name,
        email: admin.email,
        role: 'admin',
        language: null,
      });
    }

    const [stored] = await t.app.database.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(stored!.tokenHash).not.toContain(body.token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same answer for a wrong e-mail and a wrong password', async () => {
    const admin = await createAccount(t.app, 'admin');
    const wrongPassword = await login(t.app, admin.email, 'not the password');
    const wrongEmail = await login(t.app, 'nobody-here@example.com', PASSWORD);
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      success: false,
      type: 'error',
      message: MESSAGES.invalidCredentials,
      code: 'refusal.invalidCredentials',
    });
    expect(wrongEmail.json()).toEqual(wrongPassword.json());
  });

  // What makes the two paths take as long is that both run one argon2 verification (without it the unknown path
  // would be ~10x faster). Counted rather than timed: a timed test fails on a busy machine.
  it('runs one argon2 verification for an unknown e-mail, as for a wrong password', async () => {
    const admin = await createAccount(t.app, 'admin');
    const verificationsOf = async (email: string) => {
      const before = argon2.verifications;
      const answer = await login(t.app, email, 'wrong password');
      expect(answer.statusCode).toBe(401);
      return argon2.verifications - before;
    };
    expect(await verificationsOf(admin.email)).toBe(1);
    expect(await verificationsOf(`ghost-${Date.now()}@example.com`)).toBe(1);
    expect(await verificationsOf(`ghost-${Date.now()}@example.com`)).toBe(1);
  });

  it('answers 400 with an error per field for invalid input', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'not-an-email' },
      remoteAddress: nextAddress(),
    });
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(body.success).toBe(false);
    expect(body.type).toBe('error');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Enter a valid email address' },
        { field: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('refuses an account without a password and a disabled account', async () => {
    const driver = await t.app.database.db
      .insert(users)
      .values({ name: 'No Password', email: 'nopass@example.com', role: 'driver', passwordHash: null })
      .returning();
    expect((await login(t.app, driver[0]!.email, '')).statusCode).toBe(400);
    expect((await login(t.app, driver[0]!.email, 'anything at all')).statusCode).toBe(401);

    const admin = await createAccount(t.app, 'admin');
    await t.app.database.db.update(users).set({ disabledAt: time.clock() }).where(eq(users.id, admin.id));
    const answer = await login(t.app, admin.email);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(MESSAGES.accountDisabled);
  });

  // Drivers and parents sign in (to their apps): driver-accounts.test.ts, parent-accounts.test.ts.

  it('locks the guessing address for 15 minutes after 5 failures, while the owner signs in from elsewhere', async () => {
    const admin = await createAccount(t.app, 'admin');
    const attacker = nextAddress();
    for (let i = 0; i < 5; i++)
      expect((await login(t.app, admin.email, 'wrong', attacker)).statusCode).toBe(401);
    const locked = await login(t.app, admin.email, PASSWORD, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      success: false,
      type: 'error',
      message: MESSAGES.accountLocked,
      code: 'refusal.accountLocked',
    });

    // the right password from another address still signs in, and does not unlock the attacker's
    expect((await login(t.app, admin.email, PASSWORD, nextAddress())).statusCode).toBe(200);
    expect((await login(t.app, admin.email, PASSWORD, attacker)).statusCode).toBe(429);

    time.advance(14 * MINUTE);
    expect((await login(t.app, admin.email, PASSWORD, attacker)).statusCode).toBe(429);
    time.advance(1 * MINUTE + 1000);
    expect((await login(t.app, admin.email, PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('locks an unknown address the same way, so lockout reveals no account', async () => {
    const attacker = nextAddress();
    for (let i = 0; i < 5; i++)
      expect((await login(t.app, 'ghost-lock@example.com', 'wrong', attacker)).statusCode).toBe(401);
    expect((await login(t.app, 'ghost-lock@example.com', 'wrong', attacker)).json().message).toBe(
      MESSAGES.accountLocked,
    );
  });

  it('slows every new address down, more with each failure, once an account has had 10 failures', async () => {
    const admin = await createAccount(t.app, 'admin');
    const home = nextAddress();
    expect((await login(t.app, admin.email, PASSWORD, home)).statusCode).toBe(200);
    // a guesser spread over many addresses, each below its own lock
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++)
      expect((await login(t.app, admin.email, 'wrong', nextAddress())).statusCode).toBe(401);
    expect((await login(t.app, admin.email, 'wrong', nextAddress())).statusCode).toBe(401); // 11th: 1 s
    const delayed = await login(t.app, admin.email, PASSWORD, nextAddress());
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().message).toBe(MESSAGES.accountDelayed);
    time.advance(1_100);
    expect((await login(t.app, admin.email, 'wrong', nextAddress())).statusCode).toBe(401); // 12th: 2 s
    time.advance(1_500);
    expect((await login(t.app, admin.email, 'wrong', nextAddress())).statusCode).toBe(429);
    time.advance(600);
    expect((await login(t.app, admin.email, 'wrong', nextAddress())).statusCode).toBe(401); // 13th: 4 s

    // the delay stops growing at 15 minutes
    for (let i = 0; i < 20; i++) {
      time.advance(16 * MINUTE);
      expect((await login(t.app, admin.email, 'wrong', nextAddress())).statusCode).toBe(401);
    }
    const [backoff] = await t.app.database.db
      .select()
      .from(loginBackoff)
      .where(eq(loginBackoff.email, admin.email.toLowerCase()));
    expect(backoff!.delayedUntil!.getTime() - time.clock().getTime()).toBe(ACCOUNT_MAX_DELAY_SECONDS * 1000);

    // the owner, from an address they signed in from before, is not held up: the delay cannot lock them out
    expect((await login(t.app, admin.email, PASSWORD, home)).statusCode).toBe(200);
    expect((await login(t.app, admin.email, PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('lets one client address make at most 10 attempts a minute', async () => {
    const address = nextAddress();
    const admin = await createAccount(t.app, 'admin');
    for (let i = 0; i < 10; i++) {
      expect((await login(t.app, `someone${i}@example.com`, 'wrong', address)).statusCode).toBe(401);
    }
    const limited = await login(t.app, admin.email, PASSWORD, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      type: 'error',
      message: MESSAGES.tooManyAttempts,
      code: 'refusal.tooManyAttempts',
    });
    // another address is not affected
    expect((await login(t.app, admin.email, PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('writes sign-ins and failures to the audit log without the password', async () => {
    const admin = await createAccount(t.app, 'admin');
    await login(t.app, admin.email, 'a wrong guess');
    await login(t.app, admin.email);
    const rows = await t.app.database.db.select().from(auditLog);
    const mine = rows.filter(
      (row) => row.actorId === admin.id || (row.details as { email?: string })?.email === admin.email,
    );
    expect(mine.map((row) => row.action)).toEqual(['auth.login_failed', 'auth.login']);
    expect(JSON.stringify(mine)).not.toContain('a wrong guess');
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const admin = await createAccount(t.app, 'admin');
    const { token } = (await login(t.app, admin.email)).json();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: token },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, type: 'success', message: MESSAGES.logoutSuccess });
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      success: false,
      type: 'error',
      message: MESSAGES.sessionEnded,
      code: 'refusal.sessionEnded',
    });
  });

  it('ends after the idle time without use, and is kept alive by use', async () => {
    const admin = await createAccount(t.app, 'admin');
    const { token } = (await login(t.app, admin.email)).json();
    const idle = t.config.session.perRole.admin!.idleMs;
    time.advance(idle - MINUTE);
    expect((await me(token)).statusCode).toBe(200); // use refreshes last-seen
    time.advance(idle - MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    time.advance(idle + 1);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends at the absolute expiry however busy', async () => {
    const admin = await createAccount(t.app, 'admin');
    const { token } = (await login(t.app, admin.email)).json();
    const { idleMs, absoluteMs } = t.config.session.perRole.admin!;
    let elapsed = 0;
    while (elapsed + idleMs / 2 < absoluteMs) {
      time.advance(idleMs / 2);
      elapsed += idleMs / 2;
      expect((await me(token)).statusCode).toBe(200);
    }
    time.advance(absoluteMs - elapsed);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses missing, malformed and unknown tokens with 401 and the envelope', async () => {
    for (const authorization of [undefined, 'garbage', 'Bearer ', `Bearer ${'A'.repeat(43)}`]) {
      const answer = await me(authorization);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ success: false, type: 'error' });
    }
  });

  it('ends the sessions of an account once it is disabled', async () => {
    const admin = await createAccount(t.app, 'admin');
    const { token } = (await login(t.app, admin.email)).json();
    await t.app.database.db.update(users).set({ disabledAt: time.clock() }).where(eq(users.id, admin.id));
    expect((await me(token)).statusCode).toBe(401);
  });
});
