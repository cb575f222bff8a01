import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_MESSAGES } from '@school-transport/shared';
import { auditLog, webauthnCredentials } from '../src/db/schema/index.js';
import { relyingPartyOf } from '../src/modules/platform/auth/passkeys.js';
import { CHALLENGE_MAX_FAILURES } from '../src/modules/platform/auth/second-factor-service.js';
import { base32Decode, hotp, totpStep } from '../src/modules/platform/auth/totp.js';
import { createAccount, login, nextAddress, PASSWORD } from './support/accounts.js';
import { postFromNewAddress } from './support/requests.js';
import { softAuthenticator, type SoftAuthenticator } from './support/soft-authenticator.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/** The server's public address: its host is the passkeys' RP id, its origin the only one taken. */
const ORIGIN = 'https://school.example';
const time = manualClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: time.clock, env: { PUBLIC_URL: ORIGIN } });
});
afterAll(() => t.close());

const post = postFromNewAddress;

/** Adds a passkey made by `device` to the signed-in admin's account: the answer of the adding call. */
async function addPasskey(device: SoftAuthenticator, token: string, label = 'Office laptop', app = t.app) {
  const started = await post(app, '/api/profile/second-factor/passkeys/options', undefined, token);
  expect(started.statusCode).toBe(200);
  const { options } = started.json().data as { options: { challenge: string; rp: { id: string } } };
  return post(
    app,
    '/api/profile/second-factor/passkeys',
    { label, credential: device.register(options) },
    token,
  );
}

/** A new admin, signed in, with a passkey on `device`. */
async function adminWithPasskey(device = softAuthenticator(ORIGIN)) {
  const admin = await createAccount(t.app, 'admin');
  const token = (await login(t.app, admin.email)).json().token as string;
  const added = await addPasskey(device, token);
  expect(added.statusCode).toBe(200);
  return { admin, token, device };
}

/** The password step, then the passkey's options for it. */
async function passkeyStep(email: string, address = nextAddress()) {
  const step = await login(t.app, email, PASSWORD, address);
  expect(step.statusCode).toBe(200);
  const { pendingToken } = step.json().secondFactor as { pendingToken: string };
  const started = await post(
    t.app,
    '/api/auth/second-factor/passkey-options',
    { pendingToken },
    undefined,
    address,
  );
  expect(started.statusCode).toBe(200);
  return { pendingToken, step: step.json(), options: started.json().data.options as { challenge: string } };
}

const signInWith = (pendingToken: string, passkey: object, address?: string) =>
  post(t.app, '/api/auth/second-factor', { pendingToken, passkey }, undefined, address);

describe('the relying party', () => {
  it('is PUBLIC_URL’s host and origin, with localhost for a loopback address browsers refuse as an RP id', () => {
    expect(relyingPartyOf('https://school.example/app', 'S')).toEqual({
      id: 'school.example',
      origin: 'https://school.example',
      name: 'S',
    });
    expect(relyingPartyOf('http://127.0.0.1:4418', 'S')).toMatchObject({
      id: 'localhost',
      origin: 'http://localhost:4418',
    });
    expect(relyingPartyOf('http://[::1]:3000', 'S').id).toBe('localhost');
  });
});

