import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@school-transport/shared';
import {
  startMailSink,
  startPushService,
  type MailSink,
  type PushMessage,
  type PushService,
} from '@school-transport/testing';
import { auditLog, parents, students, trips, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/platform/users/passwords.js';
import { askForReset, createAccount, nextAddress, PASSWORD, tokenFor } from './support/accounts.js';
import { busWithTrips, type Bus } from './support/buses.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * The language of a driver's or parent's account (decision 053): chosen with PUT /api/account/language, else the
 * browser's at sign-in, and the mails and push texts they are sent written in it.
 */
// After the morning run's scans of a trip started at 07:30 (a driver's events are taken from the trip's start to now).
const time = manualClock(new Date('2026-03-02T08:10:00Z'));
const STARTED_AT = new Date('2026-03-02T07:30:00Z');
let t: TestApp;
let admin: Api;
let push: PushService;
let mail: MailSink;
const db = () => t.app.database.db;

beforeAll(async () => {
  push = await startPushService();
  mail = await startMailSink();
  t = await createTestApp({
    clock: time.clock,
    env: { LOG_LEVEL: 'silent', TIME_ZONE: 'UTC', PUSH_EXTRA_ORIGINS: push.origin, SMTP_URL: mail.url },
  });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  return async () => {
    await t.close();
    await push.close();
    await mail.close();
  };
});

/** POST /api/auth/login with the browser's Accept-Language. */
const signIn = (email: string, acceptLanguage?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
    remoteAddress: nextAddress(),
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });

const languagesOf = async (userId: string) =>
  (
    await db()
      .select({ language: users.language, browserLanguage: users.browserLanguage })
      .from(users)
      .where(eq(users.id, userId))
  )[0];

/** A mail's text as sent: the sink undoes quoted-printable byte by byte, so its UTF-8 is read again here. */
const textOf = (body: string) => Buffer.from(body, 'latin1').toString('utf8');

describe('GET /api/languages', () => {
  it('answers the languages with a messages catalogue, to anyone: tag, own name and direction', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/languages' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual([
      { code: 'en', name: 'English', direction: 'ltr' },
      { code: 'ar', name: 'العربية', direction: 'rtl' },
      { code: 'es', name: 'Español', direction: 'ltr' },
    ]);
  });
});

