import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signInAtProvider,
  startOpenIdProvider,
  type OpenIdProvider,
} from '@school-transport/testing/openid-provider';
import { auditLog, staffSchools, users } from '../src/db/schema/index.js';
import { createAccount, login, nextAddress } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Roles from a provider's claim (decisions 070 and 077), against a real OpenID provider whose accounts carry a
 * `groups` claim: a person mapped to dispatcher signs in as one and reaches the dispatcher's routes only; a claim
 * cannot demote the last administrator nor make school staff without a school; a role other than school staff
 * leaves no school link behind.
 */
const PUBLIC_URL = 'http://127.0.0.1:4998';
const NO_SUCH = '00000000-0000-4000-8000-000000000000';
let t: TestApp;
let op: OpenIdProvider;
let admin: Api;
let adminEmail: string;
/** The directory: each e-mail's groups, as the provider's `groups` claim gives them. */
const directory = new Map<string, string[]>();
const db = () => t.app.database.db;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL, LOG_LEVEL: 'silent' } });
  op = await startOpenIdProvider({
    redirectUris: [`${PUBLIC_URL}/api/auth/oidc/district/callback`],
    postLogoutRedirectUris: [`${PUBLIC_URL}/login`],
    groups: (email) => directory.get(email),
  });
  const first = await createAccount(t.app, 'admin');
  adminEmail = first.email;
  admin = apiAs(t.app, (await login(t.app, first.email)).json().token);
  const created = await admin('POST', '/api/sso/providers', {
    slug: 'district',
    name: 'District login',
    issuer: op.issuer,
    clientId: op.clientId,
    clientSecret: op.clientSecret,
    roleClaim: 'groups',
    roleMap: [
      { value: 'transport-dispatch', role: 'dispatcher' },
      { value: 'transport-readers', role: 'viewer' },
      { value: 'school-office', role: 'school_staff' },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
});
afterAll(async () => {
  await op?.close();
  await t?.close();
});

/** The whole sign-in through the provider, as the browser and the Log In screen make it: the session's token and user. */
async function signInAs(email: string) {
  const start = await t.app.inject({
    method: 'GET',
    url: '/api/auth/oidc/district/start',
    remoteAddress: nextAddress(),
  });
  const callback = await signInAtProvider(start.headers.location as string, email, op.issuer);
  const back = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    remoteAddress: nextAddress(),
  });
  const code = new URL(back.headers.location as string).searchParams.get('sso_code');
  expect(code, back.headers.location as string).toBeTruthy();
  const finish = await t.app.inject({
    method: 'POST',
    url: '/api/auth/oidc/finish',
    payload: { code },
    remoteAddress: nextAddress(),
  });
  expect(finish.statusCode, finish.body).toBe(200);
  return finish.json() as { token: string; user: { id: string; role: string } };
}

const auditOf = async (userId: string) =>
  db()
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.entityType, 'user')));

describe('roles from the provider’s claim', () => {
  it('the provider validates the map with the shared schema: a map needs its claim, a value one role', async () => {
    const refused = await admin('POST', '/api/sso/providers', {
      slug: 'other',
      name: 'Other',
      issuer: op.issuer,
      clientId: op.clientId,
      roleMap: [
        { value: 'a', role: 'viewer' },
        { value: 'a', role: 'admin' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'roleClaim',
      'roleMap.1.value',
    ]);
  });

  it('a viewer in the dispatch group signs in as a dispatcher and reaches the dispatcher’s routes only', async () => {
    const viewer = await createAccount(t.app, 'viewer');
    directory.set(viewer.email, ['all-staff', 'transport-dispatch']);
    const { token, user } = await signInAs(viewer.email);
    expect(user).toMatchObject({ id: viewer.id, role: 'dispatcher' });
    expect(await auditOf(viewer.id)).toContainEqual({
      action: 'user.role_from_sso',
      details: { provider: 'district', from: 'viewer', to: 'dispatcher' },
    });

    const as = apiAs(t.app, token);
    // The day's work and the office's reads: let in (a missing alert is 404, not 403).
    expect((await as('GET', '/api/trips/get-all')).status).toBe(200);
    expect((await as('POST', `/api/alerts/${NO_SUCH}/acknowledge`)).status).toBe(404);
    expect((await as('POST', '/api/covers/create', {})).status).toBe(400);
    // Accounts, settings, records' writes and the sign-in's configuration: refused.
    for (const [method, url] of [
      ['GET', '/api/sso/providers'],
      ['PUT', '/api/sso/settings'],
      ['POST', '/api/users/invite'],
      ['POST', '/api/schools/create'],
      ['DELETE', `/api/vehicles/delete/${NO_SUCH}`],
      ['POST', '/api/trips/generate'],
      ['GET', '/api/school/schools'],
    ] as const)
      expect([method, url, (await as(method, url, method === 'GET' ? undefined : {})).status]).toEqual([
        method,
        url,
        403,
      ]);
  });

  it('no row matches: the account keeps the role the staff screen gave', async () => {
    const viewer = await createAccount(t.app, 'viewer');
    directory.set(viewer.email, ['all-staff']);
    expect((await signInAs(viewer.email)).user.role).toBe('viewer');
    expect((await auditOf(viewer.id)).map((entry) => entry.action)).not.toContain('user.role_from_sso');
  });

  it('nobody becomes school staff without a school; school staff mapped to another role leave their schools', async () => {
    const dispatcher = await createAccount(t.app, 'dispatcher');
    directory.set(dispatcher.email, ['school-office']);
    expect((await signInAs(dispatcher.email)).user.role).toBe('dispatcher');
    expect(await auditOf(dispatcher.id)).toContainEqual({
      action: 'user.role_from_sso_kept',
      details: { provider: 'district', from: 'dispatcher', to: 'school_staff', kept: 'no-schools' },
    });

    const school = await admin('POST', '/api/schools/create', {
      name: 'Hill School',
      lat: 12.97,
      lng: 77.59,
      bellTime: '08:30',
      dismissalTime: '15:00',
    });
    expect(school.status, JSON.stringify(school.body)).toBe(201);
    const staff = await createAccount(t.app, 'school_staff');
    await db().insert(staffSchools).values({ userId: staff.id, schoolId: school.body.data.id });
    directory.set(staff.email, ['school-office']);
    expect((await signInAs(staff.email)).user.role).toBe('school_staff');
    directory.set(staff.email, ['transport-readers']);
    expect((await signInAs(staff.email)).user.role).toBe('viewer');
    expect(await db().select().from(staffSchools).where(eq(staffSchools.userId, staff.id))).toEqual([]);
  });

  it('the last administrator who can sign in stays one, whatever the groups say; another may be demoted', async () => {
    directory.set(adminEmail, ['transport-dispatch']);
    const kept = await signInAs(adminEmail);
    expect(kept.user.role).toBe('admin');
    expect(await auditOf(kept.user.id)).toContainEqual({
      action: 'user.role_from_sso_kept',
      details: { provider: 'district', from: 'admin', to: 'dispatcher', kept: 'last-admin' },
    });

    const second = await createAccount(t.app, 'admin');
    directory.set(second.email, ['transport-dispatch']);
    expect((await signInAs(second.email)).user.role).toBe('dispatcher');
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, second.id));
    expect(row!.role).toBe('dispatcher');
  });
});
