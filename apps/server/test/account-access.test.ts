import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, type ImportLine } from '@school-transport/shared';
import {
  driverPayload,
  familyPayload,
  linkTokenIn,
  recordsThrough,
  startMailSink,
  uniqueTag,
  type MailSink,
  type Records,
} from '@school-transport/testing';
import { accountTokens, drivers, parents } from '../src/db/schema/index.js';
import { issueLinkToken } from '../src/modules/platform/accounts/account-tokens.js';
import { createSession } from '../src/modules/platform/auth/sessions.js';
import { askForReset, tokenFor, visibleAnswer } from './support/accounts.js';
import { apiAs, postFromNewAddress, type Api } from './support/requests.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Who may open an account and who keeps their sessions: an e-mail the office or an import changes ends the
 * account's sessions, and only an invited or active account gets a reset link (decision 051).
 */

let t: TestApp;
let sink: MailSink;
let admin: Api;
let records: Records;

beforeAll(async () => {
  sink = await startMailSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://school.example' } });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  records = recordsThrough((method, url, body) => admin(method, url, body));
});
afterAll(() => Promise.all([t.close(), sink.close()]));

const DAY = 86_400_000;
/** A live session of the account, as a phone or a browser holds it (written directly: no password needed). */
const sessionOf = async (userId: string) =>
  (
    await createSession(t.app.database.db, userId, { ip: '127.0.0.1' }, new Date(), {
      idleMs: DAY,
      absoluteMs: DAY,
    })
  ).token;
const signedIn = async (token: string) => (await apiAs(t.app, token)('GET', '/api/auth/me')).status;