describe('passkeys as an administrator’s second factor', () => {
  it('enrols a passkey, after which the password alone gives no session and the passkey signs in', async () => {
    const { admin, token, device } = await adminWithPasskey();
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/profile/second-factor',
      headers: { authorization: token },
    });
    expect(status.json().data).toMatchObject({
      totp: false,
      passkeys: [{ label: 'Office laptop', lastUsedAt: null }],
    });

    const { pendingToken, step, options } = await passkeyStep(admin.email);
    expect(step.token).toBeUndefined();
    expect(step.secondFactor).toMatchObject({ next: 'code', totp: false, passkey: true });
    expect(step.message).toBe(SECOND_FACTOR_MESSAGES.passkeyOnlyNeeded);
    expect(options).toMatchObject({
      rpId: 'school.example',
      userVerification: 'preferred',
      allowCredentials: [{ id: device.credentialId }],
    });

    const signedIn = await signInWith(pendingToken, device.assert(options));
    expect(signedIn.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: signedIn.json().token },
    });
    expect(me.json().data).toMatchObject({ id: admin.id });

    const [stored] = await t.app.database.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, admin.id));
    expect(stored).toMatchObject({ counter: 1, lastUsedAt: time.clock() });
    const audit = await t.app.database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audit.map((row) => [row.action, row.details])).toEqual(
      expect.arrayContaining([
        ['auth.second_factor_enrolled', { method: 'passkey', label: 'Office laptop' }],
        ['auth.login', { secondFactor: 'passkey', passkey: 'Office laptop' }],
      ]),
    );
  });

  it('refuses a replayed assertion and a cloned authenticator’s same or lower counter', async () => {
    const { admin, device } = await adminWithPasskey();
    const clone = device.clone();
    const first = await passkeyStep(admin.email);
    const assertion = device.assert(first.options);
    expect((await signInWith(first.pendingToken, assertion)).statusCode).toBe(200);

    // The same assertion again, on a new step: its challenge is not this step's.
    const second = await passkeyStep(admin.email);
    const replayed = await signInWith(second.pendingToken, assertion);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(SECOND_FACTOR_MESSAGES.passkeyRefused);

    // The clone signs this step's challenge correctly, with the counter the original already used: refused.
    const third = await passkeyStep(admin.email);
    const cloned = await signInWith(third.pendingToken, clone.assert(third.options));
    expect(cloned.statusCode).toBe(401);
    // After the original moves on, the clone is behind: refused.
    const fourth = await passkeyStep(admin.email);
    expect((await signInWith(fourth.pendingToken, device.assert(fourth.options))).statusCode).toBe(200);
    const fifth = await passkeyStep(admin.email);
    expect((await signInWith(fifth.pendingToken, clone.assert(fifth.options))).statusCode).toBe(401);
    const [stored] = await t.app.database.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, admin.id));
    expect(stored!.counter).toBe(2);
  });

  it('takes a passkey that keeps no counter (always 0), each challenge once', async () => {
    const { admin, device } = await adminWithPasskey(
      softAuthenticator(ORIGIN, undefined, 0, { keepsCounter: false }),
    );
    for (let i = 0; i < 2; i++) {
      const step = await passkeyStep(admin.email);
      const assertion = device.assert(step.options);
      expect((await signInWith(step.pendingToken, assertion)).statusCode).toBe(200);
      const next = await passkeyStep(admin.email);
      expect((await signInWith(next.pendingToken, assertion)).statusCode).toBe(401);
    }
    expect(device.counter).toBe(0);
  });

  it('refuses another user’s passkey, at sign-in and on removal, and is for administrators only', async () => {
    const alice = await adminWithPasskey();
    const bob = await adminWithPasskey();
    const step = await passkeyStep(bob.admin.email);
    // Alice's authenticator, answering Bob's challenge.
    const foreign = await signInWith(step.pendingToken, alice.device.assert(step.options));
    expect(foreign.statusCode).toBe(401);

    const [aliceKey] = await t.app.database.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, alice.admin.id));
    const removal = await post(
      t.app,
      `/api/profile/second-factor/passkeys/${aliceKey!.id}/remove`,
      { password: PASSWORD },
      bob.token,
    );
    expect(removal.statusCode).toBe(404);
    // The same credential cannot be registered to a second account either.
    const again = await addPasskey(alice.device, bob.token);
    expect(again.statusCode).toBe(409);

    for (const role of ['driver', 'parent'] as const) {
      const user = await createAccount(t.app, role);
      const session = (await login(t.app, user.email)).json().token as string;
      const answer = await post(t.app, '/api/profile/second-factor/passkeys/options', undefined, session);
      expect(answer.statusCode).toBe(403);
    }
  });

  it('takes each challenge once, for registration and for sign-in', async () => {
    const admin = await createAccount(t.app, 'admin');
    const token = (await login(t.app, admin.email)).json().token as string;
    const started = await post(t.app, '/api/profile/second-factor/passkeys/options', undefined, token);
    const { options } = started.json().data as { options: { challenge: string; rp: { id: string } } };
    const add = (device: SoftAuthenticator) =>
      post(
        t.app,
        '/api/profile/second-factor/passkeys',
        { label: 'Key', credential: device.register(options) },
        token,
      );
    expect((await add(softAuthenticator(ORIGIN))).statusCode).toBe(200);
    const second = await add(softAuthenticator(ORIGIN));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(SECOND_FACTOR_MESSAGES.passkeyNotStarted);

    // A registration from another origin (a look-alike site relaying the options) is refused.
    const phished = await post(t.app, '/api/profile/second-factor/passkeys/options', undefined, token);
    const relayed = softAuthenticator('https://school-example.evil').register(phished.json().data.options);
    const refused = await post(
      t.app,
      '/api/profile/second-factor/passkeys',
      { label: 'X', credential: relayed },
      token,
    );
    expect(refused.statusCode).toBe(400);

    const device = softAuthenticator(ORIGIN);
    const fresh = await createAccount(t.app, 'admin');
    const freshToken = (await login(t.app, fresh.email)).json().token as string;
    expect((await addPasskey(device, freshToken)).statusCode).toBe(200);
    const step = await passkeyStep(fresh.email);
    // A broken signature takes the challenge; the right answer to that challenge is then refused too.
    const broken = device.assert(step.options);
    broken.response.signature = device.assert({ challenge: 'other' }).response.signature;
    expect((await signInWith(step.pendingToken, broken)).statusCode).toBe(401);
    expect((await signInWith(step.pendingToken, device.assert(step.options))).statusCode).toBe(401);
    // New options for the same step: a new challenge, and the passkey works.
    const renewed = await post(t.app, '/api/auth/second-factor/passkey-options', {
      pendingToken: step.pendingToken,
    });
    const ok = await signInWith(step.pendingToken, device.assert(renewed.json().data.options));
    expect(ok.statusCode).toBe(200);
  });

  it('counts refused passkeys like wrong codes: the step ends and the address is locked out', async () => {
    const { admin, device } = await adminWithPasskey();
    const address = nextAddress();
    const step = await passkeyStep(admin.email, address);
    for (let i = 0; i < CHALLENGE_MAX_FAILURES; i++) {
      const other = softAuthenticator(ORIGIN);
      const answer = await signInWith(step.pendingToken, other.assert(step.options), address);
      expect(answer.statusCode).toBe(401);
    }
    const ended = await post(t.app, '/api/auth/second-factor/passkey-options', {
      pendingToken: step.pendingToken,
    });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(SECOND_FACTOR_MESSAGES.stepExpired);
    expect((await login(t.app, admin.email, PASSWORD, address)).statusCode).toBe(429);
    expect(device.counter).toBe(0);
  });

  it('gives a passkey-only account recovery codes with its first passkey, which sign in', async () => {
    const admin = await createAccount(t.app, 'admin');
    const token = (await login(t.app, admin.email)).json().token as string;
    const first = await addPasskey(softAuthenticator(ORIGIN), token);
    const codes = first.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    // A second passkey makes none: the codes already made stay the ones that work.
    const second = await addPasskey(softAuthenticator(ORIGIN), token, 'Phone');
    expect(second.json().data.recoveryCodes).toEqual([]);

    const step = await login(t.app, admin.email);
    const { pendingToken } = step.json().secondFactor as { pendingToken: string };
    const used = await post(t.app, '/api/auth/second-factor', { pendingToken, recoveryCode: codes[0] });
    expect(used.statusCode).toBe(200);
    const renewed = await post(
      t.app,
      '/api/profile/second-factor/recovery-codes',
      { password: PASSWORD },
      token,
    );
    expect(renewed.json().data.recoveryCodes).toHaveLength(10);
  });

  it('removes a passkey only with the password, audited; then the password alone signs in', async () => {
    const { admin, token } = await adminWithPasskey();
    const [key] = await t.app.database.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, admin.id));
    const url = `/api/profile/second-factor/passkeys/${key!.id}/remove`;
    const wrong = await post(t.app, url, { password: 'not it at all' }, token);
    expect(wrong.statusCode).toBe(400);
    expect((await post(t.app, url, {}, token)).statusCode).toBe(400);
    expect((await post(t.app, url, { password: PASSWORD }, token)).statusCode).toBe(200);
    expect((await login(t.app, admin.email)).json().token).toEqual(expect.any(String));
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, admin.id), eq(auditLog.action, 'auth.second_factor_removed')));
    expect(audit.map((row) => row.details)).toEqual([{ method: 'passkey', label: 'Office laptop' }]);
  });
});

