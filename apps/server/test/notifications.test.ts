import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type PushPayload,
} from '@school-transport/shared';
import {
  startMailSink,
  startPushService,
  type MailSink,
  type PushMessage,
  type PushService,
} from '@school-transport/testing';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { notificationOutbox, pushSubscriptions, users } from '../src/db/schema/index.js';
import { createSession } from '../src/modules/platform/auth/sessions.js';
import { createMailer } from '../src/modules/platform/mail/mailer.js';
import {
  createNotificationDispatcher,
  topicOf,
  vapidSubject,
} from '../src/modules/operations/notifications/notification-dispatcher.js';
import {
  enqueueNotifications,
  type NotificationItem,
} from '../src/modules/operations/notifications/notification-outbox.js';
import { claimDue, keyPair } from '../src/modules/operations/notifications/notification-queries.js';
import {
  createVapidKeys,
  MAX_SUBSCRIPTIONS_PER_PARENT,
} from '../src/modules/operations/notifications/notification-service.js';
import {
  isInsideAddress,
  PUSH_SERVICE_HOSTS,
  pushEndpointProblem,
  systemResolver,
  type PushResolver,
} from '../src/modules/operations/notifications/push-endpoints.js';
import { DISPATCH_POLL_MS } from '../src/modules/platform/jobs/job-registry.js';
import { createJobRunner } from '../src/modules/platform/jobs/job-runner.js';
import { createAccount, tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, TEST_DB, type TestApp } from './support/test-app.js';

/**
 * The parent portal's notification infrastructure: devices subscribe (parents only), producers write the outbox in
 * their transaction, and the dispatcher pushes each notification once, encrypted and signed, to a push service on
 * 127.0.0.1 that checks both as a browser vendor's does; gone devices are removed, failures retried, and a parent
 * without a device who chose it gets an e-mail.
 */
const PUBLIC_URL = 'https://transport.example.org';
let t: TestApp;
let push: PushService;
/** A push service closed in its test: one that cannot be reached. */
let vanished: PushService;
let mail: MailSink;
const db = () => t.app.database.db;

beforeAll(async () => {
  push = await startPushService();
  vanished = await startPushService();
  mail = await startMailSink();
  // The tests' push services are on 127.0.0.1 over http: taken only because they are configured (test-only http).
  t = await createTestApp({
    env: {
      LOG_LEVEL: 'silent',
      SMTP_URL: mail.url,
      PUBLIC_URL,
      PUSH_EXTRA_ORIGINS: `${push.origin},${vanished.origin}`,
    },
  });
  return async () => {
    await t.close();
    await push.close();
    await vanished.close();
    await mail.close();
  };
});

interface Parent {
  id: string;
  email: string;
  api: Api;
}

/** A parent account with a session written directly (signing in through an invitation is parent-accounts.test.ts). */
async function newParent(): Promise<Parent> {
  const user = await createAccount(t.app, 'parent');
  const lifetimes = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
  const { token } = await createSession(db(), user.id, { ip: '127.0.0.1' }, new Date(), lifetimes);
  return { id: user.id, email: user.email, api: apiAs(t.app, token) };
}

