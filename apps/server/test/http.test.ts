import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@school-transport/shared';
import { createAccount, login, tokenFor } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('checks the database and needs no token', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      type: 'success',
      data: { status: 'ok', database: t.config.database.kind },
    });
  });
});

describe('every answer', () => {
  it('carries the security headers, a request id and no-store on the API', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a JSON body over 1 MB with 413 and the envelope', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) }),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ success: false, type: 'error', message: MESSAGES.bodyTooLarge });
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, type: 'error' });
  });

  it('answers unknown /api paths with 404 and the envelope, token or not', async () => {
    const token = await tokenFor(t.app, 'admin');
    for (const headers of [{}, { authorization: token }]) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ success: false, type: 'error', message: MESSAGES.notFound });
    }
  });
});

describe('roles', () => {
  const adminRoute = { method: 'GET', url: '/api/audit-log/get-all' } as const;

  it('answers 401 without a token', async () => {
    const answer = await t.app.inject(adminRoute);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({
      success: false,
      type: 'error',
      message: MESSAGES.signInRequired,
      code: 'refusal.signInRequired',
    });
  });

  it.each(['driver', 'parent'] as const)(
    'answers 403 to a %s on admin routes, but lets them see themselves',
    async (role) => {
      const token = await tokenFor(t.app, role);
      const answer = await t.app.inject({ ...adminRoute, headers: { authorization: token } });
      expect(answer.statusCode).toBe(403);
      // The audit log is an office read (decision 069): the role's refusal, not the administrators'.
      expect(answer.json()).toEqual({ success: false, type: 'error', message: MESSAGES.notYourRole });
      const self = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: token },
      });
      expect(self.json().data.role).toBe(role);
    },
  );

  it('lets an admin read the audit log, newest first, with paging', async () => {
    const token = await tokenFor(t.app, 'admin');
    const answer = await t.app.inject({
      ...adminRoute,
      url: `${adminRoute.url}?limit=1&search=auth.login`,
      headers: { authorization: token },
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0].action).toBe('auth.login');
    expect(body.pagination).toMatchObject({ page: 1, limit: 1 });
    expect(body.pagination.total).toBeGreaterThanOrEqual(1);
  });

  it.each(['0', '101', 'abc'])('refuses limit=%s with 400', async (limit) => {
    const token = await tokenFor(t.app, 'admin');
    const answer = await t.app.inject({
      ...adminRoute,
      url: `${adminRoute.url}?limit=${limit}`,
      headers: { authorization: token },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0].field).toBe('limit');
  });
});

describe('logs', () => {
  it('never contain passwords, tokens or Authorization headers', async () => {
    const admin = await createAccount(t.app, 'admin');
    const secret = 'Sup3r-Secret-Passw0rd!';
    await login(t.app, admin.email, secret);
    const { token } = (await login(t.app, admin.email)).json();
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: token } });
    const text = t.logs.join('');
    expect(text).toContain('"reqId"');
    expect(text).not.toContain(secret);
    expect(text).not.toContain(token);
    expect(text.toLowerCase()).not.toContain('authorization');
  });
});
