import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, nextAddress, PASSWORD, tokenFor } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The log holds nothing that opens an account or names a person: no reset link or code of a mail that could not
 * be sent (in production), no query value, no value a failed database statement carried.
 */

const forgotPassword = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: nextAddress(),
  });

/**
 * Outside NODE_ENV=test the daily jobs start with the app (trips made ahead, retention…): work these mail and log
 * checks do not need, on a database they leave empty. The mailer's choice (print the link or not) is NODE_ENV's.
 */
const NO_DAILY_JOBS = { DAILY_JOBS: 'off' };

/** Mails go out after the answer: wait for the log line that tells of this one. */
const mailLine = async (t: TestApp, kind: string) => {
  await expect
    .poll(() => t.logs.some((line) => line.includes(`"mail":"${kind}"`)), { timeout: 30_000 })
    .toBe(true);
  return t.logs.find((line) => line.includes(`"mail":"${kind}"`))!;
};

describe('in production, without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', ...NO_DAILY_JOBS } });
  });
  afterAll(() => t.close());

  it('logs that a reset mail was not sent, to whom (masked), and not its link', async () => {
    const admin = await createAccount(t.app, 'admin', `reset-${Date.now()}@example.com`);
    expect((await forgotPassword(t, admin.email)).statusCode).toBe(200);
    const line = JSON.parse(await mailLine(t, 'password-reset'));
    expect(line).toMatchObject({ level: 40, mail: 'password-reset', mailTo: 'r***@example.com' });
    expect(line.msg).toBe('password-reset mail not sent: SMTP_URL is unset');
    const text = t.logs.join('');
    expect(text).not.toContain('token=');
    expect(text).not.toContain(admin.email);
  });

  it('logs neither the link of an invitation nor the code of an e-mail change', async () => {
    const token = await tokenFor(t.app, 'admin');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: { authorization: token },
      payload: { name: 'Invited Person', email: `invited-${Date.now()}@example.com` },
    });
    expect(invited.statusCode).toBe(201);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/profile/change-email',
      headers: { authorization: token },
      payload: { email: `changed-${Date.now()}@example.com`, currentPassword: PASSWORD },
    });
    expect(changed.statusCode).toBeLessThan(300);
    await mailLine(t, 'invitation');
    await mailLine(t, 'verification-code');
    // The process id, times and request ids are numbers of the log itself (a pid can have six digits), not codes.
    const text = t.logs
      .join('')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const {
          pid: _pid,
          time: _time,
          reqId: _reqId,
          responseTime: _responseTime,
          ...rest
        } = JSON.parse(line);
        return JSON.stringify(rest);
      })
      .join('\n');
    expect(text).not.toMatch(/token=|verification code|\b\d{6}\b/);
  });
});

describe('in development, without SMTP_URL', () => {
  it('still prints the link for the developer', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'development', ...NO_DAILY_JOBS } });
    try {
      const admin = await createAccount(t.app, 'admin');
      await forgotPassword(t, admin.email);
      expect(await mailLine(t, 'password-reset')).toMatch(/reset-password\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await t.close();
    }
  });
});

describe('request and error lines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keep the names of query parameters and drop their values', async () => {
    const resetToken = 'ResetTokenValue0123456789abcdefghijklmnopqrs';
    // Web pages such as /reset-password are logged only at debug; an API path carries the same query at info.
    await t.app.inject({ method: 'GET', url: `/api/auth/reset-password?token=${resetToken}` });
    await t.app.inject({
      method: 'GET',
      url: '/api/uploads/profile/driver/a.webp?expires=4102444800&signature=SignatureValueXYZ',
    });
    await t.app.inject({ method: 'GET', url: '/api/students/get-all?search=Child%20Name%20Secret' });
    const text = t.logs.join('');
    expect(text).toContain('/api/auth/reset-password?token=[redacted]');
    expect(text).toContain('?expires=[redacted]&signature=[redacted]');
    for (const value of [resetToken, 'SignatureValueXYZ', '4102444800', 'Child']) {
      expect(text).not.toContain(value);
    }
  });

  it('log a failed statement with its SQL and constraint, without the values it carried', async () => {
    // A rule the service does not know, so the database's refusal is an unexpected error: a 500 and a log line.
    await t.app.database.db.execute(
      sql`alter table routes add constraint routes_test_refused check (name <> 'Refused Route Secret')`,
    );
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/routes/create',
      headers: { authorization: await tokenFor(t.app, 'admin') },
      payload: {
        name: 'Refused Route Secret',
        startLocation: 'Depot Secret Street',
        endLocation: 'School',
        distanceKm: 9.5,
        durationMin: 35,
      },
    });
    expect(answer.statusCode).toBe(500);
    const line = t.logs.find((entry) => entry.includes('request failed'))!;
    expect(line).toContain('routes_test_refused');
    expect(line).toContain('insert into \\"routes\\"');
    expect(line).not.toMatch(/Refused Route Secret|Depot Secret Street|"params"|"detail"/);
  });
});