async function subscribe(parent: Parent) {
  const device = push.subscription();
  const answer = await parent.api('POST', '/api/parent/push/subscriptions', {
    ...device,
    expirationTime: null,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return device;
}

let counter = 0;
/** A test item with a fixed text in every language (the producers' own tests check their texts). */
type TestItem = NotificationItem & { title: string; body: string };
const item = (userId: string, overrides: Partial<TestItem> = {}): TestItem => {
  const fields = {
    dedupKey: `BOARDED:test-${++counter}:${userId}`,
    userId,
    kind: 'BOARDED' as const,
    title: 'On the bus',
    body: 'Your child boarded the morning bus at 07:42.',
    url: '/parent',
    ...overrides,
  };
  return { ...fields, text: () => ({ title: fields.title, body: fields.body }) };
};

/** Writes the items as a producer does: in a transaction of its own, committed before anything is sent. */
const enqueue = (items: NotificationItem[]) => db().transaction((tx) => enqueueNotifications(tx, items));

const outboxRow = async (dedupKey: string) =>
  (await db().select().from(notificationOutbox).where(eq(notificationOutbox.dedupKey, dedupKey)))[0];

const payloadOf = (message: PushMessage) => message.payload as PushPayload;
const withTag = (tag: string) => (message: PushMessage) => payloadOf(message).tag === tag;

/** A dispatcher of this test's own, on the app's database (or another handle), driven by runOnce (not woken). */
function dispatcher(
  options: { retryDelaysMs?: number[]; database?: DatabaseHandle; resolver?: PushResolver } = {},
) {
  const database = options.database ?? t.app.database;
  return createNotificationDispatcher({
    db: database.db,
    log: t.app.log,
    mailer: createMailer(t.config.mail, t.app.log, { printUnsent: false }),
    vapidKeys: createVapidKeys(database.db),
    mailFrom: t.config.mail.from,
    publicUrl: PUBLIC_URL,
    extraPushOrigins: t.config.push.extraOrigins,
    resolver: options.resolver,
    retryDelaysMs: options.retryDelaysMs ?? [0],
    wake: () => {},
  });
}

describe('subscriptions', () => {
  it('gives a parent the VAPID public key, the same on every call', async () => {
    const parent = await newParent();
    const first = await parent.api('GET', '/api/parent/push/key');
    expect(first.status).toBe(200);
    const key = first.body.data.publicKey as string;
    // An uncompressed P-256 point, base64url: what pushManager.subscribe takes as applicationServerKey.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(Buffer.from(key, 'base64url')[0]).toBe(4);
    expect((await (await newParent()).api('GET', '/api/parent/push/key')).body.data.publicKey).toBe(key);
  });

  it("stores a parent's browser subscription, once per endpoint, and refuses everyone else", async () => {
    const parent = await newParent();
    const device = push.subscription();
    const first = await parent.api('POST', '/api/parent/push/subscriptions', {
      ...device,
      label: 'My phone',
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ endpoint: device.endpoint, label: 'My phone' });
    // The keys stay on the server.
    expect(first.body.data).not.toHaveProperty('keys');
    // The browser subscribing again (new keys, same endpoint) renews the one row.
    const renewed = { endpoint: device.endpoint, keys: push.subscription().keys };
    const again = await parent.api('POST', '/api/parent/push/subscriptions', renewed);
    expect(again.status).toBe(201);
    const rows = await db()
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: parent.id,
      p256dh: renewed.keys.p256dh,
      auth: renewed.keys.auth,
    });

    const other = push.subscription();
    for (const role of ['admin', 'driver'] as const) {
      const api = apiAs(t.app, await tokenFor(t.app, role));
      expect((await api('POST', '/api/parent/push/subscriptions', other)).status).toBe(403);
      expect((await api('GET', '/api/parent/push/key')).status).toBe(403);
      expect((await api('GET', '/api/parent/notification-preferences')).status).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/parent/push/subscriptions',
      payload: other,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, other.endpoint)),
    ).toEqual([]);
  });

  it('takes only the browsers’ push services, https on 443, and says why it refuses the rest', async () => {
    const parent = await newParent();
    const { keys } = push.subscription();
    const refusals: [string, RegExp][] = [
      ['http://fcm.googleapis.com/fcm/send/1', /must be an https address/],
      ['https://fcm.googleapis.com:8443/fcm/send/1', /must use port 443/],
      ['https://push.example.org/send/1', /must be a browser's push service/],
      ['https://notify.windows.com/w/1', /must be a browser's push service/],
      ['https://fcm.googleapis.com.evil.example/send/1', /must be a browser's push service/],
      ['https://169.254.169.254/latest/meta-data', /must be a browser's push service/],
      ['https://10.0.0.5/push', /must be a browser's push service/],
      ['https://127.0.0.1/push', /must be a browser's push service/],
      ['https://[fd00::1]/push', /must be a browser's push service/],
      ['https://localhost/push', /must be a browser's push service/],
      ['https://intranet/push', /must be a browser's push service/],
      // A configured origin is taken only as configured: another port of the same host is not.
      [`${push.origin.replace(/:\d+$/, ':1')}/push/x`, /must be an https address/],
      ['https://user:secret@fcm.googleapis.com/send/1', /must not contain credentials/],
      ['ftp://fcm.googleapis.com/send/1', /must be an https address/],
      // Refused by the shared schema, its words in the field's details.
      ['not a url', /not valid/],
    ];
    for (const [endpoint, words] of refusals) {
      const answer = await parent.api('POST', '/api/parent/push/subscriptions', { endpoint, keys });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.message, endpoint).toMatch(words);
    }
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, parent.id)),
    ).toEqual([]);
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    for (const bad of [
      { p256dh: keys.p256dh.slice(1), auth: keys.auth },
      { p256dh: keys.p256dh, auth: `${keys.auth}AA` },
      { p256dh: `${keys.p256dh.slice(1)}+`, auth: keys.auth },
    ]) {
      expect(
        (await parent.api('POST', '/api/parent/push/subscriptions', { endpoint, keys: bad })).status,
      ).toBe(400);
    }
    // Each browser's push service is taken, on 443 written or not.
    for (const taken of [
      endpoint,
      'https://fcm.googleapis.com:443/fcm/send/def',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx1',
      'https://api.push.apple.com/3/device/abc',
    ])
      expect(
        (await parent.api('POST', '/api/parent/push/subscriptions', { endpoint: taken, keys })).status,
        taken,
      ).toBe(201);
    expect(PUSH_SERVICE_HOSTS).toContain('fcm.googleapis.com');
    // Without the configuration, the tests' own push service is refused like any address inside the network.
    expect(pushEndpointProblem(push.subscription().endpoint, [])).toMatch(/https/);
    expect(pushEndpointProblem(push.subscription().endpoint, [push.origin])).toBeNull();
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_PARENT} devices a parent, replacing the oldest, and leaves another parent's be`, async () => {
    const [parent, neighbour] = [await newParent(), await newParent()];
    const theirs = await subscribe(neighbour);
    const devices = [];
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_PARENT + 2; i++) devices.push(await subscribe(parent));
    const left = await db()
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, parent.id));
    expect(left.map((row) => row.endpoint).sort()).toEqual(
      devices
        .slice(2)
        .map((device) => device.endpoint)
        .sort(),
    );
    // Renewing one that is kept adds nothing and removes nothing.
    const renewed = await parent.api('POST', '/api/parent/push/subscriptions', devices[5]!);
    expect(renewed.status).toBe(201);
    expect(renewed.body.message).toMatch(
      new RegExp(`${MAX_SUBSCRIPTIONS_PER_PARENT} most recently added devices`),
    );
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, parent.id)),
    ).toHaveLength(MAX_SUBSCRIPTIONS_PER_PARENT);
    // The other family's device is untouched.
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, theirs.endpoint)),
    ).toHaveLength(1);
  });

  it('answers a subscription the same whether its endpoint ever answered, failed or said it was gone', async () => {
    const parent = await newParent();
    const [answering, failing, gone] = [
      await subscribe(parent),
      await subscribe(parent),
      await subscribe(parent),
    ];
    push.answerWith(failing.endpoint, 500);
    push.answerWith(gone.endpoint, 410);
    await enqueue([item(parent.id)]);
    expect(await dispatcher({ retryDelaysMs: [0] }).runOnce()).toBe(1);
    push.answerWith(failing.endpoint, null);
    push.answerWith(gone.endpoint, null);
    const again = await Promise.all(
      [answering, failing, gone].map((device) =>
        parent.api('POST', '/api/parent/push/subscriptions', { ...device, label: 'Phone' }),
      ),
    );
    const shapes = again.map(({ status, body }) => ({
      status,
      message: body.message,
      data: { ...body.data, endpoint: '(endpoint)' },
    }));
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    expect(shapes[0]).toEqual({
      status: 201,
      message: expect.any(String),
      data: { endpoint: '(endpoint)', label: 'Phone' },
    });
  });

  it("removes only the caller's own subscription", async () => {
    const [owner, stranger] = [await newParent(), await newParent()];
    const device = await subscribe(owner);
    const body = { endpoint: device.endpoint };
    expect((await stranger.api('DELETE', '/api/parent/push/subscriptions', body)).status).toBe(200);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toHaveLength(1);
    const removed = await owner.api('DELETE', '/api/parent/push/subscriptions', body);
    expect(removed).toEqual({
      status: 200,
      body: { success: true, type: 'success', message: 'Notifications are off for this device.' },
    });
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toEqual([]);
  });

  it('keeps one VAPID key pair when two processes make it at once', async () => {
    // On PostgreSQL the second "process" is a connection pool of its own.
    const second = TEST_DB === 'postgres' ? await openDatabase(t.config.database) : t.app.database;
    try {
      let made = 0;
      const make = () => {
        made++;
        return { publicKey: `public-${made}`, privateKey: `private-${made}` };
      };
      const pairs = await Promise.all([keyPair(db(), 'race', make), keyPair(second.db, 'race', make)]);
      expect(made).toBeGreaterThanOrEqual(1);
      expect(pairs[1]).toEqual(pairs[0]);
      expect(await keyPair(db(), 'race', make)).toEqual(pairs[0]);
    } finally {
      if (second !== t.app.database) await second.close();
    }
  });
});

