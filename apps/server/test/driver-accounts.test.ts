import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@school-transport/shared';
import { linkTokenIn, recordsThrough, resetLinkIn, startMailSink } from '@school-transport/testing';
import { auditLog, drivers, users } from '../src/db/schema/index.js';
import { login, tokenFor } from './support/accounts.js';
import { apiAs, postFromNewAddress, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

const HOUR = 3_600_000;
const time = manualClock();
let t: TestApp;
let sink: Awaited<ReturnType<typeof startMailSink>>;
let admin: Api;
let records: ReturnType<typeof recordsThrough>;

beforeAll(async () => {
  sink = await startMailSink();
  const env = { SMTP_URL: sink.url, PUBLIC_URL: 'http://school.example' };
  t = await createTestApp({ clock: time.clock, env });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  records = recordsThrough((method, url, body) => admin(method, url, body));
});
afterAll(() => Promise.all([t.close(), sink.close()]));

const post = (url: string, payload: object, token?: string) => postFromNewAddress(t.app, url, payload, token);
const accountOf = async (driverId: string) =>
  (await admin('GET', `/api/drivers/get-one/${driverId}`)).body.data.account as string;
const setPassword = (token: string, password = 'a bus full of children') =>
  post('/api/auth/reset-password', { token, password, confirmPassword: password });

describe('inviting a driver to the driver app', () => {
  it('mails a link to choose a password; the driver then signs in, and cannot be invited again', async () => {
    const driver = await records.driver();
    expect(driver.account).toBe('none');
    const listed = await admin('GET', `/api/drivers/get-all?search=${encodeURIComponent(driver.licenseNo)}`);
    expect(listed.body.data[0]).toMatchObject({ id: driver.id, account: 'none' });

    const invited = await admin('POST', `/api/drivers/${driver.id}/invite`);
    expect(invited.status).toBe(200);
    expect(invited.body.data).toEqual({
      email: driver.user.email,
      sentAt: time.clock().toISOString(),
      expiresAt: new Date(time.clock().getTime() + 72 * HOUR).toISOString(),
    });
    expect(invited.body.message).toBe(`Invitation to the driver app sent to ${driver.user.email}.`);
    const mail = await sink.lastTo(driver.user.email);
    expect(mail.body).toMatch(/Subject: SchoolRide: your account for the driver app/);
    // The web's set-password screen, told to lead the driver on to the driver app.
    expect(resetLinkIn(mail)).toMatch(
      /^http:\/\/school\.example\/reset-password\?token=[\w-]{43}&app=driver$/,
    );
    expect(mail.body).toContain('http://school.example/driver');
    expect(await accountOf(driver.id)).toBe('invited');

    const accepted = await setPassword(linkTokenIn(mail)!);
    expect(accepted.statusCode).toBe(200);
    expect(await accountOf(driver.id)).toBe('active');

    const signedIn = await login(t.app, driver.user.email, 'a bus full of children');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: driver.user.email, role: 'driver' });

    const again = await admin('POST', `/api/drivers/${driver.id}/invite`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already has an account/);
  });

  it('sending again replaces the earlier link', async () => {
    const driver = await records.driver();
    await admin('POST', `/api/drivers/${driver.id}/invite`);
    const first = linkTokenIn(await sink.lastTo(driver.user.email))!;
    time.advance(60_000);
    // The invitation is answered once its mail is handed over, so the newest mail is the second one.
    await admin('POST', `/api/drivers/${driver.id}/invite`);
    const second = linkTokenIn(await sink.lastTo(driver.user.email))!;
    expect(second).not.toBe(first);
    expect((await setPassword(first)).statusCode).toBe(400);
    expect((await setPassword(second)).statusCode).toBe(200);
  });

  it('shows an invitation that was not accepted in 72 hours as no account', async () => {
    const driver = await records.driver();
    await admin('POST', `/api/drivers/${driver.id}/invite`);
    expect(await accountOf(driver.id)).toBe('invited');
    time.advance(72 * HOUR + 1);
    // Sessions end after as long idle: the office signs in again.
    admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
    expect(await accountOf(driver.id)).toBe('none');
  });

  it('answers 404 for an unknown driver and 409 for a disabled account', async () => {
    const unknown = await admin('POST', '/api/drivers/00000000-0000-4000-8000-000000000000/invite');
    expect(unknown.status).toBe(404);
    const driver = await records.driver();
    await t.app.database.db
      .update(users)
      .set({ disabledAt: time.clock() })
      .where(eq(users.id, driver.user.id));
    expect(await accountOf(driver.id)).toBe('disabled');
    const refused = await admin('POST', `/api/drivers/${driver.id}/invite`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/disabled/);
  });

  it('is for administrators only', async () => {
    const driver = await records.driver();
    const asDriver = apiAs(t.app, await tokenFor(t.app, 'driver'));
    expect((await asDriver('POST', `/api/drivers/${driver.id}/invite`)).status).toBe(403);
  });
});