async function importCsv(kind: 'drivers' | 'families', csv: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}?mode=commit`,
    headers: { authorization: await tokenFor(t.app, 'admin'), 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const last = JSON.parse(answer.body.trim().split('\n').at(-1)!) as ImportLine;
  if (last.type !== 'report') throw new Error(answer.body);
  expect(last.report.problems).toEqual([]);
  return last.report;
}

describe('an e-mail address changed by the office', () => {
  it('ends every session of the parent, and only when the address itself changes', async () => {
    const payload = familyPayload();
    const parent = await records.family(payload);
    const { children: _children, ...fields } = payload;
    const first = await sessionOf(parent.user.id);
    const second = await sessionOf(parent.user.id);

    // Another field, or the same address in other letters, leaves the sessions alone.
    const phoned = await admin('PUT', `/api/parents/update/${parent.id}`, {
      ...fields,
      email: parent.user.email.toUpperCase(),
      phone: '+91 98765 00001',
    });
    expect(phoned.status, JSON.stringify(phoned.body)).toBe(200);
    expect([await signedIn(first), await signedIn(second)]).toEqual([200, 200]);

    const moved = await admin('PUT', `/api/parents/update/${parent.id}`, {
      ...fields,
      email: `moved-${uniqueTag().toLowerCase()}@example.com`,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect([await signedIn(first), await signedIn(second)]).toEqual([401, 401]);
  });

  it('ends the driver’s sessions; the links mailed to the old address are spent', async () => {
    const payload = driverPayload();
    const driver = await records.driver(payload);
    expect((await admin('POST', `/api/drivers/${driver.id}/invite`)).status).toBe(200);
    const link = linkTokenIn(await sink.lastTo(driver.user.email))!;
    const session = await sessionOf(driver.user.id);

    const moved = await admin('PUT', `/api/drivers/update/${driver.id}`, {
      ...payload,
      email: `moved-${uniqueTag().toLowerCase()}@example.com`,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await signedIn(session)).toBe(401);
    // The invitation went to the old address: whoever reads that mailbox no longer opens the account (a trigger).
    expect(moved.body.data.account).toBe('none');
    const password = 'a bus full of children';
    const refused = await postFromNewAddress(t.app, '/api/auth/reset-password', {
      token: link,
      password,
      confirmPassword: password,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('ends the sessions of the people an import gives another address, and of no one else', async () => {
    const tag = uniqueTag();
    const line = (n: number, email: string) =>
      `D${n}-${tag},Driver ${tag} ${n},${email},+91 98765 1111${n},LIC-${tag}-${n}`;
    const header = 'External ID,Name,Email,Phone,License No';
    const kept = `kept-${tag.toLowerCase()}@example.com`;
    await importCsv(
      'drivers',
      [header, line(1, `old-${tag.toLowerCase()}@example.com`), line(2, kept)].join('\n'),
    );
    const imported = await t.app.database.db
      .select({ ext: drivers.externalId, userId: drivers.userId })
      .from(drivers)
      .where(and(eq(drivers.licenseNo, `LIC-${tag}-1`)));
    const [other] = await t.app.database.db
      .select({ userId: drivers.userId })
      .from(drivers)
      .where(eq(drivers.licenseNo, `LIC-${tag}-2`));
    const moving = await sessionOf(imported[0]!.userId);
    const staying = await sessionOf(other!.userId);

    await importCsv(
      'drivers',
      [header, line(1, `new-${tag.toLowerCase()}@example.com`), line(2, kept)].join('\n'),
    );
    expect(await signedIn(moving)).toBe(401);
    expect(await signedIn(staying)).toBe(200);

    // A family's parent alike.
    const familyHeader = 'Family ID,Parent Name,Email,Phone,Alternative Phone,Address,City,State,ZIP';
    const family = (email: string) =>
      `F-${tag},Parent ${tag},${email},+91 98765 22222,+91 98765 22223,1 Lake Road,Bengaluru,Karnataka,560001`;
    await importCsv('families', [familyHeader, family(`p-${tag.toLowerCase()}@example.com`)].join('\n'));
    const [parent] = await t.app.database.db
      .select({ userId: parents.userId })
      .from(parents)
      .where(eq(parents.externalId, `F-${tag}`));
    const parentSession = await sessionOf(parent!.userId);
    await importCsv('families', [familyHeader, family(`q-${tag.toLowerCase()}@example.com`)].join('\n'));
    expect(await signedIn(parentSession)).toBe(401);
  });
});

describe('asking for a reset link', () => {
  const ask = (email: string) => askForReset(t.app, email);
  const visible = visibleAnswer;
  const resetLinksOf = (userId: string) =>
    t.app.database.db
      .select({ id: accountTokens.id })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'password_reset')));

  it('sends nothing to an account never invited or disabled, and answers as for an unknown address', async () => {
    const neverInvited = await records.driver();
    const parent = await records.family();
    const disabled = await records.family();
    expect((await admin('POST', `/api/parents/${disabled.id}/invite`)).status).toBe(200);
    expect((await admin('POST', `/api/parents/${disabled.id}/disable`)).status).toBe(200);

    const unknown = visible(await ask(`nobody-${uniqueTag().toLowerCase()}@example.com`));
    for (const email of [neverInvited.user.email, parent.user.email, disabled.user.email])
      expect(visible(await ask(email)), email).toEqual(unknown);

    // An invited account, asked for last: once its mail is in, the work of the requests before it is done.
    const invited = await records.driver();
    expect((await admin('POST', `/api/drivers/${invited.id}/invite`)).status).toBe(200);
    expect(visible(await ask(invited.user.email))).toEqual(unknown);
    // The work runs after the answer (account-routes.ts): wait for the reset mail behind the invitation.
    const mail = await vi.waitFor(
      async () => {
        const newest = await sink.lastTo(invited.user.email);
        if (!newest.body.includes('Subject: SchoolRide: reset your password'))
          throw new Error('no reset mail yet');
        return newest;
      },
      { timeout: 60_000, interval: 50 },
    );

    for (const account of [neverInvited, parent])
      expect(sink.received.some((sent) => sent.to.includes(account.user.email))).toBe(false);
    expect(sink.received.filter((sent) => sent.to.includes(disabled.user.email))).toHaveLength(1);
    for (const account of [neverInvited, parent, disabled])
      expect(await resetLinksOf(account.user.id), account.user.email).toEqual([]);
    // The account stays unopened.
    expect((await admin('GET', `/api/drivers/get-one/${neverInvited.id}`)).body.data.account).toBe('none');

    // The invited driver's reset link opens the account, as the invitation would have.
    const password = 'the wheels go round';
    const reset = await postFromNewAddress(t.app, '/api/auth/reset-password', {
      token: linkTokenIn(mail)!,
      password,
      confirmPassword: password,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await admin('GET', `/api/drivers/get-one/${invited.id}`)).body.data.account).toBe('active');
  });

  it('refuses a reset link an account never invited holds from before this rule, and leaves it unopened', async () => {
    const driver = await records.driver();
    const token = await issueLinkToken(t.app.database.db, driver.user.id, 'password_reset', new Date());
    const password = 'the wheels go round';
    const refused = await postFromNewAddress(t.app, '/api/auth/reset-password', {
      token,
      password,
      confirmPassword: password,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.linkInvalid);
    expect((await admin('GET', `/api/drivers/get-one/${driver.id}`)).body.data.account).toBe('none');
  });
});