describe('passkeys with ADMIN_SECOND_FACTOR=required', () => {
  let required: TestApp;
  beforeAll(async () => {
    required = await createTestApp({
      clock: time.clock,
      env: { ADMIN_SECOND_FACTOR: 'required', PUBLIC_URL: ORIGIN },
    });
  });
  afterAll(() => required.close());

  it('enrols a passkey at sign-in instead of the app, with recovery codes and a session', async () => {
    const admin = await createAccount(required.app, 'admin');
    const address = nextAddress();
    const { pendingToken } = (await login(required.app, admin.email, PASSWORD, address)).json().secondFactor;
    const device = softAuthenticator(ORIGIN);
    const enrol = async () => {
      const started = await post(
        required.app,
        '/api/auth/second-factor/enrol/passkey-options',
        { pendingToken },
        undefined,
        address,
      );
      expect(started.statusCode).toBe(200);
      return started.json().data.options as { challenge: string; rp: { id: string } };
    };
    // A credential made at another origin is refused and counted; the challenge is spent.
    const options = await enrol();
    const relayed = softAuthenticator('https://school-example.evil').register(options);
    const refused = await post(
      required.app,
      '/api/auth/second-factor/enrol/passkey',
      { pendingToken, label: 'Laptop', credential: relayed },
      undefined,
      address,
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SECOND_FACTOR_MESSAGES.passkeyRefused);
    const stale = await post(
      required.app,
      '/api/auth/second-factor/enrol/passkey',
      { pendingToken, label: 'Laptop', credential: device.register(options) },
      undefined,
      address,
    );
    expect(stale.statusCode).toBe(401);

    const enrolled = await post(
      required.app,
      '/api/auth/second-factor/enrol/passkey',
      { pendingToken, label: 'Laptop', credential: device.register(await enrol()) },
      undefined,
      address,
    );
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json().recoveryCodes).toHaveLength(10);
    const me = await required.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: enrolled.json().token },
    });
    expect(me.statusCode).toBe(200);
    expect((await login(required.app, admin.email)).json().secondFactor).toMatchObject({ passkey: true });
  });

  it('counts a passkey as the required factor, and keeps the last factor', async () => {
    const admin = await createAccount(required.app, 'admin');
    // Enrolled with the app at sign-in (required), then a passkey added.
    const { pendingToken } = (await login(required.app, admin.email)).json().secondFactor;
    const { secret } = (await post(required.app, '/api/auth/second-factor/enrol', { pendingToken })).json()
      .data;
    const code = hotp(base32Decode(secret as string), totpStep(time.clock()));
    const confirmed = await post(required.app, '/api/auth/second-factor/enrol/confirm', {
      pendingToken,
      code,
    });
    const token = confirmed.json().token as string;
    expect((await addPasskey(softAuthenticator(ORIGIN), token, 'Key', required.app)).statusCode).toBe(200);

    // With a passkey left, the app may go; then the passkey is the last factor and stays.
    const app = await post(
      required.app,
      '/api/profile/second-factor/totp/remove',
      { password: PASSWORD },
      token,
    );
    expect(app.statusCode).toBe(200);
    // The recovery codes stay with the passkey, the factor left.
    const status = await required.app.inject({
      method: 'GET',
      url: '/api/profile/second-factor',
      headers: { authorization: token },
    });
    expect(status.json().data).toMatchObject({ totp: false, recoveryCodesLeft: 10 });
    const [key] = await required.app.database.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, admin.id));
    const last = await post(
      required.app,
      `/api/profile/second-factor/passkeys/${key!.id}/remove`,
      { password: PASSWORD },
      token,
    );
    expect(last.statusCode).toBe(403);
    expect(last.json().message).toBe(SECOND_FACTOR_MESSAGES.requiredLastFactor);
    // The passkey alone is the factor asked for: no enrolment.
    expect((await login(required.app, admin.email)).json().secondFactor).toMatchObject({
      next: 'code',
      totp: false,
      passkey: true,
    });
  });
});