describe('PUT /api/account/language', () => {
  it('stores a parent’s choice, answers it, and the sign-in and session answer it', async () => {
    const parent = await createAccount(t.app, 'parent');
    const first = await signIn(parent.email);
    expect(first.json().user).toMatchObject({ id: parent.id, role: 'parent', language: null });
    const api = apiAs(t.app, first.json().token as string);

    const chosen = await api('PUT', '/api/account/language', { language: 'es' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toEqual({ language: 'es' });
    expect((await api('GET', '/api/auth/me')).body.data.language).toBe('es');
    expect((await signIn(parent.email)).json().user.language).toBe('es');

    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, parent.id), eq(auditLog.action, 'profile.language_changed')));
    expect(audited).toHaveLength(1);
    // A parent's entries keep no personal value: the change is recorded, not what was chosen (decision 020).
    expect(audited[0]!.details).toEqual({ language: 'changed' });

    // Back to the browser's; choosing the same again writes no second entry.
    expect((await api('PUT', '/api/account/language', { language: null })).body.data).toEqual({
      language: null,
    });
    expect((await api('PUT', '/api/account/language', { language: null })).status).toBe(200);
    expect(await languagesOf(parent.id)).toMatchObject({ language: null });
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, parent.id), eq(auditLog.action, 'profile.language_changed'))),
    ).toHaveLength(2);
  });

  it('is for drivers and administrators too, and refuses a language without a catalogue, naming those there are', async () => {
    for (const role of ['driver', 'admin'] as const) {
      const api = apiAs(t.app, await tokenFor(t.app, role));
      expect((await api('PUT', '/api/account/language', { language: 'ar' })).body.data).toEqual({
        language: 'ar',
      });
      const refused = await api('PUT', '/api/account/language', { language: 'fr' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('There is no "fr" catalogue. Available languages: en, ar, es.');
      expect(refused.body.errors).toEqual([{ field: 'language', message: refused.body.message }]);
      expect((await api('PUT', '/api/account/language', { language: '../en' })).status).toBe(400);
      expect((await api('PUT', '/api/account/language', {})).status).toBe(400);
    }
  });

  it('refuses anyone signed out', async () => {
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/api/account/language',
      payload: { language: 'es' },
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('the browser’s languages', () => {
  it('are recorded at each sign-in, most wanted first, and kept when a browser names none', async () => {
    const driver = await createAccount(t.app, 'driver');
    expect((await signIn(driver.email, 'ar-EG,ar;q=0.9,en;q=0.5')).statusCode).toBe(200);
    expect(await languagesOf(driver.id)).toEqual({ language: null, browserLanguage: 'ar-EG,ar,en' });
    expect((await signIn(driver.email)).statusCode).toBe(200);
    expect(await languagesOf(driver.id)).toEqual({ language: null, browserLanguage: 'ar-EG,ar,en' });
    expect((await signIn(driver.email, 'es')).statusCode).toBe(200);
    expect(await languagesOf(driver.id)).toEqual({ language: null, browserLanguage: 'es' });
  });
});

describe('mails', () => {
  it('reach a parent in their chosen language, and a parent with none in their browser’s', async () => {
    const chose = await createAccount(t.app, 'parent');
    const chooser = apiAs(t.app, (await signIn(chose.email, 'en')).json().token as string);
    await chooser('PUT', '/api/account/language', { language: 'es' });
    expect((await askForReset(t.app, chose.email)).statusCode).toBe(200);
    const spanish = textOf((await mail.lastTo(chose.email)).body);
    expect(spanish).toContain('Alguien pidió restablecer la contraseña de su cuenta.');
    expect(spanish).toContain('lang="es" dir="ltr"');

    const browsed = await createAccount(t.app, 'parent');
    await signIn(browsed.email, 'ar');
    expect((await askForReset(t.app, browsed.email)).statusCode).toBe(200);
    const arabic = textOf((await mail.lastTo(browsed.email)).body);
    expect(arabic).toContain('طلب أحدهم إعادة تعيين كلمة مرور حسابك.');
    expect(arabic).toContain('lang="ar" dir="rtl"');
  });

  it('reach the office in English, whatever its browser or choice', async () => {
    const staff = await createAccount(t.app, 'admin');
    const api = apiAs(t.app, (await signIn(staff.email, 'es')).json().token as string);
    await api('PUT', '/api/account/language', { language: 'es' });
    expect((await askForReset(t.app, staff.email)).statusCode).toBe(200);
    expect((await mail.lastTo(staff.email)).body).toContain(
      'Someone asked to reset the password of your account.',
    );
  });
});

describe('push texts', () => {
  /** A bus whose one child's parent has a password, a subscribed device and signs in with `acceptLanguage`. */
  async function busWithParent(acceptLanguage: string) {
    const bus = await busWithTrips(t.app, admin, time.clock, { children: 1, startedAt: STARTED_AT });
    const child = bus.kids[0]!;
    const [family] = await db()
      .select({ userId: parents.userId, email: users.email })
      .from(students)
      .innerJoin(parents, eq(parents.id, students.parentId))
      .innerJoin(users, eq(users.id, parents.userId))
      .where(eq(students.id, child.id));
    await db()
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, family!.userId));
    const signedIn = await signIn(family!.email, acceptLanguage);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const api = apiAs(t.app, signedIn.json().token as string);
    const device = push.subscription();
    expect((await api('POST', '/api/parent/push/subscriptions', device)).status).toBe(201);
    const [trip] = await db()
      .select({ routeName: trips.routeName })
      .from(trips)
      .where(eq(trips.id, bus.pickup));
    return { bus, child, api, endpoint: device.endpoint, routeName: trip!.routeName };
  }

  const board = (bus: Bus, studentId: string) =>
    bus.driverApi('POST', '/api/driver/events', {
      events: [
        {
          eventId: randomUUID(),
          tripId: bus.pickup,
          kind: 'BOARD',
          method: 'TAP',
          occurredAt: '2026-03-02T07:42:00Z',
          studentId,
        },
      ],
    });

  const toDevice = (endpoint: string) => (message: PushMessage) => message.endpoint === endpoint;

  it('tell a parent who chose Spanish of a boarding in Spanish', async () => {
    const { bus, child, api, endpoint, routeName } = await busWithParent('en-GB');
    expect((await api('PUT', '/api/account/language', { language: 'es' })).status).toBe(200);
    expect((await board(bus, child.id)).status).toBe(200);
    const told = (await push.waitFor(toDevice(endpoint))).payload as PushPayload;
    expect(told.title).toBe(`${child.name} subió al autobús`);
    expect(told.body).toBe(`A las 07:42, en el recorrido de la mañana (${routeName}).`);
  });

  it('tell a parent who chose nothing in their browser’s language, and one whose browser has none in English', async () => {
    const arabic = await busWithParent('ar-SA,ar;q=0.8');
    expect((await board(arabic.bus, arabic.child.id)).status).toBe(200);
    const told = (await push.waitFor(toDevice(arabic.endpoint))).payload as PushPayload;
    expect(told.title).toBe(`تم صعود ${arabic.child.name} إلى الحافلة`);
    expect(told.body).toBe(`في الساعة 07:42، في رحلة الصباح (${arabic.routeName}).`);

    const french = await busWithParent('fr-FR');
    expect((await board(french.bus, french.child.id)).status).toBe(200);
    const english = (await push.waitFor(toDevice(french.endpoint))).payload as PushPayload;
    expect(english.title).toBe(`${french.child.name} got on the bus`);
  });
});