describe('delivery after commit', () => {
  it('pushes a committed notification once woken, encrypted for the device and signed with the VAPID key', async () => {
    const parent = await newParent();
    const device = await subscribe(parent);
    const key = (await parent.api('GET', '/api/parent/push/key')).body.data.publicKey as string;
    const notification = item(parent.id);
    expect(await enqueue([notification])).toBe(1);
    t.app.notificationDispatcher.wake();
    const message = await push.waitFor(withTag(notification.dedupKey));
    expect(message.endpoint).toBe(device.endpoint);
    expect(message.payload).toEqual({
      kind: 'BOARDED',
      title: notification.title,
      body: notification.body,
      url: '/parent',
      tag: notification.dedupKey,
    });
    expect(message.headers.topic).toBe(topicOf(notification.dedupKey));
    expect(message.headers.topic).toMatch(/^[\w-]{32}$/);
    expect(message.headers.urgency).toBe('high');
    expect(Number(message.headers.ttl)).toBeGreaterThan(0);
    expect(message.vapid).toMatchObject({
      publicKey: key,
      aud: push.origin,
      sub: vapidSubject(t.config.mail.from),
    });
    expect(message.vapid.sub).toBe('mailto:no-reply@localhost');
    expect(push.rejected).toEqual([]);
  });
});