/** A driver record with a password, signed in. */
async function signedInDriver() {
  const driver = await records.driver();
  await admin('POST', `/api/drivers/${driver.id}/invite`);
  await setPassword(linkTokenIn(await sink.lastTo(driver.user.email))!);
  const answer = await login(t.app, driver.user.email, 'a bus full of children');
  return { driver, token: answer.json().token as string };
}

describe('a signed-in driver', () => {
  it('reaches themselves, their password and their sessions', async () => {
    const { driver, token } = await signedInDriver();
    const api = apiAs(t.app, token);
    expect((await api('GET', '/api/auth/me')).body.data).toMatchObject({ role: 'driver' });
    const sessions = await api('GET', '/api/profile/sessions');
    expect(sessions.status).toBe(200);
    expect(sessions.body.data).toHaveLength(1);

    const other = (await login(t.app, driver.user.email, 'a bus full of children')).json().token as string;
    const both = (await api('GET', '/api/profile/sessions')).body.data as { id: string; current: boolean }[];
    const otherId = both.find((session) => !session.current)!.id;
    expect((await api('DELETE', `/api/profile/sessions/${otherId}`)).status).toBe(200);
    expect((await apiAs(t.app, other)('GET', '/api/auth/me')).status).toBe(401);

    const changed = await post(
      '/api/profile/change-password',
      {
        currentPassword: 'a bus full of children',
        password: 'the wheels go round',
        confirmPassword: 'the wheels go round',
      },
      token,
    );
    expect(changed.statusCode).toBe(200);
    expect((await login(t.app, driver.user.email, 'the wheels go round')).statusCode).toBe(200);
    expect((await post('/api/auth/logout', {}, token)).statusCode).toBe(200);
  });

  it('can ask for a reset link', async () => {
    const { driver } = await signedInDriver();
    expect((await post('/api/auth/forgot-password', { email: driver.user.email })).statusCode).toBe(200);
    // The work runs after the answer (account-routes.ts): wait for its mail.
    const mail = await vi.waitFor(
      async () => {
        const newest = await sink.lastTo(driver.user.email);
        if (!/Subject: SchoolRide: reset your password/.test(newest.body))
          throw new Error('no reset mail yet');
        return newest;
      },
      { timeout: 60_000, interval: 50 },
    );
    const reset = await setPassword(linkTokenIn(mail)!, 'a brand new passphrase');
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('never renames themselves nor reaches the back-office', async () => {
    const { driver, token } = await signedInDriver();
    const api = apiAs(t.app, token);
    const refusals = await Promise.all([
      api('PUT', '/api/profile/name', { name: 'Someone Else' }),
      api('GET', '/api/profile'),
      api('POST', '/api/profile/change-email', { email: 'elsewhere@example.com' }),
      api('GET', '/api/drivers/get-all'),
      api('GET', `/api/drivers/get-one/${driver.id}`),
      api('PUT', `/api/drivers/update/${driver.id}`, { ...driver, name: 'Someone Else' }),
      api('GET', '/api/students/get-all'),
      api('GET', '/api/trips/get-all'),
      api('GET', `/api/trips/00000000-0000-4000-8000-000000000000/manifest`),
      api('POST', '/api/trips/generate', { date: '2026-03-02' }),
      api('GET', '/api/audit-log/get-all'),
      api('GET', '/api/dashboard/summary'),
    ]);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      // The office's reads say the role does not allow it, its writes that only administrators may (decision 069).
      expect([MESSAGES.adminOnly, MESSAGES.notYourRole]).toContain(refusal.body.message);
    }
    const [row] = await t.app.database.db
      .select({ name: users.name })
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .where(eq(drivers.id, driver.id));
    expect(row!.name).toBe(driver.user.name);
  });

  it('is the only one the driver app answers: an administrator is refused there', async () => {
    const asAdmin = await admin('GET', '/api/driver/today');
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.message).toBe('This is for drivers, in the driver app.');
  });
});

