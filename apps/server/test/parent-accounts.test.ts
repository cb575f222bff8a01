import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type ParentDetails } from '@school-transport/shared';
import {
  linkTokenIn,
  recordsThrough,
  resetLinkIn,
  startMailSink,
  type MailSink,
  type Records,
} from '@school-transport/testing';
import { auditLog, parents, users } from '../src/db/schema/index.js';
import { createAccount, login, tokenFor } from './support/accounts.js';
import { apiAs, postFromNewAddress, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

const HOUR = 3_600_000;
const PARENT_PASSWORD = 'the school bus is yellow';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const time = manualClock();
/** The app, its mail sink, and an administrator's API with records made through it (filled in before the tests). */
let t: TestApp;
let sink: MailSink;
let admin: Api;
let records: Records;

beforeAll(async () => {
  sink = await startMailSink();
  const env = { SMTP_URL: sink.url, PUBLIC_URL: 'https://school.example' };
  t = await createTestApp({ clock: time.clock, env });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  records = recordsThrough((method, url, body) => admin(method, url, body));
});
afterAll(() => Promise.all([t.close(), sink.close()]));

/** What the office sees of the parent's account, on the details page and in the list. */
async function accountShown(parent: ParentDetails) {
  const details = await admin('GET', `/api/parents/get-one/${parent.id}`);
  const list = await admin('GET', `/api/parents/get-all?search=${encodeURIComponent(parent.phone)}`);
  const listed = (list.body.data as { id: string; account: string }[]).find((row) => row.id === parent.id);
  expect(listed?.account).toBe(details.body.data.account);
  return details.body.data.account as string;
}

const acceptInvitation = async (email: string) => {
  const token = linkTokenIn(await sink.lastTo(email))!;
  return postFromNewAddress(t.app, '/api/auth/reset-password', {
    token,
    password: PARENT_PASSWORD,
    confirmPassword: PARENT_PASSWORD,
  });
};

/** A family whose parent accepted the invitation and signed in: the parent's session token. */
async function signedInParent() {
  const parent = await records.family();
  expect((await admin('POST', `/api/parents/${parent.id}/invite`)).status).toBe(200);
  expect((await acceptInvitation(parent.user.email)).statusCode).toBe(200);
  const answer = await login(t.app, parent.user.email, PARENT_PASSWORD);
  expect(answer.statusCode, answer.body).toBe(200);
  return { parent, token: answer.json().token as string };
}

const auditOf = (parentId: string) =>
  t.app.database.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'parent'), eq(auditLog.entityId, parentId)))
    .orderBy(auditLog.id);