/** From here on each test drives the dispatch itself (runOnce), so the app's own dispatcher is stopped. */
describe('the outbox', () => {
  beforeAll(() => t.app.jobRunner.stop('notification-dispatch'));

  it('marks what it sent, and the device that received it', async () => {
    const parent = await newParent();
    const device = await subscribe(parent);
    const notification = item(parent.id);
    await enqueue([notification]);
    expect(await dispatcher().runOnce()).toBe(1);
    expect(push.messages.filter(withTag(notification.dedupKey))).toHaveLength(1);
    expect(await outboxRow(notification.dedupKey)).toMatchObject({
      attempts: 1,
      sentAt: expect.any(Date),
      channel: 'push',
      claimedUntil: null,
      givenUpAt: null,
      lastError: null,
    });
    const [row] = await db()
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row!.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('sends the same cause once, however often it is written', async () => {
    const parent = await newParent();
    await subscribe(parent);
    const notification = item(parent.id);
    expect(
      await enqueue([notification, item(parent.id, { ...notification, body: 'A second telling of it.' })]),
    ).toBe(1);
    expect(await enqueue([notification])).toBe(0);
    const sender = dispatcher();
    expect(await sender.runOnce()).toBe(1);
    expect(await sender.runOnce()).toBe(0);
    const received = push.messages.filter(withTag(notification.dedupKey));
    expect(received.map((message) => payloadOf(message).body)).toEqual([notification.body]);
  });

  it('sends nothing of a transaction that rolled back', async () => {
    const parent = await newParent();
    const device = await subscribe(parent);
    const notification = item(parent.id);
    await expect(
      db().transaction(async (tx) => {
        expect(await enqueueNotifications(tx, [notification])).toBe(1);
        throw new Error('the event could not be stored');
      }),
    ).rejects.toThrow('the event could not be stored');
    expect(await outboxRow(notification.dedupKey)).toBeUndefined();
    expect(await dispatcher().runOnce()).toBe(0);
    expect(push.attempts(device.endpoint)).toBe(0);
  });

  it('removes a device its push service says is gone, and still reaches the others', async () => {
    const parent = await newParent();
    const [gone, kept] = [await subscribe(parent), await subscribe(parent)];
    push.answerWith(gone.endpoint, 410);
    const notification = item(parent.id);
    await enqueue([notification]);
    expect(await dispatcher().runOnce()).toBe(1);
    expect(push.attempts(gone.endpoint)).toBe(1);
    expect(push.messages.filter(withTag(notification.dedupKey)).map((m) => m.endpoint)).toEqual([
      kept.endpoint,
    ]);
    const left = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, parent.id));
    expect(left.map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(await outboxRow(notification.dedupKey)).toMatchObject({
      channel: 'push',
      sentAt: expect.any(Date),
    });

    // 404 means gone too; with no device left and no e-mail fallback, the notification is given up.
    push.answerWith(kept.endpoint, 404);
    const next = item(parent.id);
    await enqueue([next]);
    expect(await dispatcher().runOnce()).toBe(1);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, parent.id)),
    ).toEqual([]);
    expect(await outboxRow(next.dedupKey)).toMatchObject({
      sentAt: null,
      givenUpAt: expect.any(Date),
      lastError: 'no device subscribed and no e-mail fallback',
    });
  });

  it('retries a failing push service, and gives up after the last attempt', async () => {
    const parent = await newParent();
    const device = await subscribe(parent);
    push.answerWith(device.endpoint, 503);
    const recovering = item(parent.id);
    await enqueue([recovering]);
    const sender = dispatcher({ retryDelaysMs: [0, 0] });
    expect(await sender.runOnce()).toBe(1);
    const failed = await outboxRow(recovering.dedupKey);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, givenUpAt: null, claimedUntil: null });
    // Only the status: never the endpoint, which identifies the parent's device.
    expect(failed!.lastError).toBe('push service answered 503');
    push.answerWith(device.endpoint, null);
    expect(await sender.runOnce()).toBe(1);
    expect(await outboxRow(recovering.dedupKey)).toMatchObject({
      attempts: 2,
      channel: 'push',
      lastError: null,
    });
    expect(push.messages.filter(withTag(recovering.dedupKey))).toHaveLength(1);

    push.answerWith(device.endpoint, 500);
    const doomed = item(parent.id);
    await enqueue([doomed]);
    for (let attempt = 1; attempt <= 3; attempt++) expect(await sender.runOnce()).toBe(1);
    expect(await sender.runOnce()).toBe(0);
    expect(await outboxRow(doomed.dedupKey)).toMatchObject({
      attempts: 3,
      sentAt: null,
      givenUpAt: expect.any(Date),
      lastError: 'push service answered 500; gave up after 3 attempts',
    });
    push.answerWith(device.endpoint, null);
  });

  it('retries when the push service cannot be reached, saying why without the address', async () => {
    const parent = await newParent();
    const device = vanished.subscription();
    await vanished.close();
    expect((await parent.api('POST', '/api/parent/push/subscriptions', device)).status).toBe(201);
    const notification = item(parent.id);
    await enqueue([notification]);
    expect(await dispatcher({ retryDelaysMs: [60_000] }).runOnce()).toBe(1);
    const row = await outboxRow(notification.dedupKey);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, givenUpAt: null });
    expect(row!.lastError).toBe('push request failed (Error ECONNREFUSED)');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due before its delay: the next pass leaves it alone.
    expect(await dispatcher().runOnce()).toBe(0);
    await db().delete(notificationOutbox).where(eq(notificationOutbox.dedupKey, notification.dedupKey));
  });

  it('never connects to a push service whose name resolves inside the network', async () => {
    const parent = await newParent();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/resolves-inside';
    const { keys } = push.subscription();
    expect((await parent.api('POST', '/api/parent/push/subscriptions', { endpoint, keys })).status).toBe(201);
    const notification = item(parent.id);
    await enqueue([notification]);
    // The name answers loopback (a poisoned or split-horizon DNS): refused before any connection, in words.
    const asked: string[] = [];
    const inside: PushResolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    expect(await dispatcher({ retryDelaysMs: [60_000], resolver: inside }).runOnce()).toBe(1);
    expect(asked).toEqual(['fcm.googleapis.com']);
    const row = await outboxRow(notification.dedupKey);
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row!.lastError).toBe('push request failed (Error EPUSHINSIDE)');
    await db().delete(notificationOutbox).where(eq(notificationOutbox.dedupKey, notification.dedupKey));
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    // The system's resolver puts localhost on loopback, offline too: refused the same way.
    const local = await systemResolver('localhost');
    expect(local.length).toBeGreaterThan(0);
    expect(local.every((entry) => isInsideAddress(entry.address))).toBe(true);
  });

  it('tells inside addresses from public ones, IPv4 written in IPv6 included', () => {
    for (const inside of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      '2002:c0a8:101::1',
      'not an address',
    ])
      expect(isInsideAddress(inside), inside).toBe(true);
    for (const outside of ['142.250.185.202', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8', '17.253.144.10'])
      expect(isInsideAddress(outside), outside).toBe(false);
  });

  it('finishes the pass under way before it stops (the app stops it before closing the database)', async () => {
    const parent = await newParent();
    await subscribe(parent);
    const notification = item(parent.id);
    await enqueue([notification]);
    // The dispatcher as the server runs it: the notification-dispatch job, started, then closed with the server.
    const sender = createJobRunner({
      db: db(),
      clock: () => new Date(),
      timeZone: t.config.timeZone,
      log: t.app.log,
    });
    sender.start([
      {
        name: 'notification-dispatch',
        schedule: { every: DISPATCH_POLL_MS },
        claim: 'each-process',
        run: dispatcher().runOnce,
      },
    ]);
    await sender.close();
    expect(await outboxRow(notification.dedupKey)).toMatchObject({ channel: 'push', claimedUntil: null });
    // Stopped, a wake starts nothing: what is written now waits for a running dispatcher.
    const later = item(parent.id);
    await enqueue([later]);
    sender.wake('notification-dispatch');
    await sender.close();
    expect(await outboxRow(later.dedupKey)).toMatchObject({ attempts: 0, sentAt: null });
    expect(await dispatcher().runOnce()).toBe(1);
  });

  it('sends a row another process claimed only once that claim has run out', async () => {
    const parent = await newParent();
    await subscribe(parent);
    const notification = item(parent.id);
    await enqueue([notification]);
    // A process claims it, then dies before sending.
    expect((await claimDue(db(), 100, 60_000)).map((row) => row.dedupKey)).toContain(notification.dedupKey);
    expect(await dispatcher().runOnce()).toBe(0);
    await db()
      .update(notificationOutbox)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(notificationOutbox.dedupKey, notification.dedupKey));
    expect(await dispatcher().runOnce()).toBe(1);
    expect(push.messages.filter(withTag(notification.dedupKey))).toHaveLength(1);
    expect(await outboxRow(notification.dedupKey)).toMatchObject({ attempts: 2, channel: 'push' });
  });
});