describe('disabling a driver’s account', () => {
  /** What the office sees of the driver's account, on the details page and in the list (the same). */
  async function accountShown(driver: { id: string; licenseNo: string }) {
    const listed = await admin('GET', `/api/drivers/get-all?search=${encodeURIComponent(driver.licenseNo)}`);
    const account = await accountOf(driver.id);
    expect(listed.body.data[0]).toMatchObject({ id: driver.id, account });
    return account;
  }

  it('ends their sessions, refuses sign-in as for a parent, keeps the assignment; enabling lets them in again', async () => {
    const { driver, token } = await signedInDriver();
    const [vehicle, route] = await Promise.all([records.vehicle(), records.busRoute()]);
    await records.assignment({ driverId: driver.id, vehicleId: vehicle.id, routeId: route.id });
    const asDriver = apiAs(t.app, token);
    expect((await asDriver('GET', '/api/driver/today')).status).toBe(200);

    const disabled = await admin('POST', `/api/drivers/${driver.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({
      data: { account: 'disabled' },
      message: 'The driver’s account is disabled; their sessions have ended.',
    });
    expect(await accountShown(driver)).toBe('disabled');
    expect((await asDriver('GET', '/api/driver/today')).status).toBe(401);
    expect((await asDriver('GET', '/api/auth/me')).status).toBe(401);
    const refused = await login(t.app, driver.user.email, 'a bus full of children');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.accountDisabled);
    // The assignment stays: the office decides whether someone else drives the route.
    const details = (await admin('GET', `/api/drivers/get-one/${driver.id}`)).body.data;
    expect(details.assignment).toMatchObject({ vehicleId: vehicle.id, routeId: route.id });
    // Disabling again changes nothing and is not entered twice.
    expect((await admin('POST', `/api/drivers/${driver.id}/disable`)).body.data.account).toBe('disabled');

    const enabled = await admin('POST', `/api/drivers/${driver.id}/enable`);
    expect(enabled.body).toMatchObject({
      data: { account: 'active' },
      message: 'The driver’s account is enabled.',
    });
    expect(await accountShown(driver)).toBe('active');
    // The session disabling ended stays ended; a new sign-in works.
    expect((await asDriver('GET', '/api/driver/today')).status).toBe(401);
    const again = await login(t.app, driver.user.email, 'a bus full of children');
    expect(again.statusCode).toBe(200);
    expect((await apiAs(t.app, again.json().token as string)('GET', '/api/driver/today')).status).toBe(200);

    const actions = await t.app.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'driver'), eq(auditLog.entityId, driver.id)))
      .orderBy(auditLog.id);
    expect(actions.filter((entry) => entry.action.startsWith('driver.account_'))).toEqual([
      { action: 'driver.account_disabled', details: { userId: driver.user.id } },
      { action: 'driver.account_enabled', details: { userId: driver.user.id } },
    ]);
  });

  it('answers 404 for an unknown driver', async () => {
    for (const action of ['disable', 'enable']) {
      const unknown = await admin('POST', `/api/drivers/00000000-0000-4000-8000-000000000000/${action}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Driver not found.');
    }
  });

  it('is for administrators only: neither the driver themselves, another driver nor a parent', async () => {
    const { driver, token } = await signedInDriver();
    const other = await signedInDriver();
    const asParent = apiAs(t.app, await tokenFor(t.app, 'parent'));
    for (const action of ['disable', 'enable']) {
      const url = `/api/drivers/${driver.id}/${action}`;
      for (const caller of [apiAs(t.app, token), apiAs(t.app, other.token), asParent]) {
        const refused = await caller('POST', url);
        expect(refused.status, url).toBe(403);
        expect(refused.body.message).toBe(MESSAGES.adminOnly);
      }
      expect((await t.app.inject({ method: 'POST', url })).statusCode, url).toBe(401);
    }
    expect(await accountOf(driver.id)).toBe('active');
    expect((await apiAs(t.app, token)('GET', '/api/auth/me')).status).toBe(200);
  });
});