describe('inviting a parent to the parent portal', () => {
  it('mails a link that leads to the portal once the password is chosen; the parent then signs in', async () => {
    const parent = await records.family();
    expect(parent.account).toBe('none');
    expect(await accountShown(parent)).toBe('none');

    const sentAt = time.clock();
    expect(await admin('POST', `/api/parents/${parent.id}/invite`)).toEqual({
      status: 200,
      body: expect.objectContaining({
        message: `Invitation to the parent portal sent to ${parent.user.email}.`,
        data: {
          email: parent.user.email,
          sentAt: sentAt.toISOString(),
          expiresAt: new Date(sentAt.getTime() + 72 * HOUR).toISOString(),
        },
      }),
    });
    const mail = await sink.lastTo(parent.user.email);
    // The web's set-password screen, told to lead the parent on to the portal, and the portal's address.
    expect({ link: resetLinkIn(mail), portal: mail.body.includes('https://school.example/parent') }).toEqual({
      link: expect.stringMatching(/^https:\/\/school\.example\/reset-password\?token=[\w-]{43}&app=parent$/),
      portal: true,
    });
    expect(mail.body).toContain('Subject: SchoolRide: your account for the parent portal');
    expect(await accountShown(parent)).toBe('invited');

    expect((await acceptInvitation(parent.user.email)).statusCode).toBe(200);
    expect(await accountShown(parent)).toBe('active');
    const signedIn = await login(t.app, parent.user.email, PARENT_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: parent.user.email, role: 'parent' });

    const again = await admin('POST', `/api/parents/${parent.id}/invite`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'This parent already has an account: they sign in with their own password, and can ask for a reset link if they forgot it.',
    );
  });

  it('shows an invitation not accepted within 72 hours as no account, and sends a new one', async () => {
    const parent = await records.family();
    await admin('POST', `/api/parents/${parent.id}/invite`);
    time.advance(72 * HOUR + 1);
    // The office's session ended after as long idle: sign in again.
    admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
    expect(await accountShown(parent)).toBe('none');
    expect((await admin('POST', `/api/parents/${parent.id}/invite`)).status).toBe(200);
    expect(await accountShown(parent)).toBe('invited');
  });

  it('answers 404 for an unknown parent and 409 for a disabled account', async () => {
    for (const action of ['invite', 'disable', 'enable']) {
      const unknown = await admin('POST', `/api/parents/${UNKNOWN_ID}/${action}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Parent not found.');
    }
    const parent = await records.family();
    expect((await admin('POST', `/api/parents/${parent.id}/disable`)).body.data).toEqual({
      account: 'disabled',
    });
    const refused = await admin('POST', `/api/parents/${parent.id}/invite`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This parent’s account is disabled; it cannot be sent an invitation.');
  });

  it('keeps no personal value in the audit log', async () => {
    const parent = await records.family();
    await admin('POST', `/api/parents/${parent.id}/invite`);
    const entries = await auditOf(parent.id);
    expect(entries.at(-1)).toEqual({ action: 'parent.invited', details: { userId: parent.user.id } });
    expect(JSON.stringify(entries)).not.toContain(parent.user.email);
  });
});

describe('a signed-in parent', () => {
  it('reads and changes their contact details, and nothing else of their record', async () => {
    const { parent, token } = await signedInParent();
    const asParent = apiAs(t.app, token);
    const read = await asParent('GET', '/api/parent/profile');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({
      name: parent.user.name,
      email: parent.user.email,
      phone: parent.phone,
      alternativePhone: parent.alternativePhone,
      address: parent.address,
      city: parent.city,
      state: parent.state,
      pinCode: parent.pinCode,
    });

    const contact = {
      phone: '+91 98765 43210',
      alternativePhone: '+91 91234 56789',
      address: '12 Lake Road',
      city: '',
      state: 'Kerala',
      pinCode: '682001',
    };
    // Name and e-mail sent along are not the parent's to change: they are dropped, not written.
    const saved = await asParent('PUT', '/api/parent/profile', {
      ...contact,
      name: 'Someone Else',
      email: 'someone-else@example.com',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Your contact details have been saved.');
    expect(saved.body.data).toMatchObject({
      ...contact,
      city: null,
      name: parent.user.name,
      email: parent.user.email,
    });
    const office = (await admin('GET', `/api/parents/get-one/${parent.id}`)).body.data as ParentDetails;
    expect(office).toMatchObject({
      ...contact,
      city: null,
      user: { name: parent.user.name, email: parent.user.email },
    });

    const entry = (await auditOf(parent.id)).at(-1)!;
    expect(entry.action).toBe('parent.updated');
    expect(entry.details).toMatchObject({ phone: 'changed', address: 'changed', pinCode: 'changed' });
    expect(JSON.stringify(entry.details)).not.toContain('Lake Road');

    const invalid = await asParent('PUT', '/api/parent/profile', { ...contact, phone: 'call me' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'phone' })]),
    );
  });

  it('reaches their session and password, but never renames themselves nor reaches the back-office', async () => {
    const { parent, token } = await signedInParent();
    const asParent = apiAs(t.app, token);
    expect((await asParent('GET', '/api/auth/me')).body.data).toMatchObject({ role: 'parent' });
    expect((await asParent('GET', '/api/profile/sessions')).status).toBe(200);
    const refusals = await Promise.all([
      asParent('GET', '/api/profile'),
      asParent('PUT', '/api/profile/name', { name: 'Someone Else' }),
      asParent('POST', '/api/profile/change-email', { email: 'elsewhere@example.com' }),
      asParent('GET', '/api/parents/get-all'),
      asParent('GET', `/api/parents/get-one/${parent.id}`),
      asParent('PUT', `/api/parents/update/${parent.id}`, { ...parent, name: 'Someone Else' }),
      asParent('POST', `/api/parents/${parent.id}/invite`),
      asParent('GET', '/api/students/get-all'),
      asParent('GET', '/api/audit-log/get-all'),
    ]);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      // The office's reads say the role does not allow it, its writes that only administrators may (decision 069).
      expect([MESSAGES.adminOnly, MESSAGES.notYourRole]).toContain(refusal.body.message);
    }
    expect((await asParent('GET', '/api/driver/today')).status).toBe(403);
    const [row] = await t.app.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, parent.user.id));
    expect(row!.name).toBe(parent.user.name);

    const changed = await postFromNewAddress(
      t.app,
      '/api/profile/change-password',
      { currentPassword: PARENT_PASSWORD, password: 'a new yellow bus', confirmPassword: 'a new yellow bus' },
      token,
    );
    expect(changed.statusCode).toBe(200);
    expect((await login(t.app, parent.user.email, 'a new yellow bus')).statusCode).toBe(200);
  });

  it('is told plainly when their account has no parent record', async () => {
    const user = await createAccount(t.app, 'parent');
    const asLoose = apiAs(t.app, (await login(t.app, user.email)).json().token as string);
    const answer = await asLoose('GET', '/api/parent/profile');
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('No parent record belongs to this account.');
  });
});

describe('disabling a parent’s account', () => {
  it('ends their sessions and refuses sign-in until it is enabled again', async () => {
    const { parent, token } = await signedInParent();
    const asParent = apiAs(t.app, token);
    expect((await asParent('GET', '/api/parent/profile')).status).toBe(200);

    const disabled = await admin('POST', `/api/parents/${parent.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({
      data: { account: 'disabled' },
      message: 'The parent’s account is disabled; their sessions have ended.',
    });
    expect(await accountShown(parent)).toBe('disabled');
    expect((await asParent('GET', '/api/parent/profile')).status).toBe(401);
    const refused = await login(t.app, parent.user.email, PARENT_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.accountDisabled);
    // Disabling again changes nothing and is not entered twice.
    expect((await admin('POST', `/api/parents/${parent.id}/disable`)).body.data.account).toBe('disabled');

    const enabled = await admin('POST', `/api/parents/${parent.id}/enable`);
    expect(enabled.body).toMatchObject({
      data: { account: 'active' },
      message: 'The parent’s account is enabled.',
    });
    expect(await accountShown(parent)).toBe('active');
    // The session disabling ended stays ended; a new sign-in works.
    expect((await asParent('GET', '/api/parent/profile')).status).toBe(401);
    const again = await login(t.app, parent.user.email, PARENT_PASSWORD);
    expect(again.statusCode).toBe(200);
    expect((await apiAs(t.app, again.json().token as string)('GET', '/api/parent/profile')).status).toBe(200);

    const actions = (await auditOf(parent.id)).map((entry) => entry.action);
    expect(actions.filter((action) => action.startsWith('parent.account_'))).toEqual([
      'parent.account_disabled',
      'parent.account_enabled',
    ]);
    const [record] = await t.app.database.db.select().from(parents).where(eq(parents.id, parent.id));
    expect(record?.phone).toBe(parent.phone);
  });

  it('enables an account never accepted back to its invitation state', async () => {
    const parent = await records.family();
    await admin('POST', `/api/parents/${parent.id}/invite`);
    await admin('POST', `/api/parents/${parent.id}/disable`);
    expect((await admin('POST', `/api/parents/${parent.id}/enable`)).body.data.account).toBe('invited');
  });
});

describe('who may call the new routes', () => {
  it('lets only administrators manage parents’ accounts and only parents their profile', async () => {
    const parent = await records.family();
    const asDriver = apiAs(t.app, await tokenFor(t.app, 'driver'));
    const asParent = apiAs(t.app, (await signedInParent()).token);
    const anonymous = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      (await t.app.inject({ method, url, ...(payload && { payload }) })).statusCode;

    for (const action of ['invite', 'disable', 'enable']) {
      const url = `/api/parents/${parent.id}/${action}`;
      expect((await admin('POST', url)).status, url).toBe(200);
      for (const other of [asDriver, asParent]) {
        const refused = await other('POST', url);
        expect(refused.status, url).toBe(403);
        expect(refused.body.message).toBe(MESSAGES.adminOnly);
      }
      expect(await anonymous('POST', url), url).toBe(401);
    }

    const contact = {
      phone: parent.phone,
      alternativePhone: parent.alternativePhone,
      address: parent.address,
      city: null,
      state: parent.state,
      pinCode: parent.pinCode,
    };
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', contact],
    ] as const) {
      expect((await asParent(method, '/api/parent/profile', payload)).status, method).toBe(200);
      for (const other of [admin, asDriver]) {
        const refused = await other(method, '/api/parent/profile', payload);
        expect(refused.status, method).toBe(403);
        expect(refused.body.message).toBe('This is for parents, in the parent portal.');
      }
      expect(await anonymous(method, '/api/parent/profile', payload), method).toBe(401);
    }
  });
});