describe('preferences', () => {
  it('answers the defaults until a parent chooses, and checks what they choose', async () => {
    const parent = await newParent();
    const url = '/api/parent/notification-preferences';
    expect((await parent.api('GET', url)).body.data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    for (const bad of [
      { approachingMinutes: 0 },
      { lateMinutes: 61 },
      { approachingMinutes: 2.5 },
      { boarded: 'yes' },
    ]) {
      const answer = await parent.api('PUT', url, { ...DEFAULT_NOTIFICATION_PREFERENCES, ...bad });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    const { emailFallback: _, ...incomplete } = DEFAULT_NOTIFICATION_PREFERENCES;
    expect((await parent.api('PUT', url, incomplete)).status).toBe(400);
    const chosen: NotificationPreferences = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      boarded: false,
      approachingMinutes: 10,
      lateMinutes: 15,
      emailFallback: true,
    };
    const saved = await parent.api('PUT', url, chosen);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(chosen);
    expect((await parent.api('GET', url)).body.data).toEqual(chosen);
    // Another parent still has the defaults.
    expect((await (await newParent()).api('GET', url)).body.data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('writes only what each parent asked for, when its moment has come, and only for active parents', async () => {
    const parent = await newParent();
    await parent.api('PUT', '/api/parent/notification-preferences', {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      boarded: false,
      approachingMinutes: 10,
      lateMinutes: 15,
    });
    const other = await newParent();
    const items = [
      item(parent.id, { kind: 'BOARDED' }),
      item(parent.id, { kind: 'LEFT' }),
      item(parent.id, { kind: 'APPROACHING', minutes: 12 }),
      item(parent.id, { kind: 'APPROACHING', minutes: 10 }),
      item(parent.id, { kind: 'LATE', minutes: 14 }),
      item(parent.id, { kind: 'LATE', minutes: 15 }),
      item(parent.id, { kind: 'CANCELLED' }),
      // the defaults: approaching within 5 minutes, late by 10
      item(other.id, { kind: 'BOARDED' }),
      item(other.id, { kind: 'APPROACHING', minutes: 5 }),
      item(other.id, { kind: 'LATE', minutes: 10 }),
      item(other.id, { kind: 'APPROACHING', minutes: 6 }),
      item(other.id, { kind: 'LATE', minutes: 9 }),
    ];
    const admin = await createAccount(t.app, 'admin');
    const disabled = await newParent();
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    const strangers = [item(admin.id), item(disabled.id)];
    expect(await enqueue([...items, ...strangers])).toBe(7);
    const written = await db()
      .select({ dedupKey: notificationOutbox.dedupKey })
      .from(notificationOutbox)
      .where(
        inArray(
          notificationOutbox.dedupKey,
          [...items, ...strangers].map((i) => i.dedupKey),
        ),
      );
    expect(written.map((row) => row.dedupKey).sort()).toEqual(
      [1, 3, 5, 6, 7, 8, 9].map((i) => items[i]!.dedupKey).sort(),
    );
    // None of these parents has a device or the e-mail fallback: each is given up, none left for later tests.
    expect(await dispatcher().runOnce()).toBe(7);
  });
});

describe('e-mail fallback', () => {
  it('mails a parent who chose it and has no device, and nobody else', async () => {
    const [withFallback, without] = [await newParent(), await newParent()];
    await withFallback.api('PUT', '/api/parent/notification-preferences', {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      emailFallback: true,
    });
    const mailed = item(withFallback.id, {
      title: 'Off the bus',
      body: 'Your child left the bus at school.',
    });
    const dropped = item(without.id);
    await enqueue([mailed, dropped]);
    expect(await dispatcher().runOnce()).toBe(2);
    const received = await mail.lastTo(withFallback.email);
    expect(received.body).toContain('Subject: SchoolRide: Off the bus');
    expect(received.body).toContain('Your child left the bus at school.');
    expect(received.body).toContain(`${PUBLIC_URL}/parent`);
    expect(await outboxRow(mailed.dedupKey)).toMatchObject({ channel: 'email', sentAt: expect.any(Date) });
    expect(await outboxRow(dropped.dedupKey)).toMatchObject({ sentAt: null, givenUpAt: expect.any(Date) });
    expect(mail.received.filter((m) => m.to.includes(without.email))).toEqual([]);
  });

  it('mails when every device is gone, but not while a device receives it', async () => {
    const parent = await newParent();
    await parent.api('PUT', '/api/parent/notification-preferences', {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      emailFallback: true,
    });
    const device = await subscribe(parent);
    const pushed = item(parent.id, { title: 'Pushed, not mailed' });
    await enqueue([pushed]);
    expect(await dispatcher().runOnce()).toBe(1);
    expect(await outboxRow(pushed.dedupKey)).toMatchObject({ channel: 'push' });

    push.answerWith(device.endpoint, 410);
    const mailed = item(parent.id, { title: 'Mailed instead' });
    await enqueue([mailed]);
    expect(await dispatcher().runOnce()).toBe(1);
    expect((await mail.lastTo(parent.email)).body).toContain('Subject: SchoolRide: Mailed instead');
    expect(await outboxRow(mailed.dedupKey)).toMatchObject({ channel: 'email' });
    expect(mail.received.filter((m) => m.body.includes('Pushed, not mailed'))).toEqual([]);
  });
});

describe('several processes', () => {
  it('never sends a row twice when two dispatchers claim at once', async () => {
    // On PostgreSQL the second dispatcher has a connection pool of its own, as another API process would.
    const second = TEST_DB === 'postgres' ? await openDatabase(t.config.database) : t.app.database;
    try {
      const parents = await Promise.all(Array.from({ length: 5 }, () => newParent()));
      for (const parent of parents) await subscribe(parent);
      const items = parents.flatMap((parent) => Array.from({ length: 12 }, () => item(parent.id)));
      expect(await enqueue(items)).toBe(items.length);
      const [one, two] = [dispatcher(), dispatcher({ database: second })];
      const handled = await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
      expect(handled.reduce((sum, n) => sum + n, 0)).toBe(items.length);
      for (const notification of items)
        expect(push.messages.filter(withTag(notification.dedupKey)), notification.dedupKey).toHaveLength(1);
      const rows = await db()
        .select()
        .from(notificationOutbox)
        .where(
          inArray(
            notificationOutbox.dedupKey,
            items.map((i) => i.dedupKey),
          ),
        );
      expect(rows.every((row) => row.attempts === 1 && row.channel === 'push')).toBe(true);
      expect(push.rejected).toEqual([]);
    } finally {
      if (second !== t.app.database) await second.close();
    }
  });
});
