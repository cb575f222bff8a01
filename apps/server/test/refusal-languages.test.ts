import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { defaultLocalesDir, readCatalogue } from '../src/modules/platform/i18n/catalogues.js';
import { createAccount, login, tokenFor } from './support/accounts.js';
import { familyOnBus, type FamilyOnBus } from './support/parent-families.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, manualClock, type TestApp } from './support/test-app.js';

/**
 * Refusals a driver or parent meets on their app's routes are written in their language (decision 053): the
 * answer carries the catalogue's `code` and `params` beside `message`, which is in the account's language (else
 * its browser's, else the app's), English for an English reader and for the office.
 */
const TODAY = '2026-03-02';
const TOMORROW = '2026-03-03';
const PHONE = '01632 960000';
const time = manualClock(new Date(`${TODAY}T07:10:00Z`));

let t: TestApp;
let admin: Api;
let spanish: FamilyOnBus;
let arabic: FamilyOnBus;
let english: FamilyOnBus;

const chooseLanguage = async (api: Api, language: string) =>
  expect((await api('PUT', '/api/account/language', { language })).status).toBe(200);

beforeAll(async () => {
  t = await createTestApp({
    clock: time.clock,
    env: { LOG_LEVEL: 'silent', TIME_ZONE: 'Europe/London', OFFICE_PHONE: PHONE },
  });
  admin = apiAs(t.app, await tokenFor(t.app, 'admin'));
  spanish = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
  arabic = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
  english = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
  expect((await admin('POST', '/api/trips/generate', { date: TOMORROW })).status).toBe(200);
  for (const api of [spanish.parentApi, spanish.driverApi]) await chooseLanguage(api, 'es');
  for (const api of [arabic.parentApi, arabic.driverApi]) await chooseLanguage(api, 'ar');
  return () => t.close();
});

/** 07:10, past the 07:00 cut-off of the 07:30 pick-up at Mill Lane. */
const markTooLate = (family: FamilyOnBus) =>
  family.parentApi('POST', `/api/parent/children/${family.kids[0]!.id}/absences`, {
    date: TODAY,
    run: 'PICKUP',
  });

describe('a parent', () => {
  it('is told it is too late in Spanish, Arabic or English, with the same code and values', async () => {
    const [es, ar, en] = await Promise.all([markTooLate(spanish), markTooLate(arabic), markTooLate(english)]);
    for (const answer of [es, ar, en]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        success: false,
        type: 'error',
        code: 'refusal.absence.tooLateCall',
        params: { phone: PHONE },
      });
    }
    expect(es.body.message).toBe(
      `Es demasiado tarde para cambiarlo en línea; llame a la oficina al ${PHONE}.`,
    );
    expect(ar.body.message).toBe(`فات الأوان لتغيير هذا عبر الإنترنت؛ يُرجى الاتصال بالمكتب على ${PHONE}.`);
    expect(en.body.message).toBe(`It is too late to change this online; please call the office on ${PHONE}.`);
  });

  it('follows the browser’s languages recorded at sign-in when the account chose none', async () => {
    const family = await familyOnBus(t.app, admin, time.clock, { date: TODAY });
    await t.app.database.db
      .update(users)
      .set({ browserLanguage: 'es-MX,en' })
      .where(eq(users.id, family.parentUserId));
    const answer = await markTooLate(family);
    expect(answer.body.message).toMatch(/^Es demasiado tarde/);
  });

  it('reads a form the server rejects in their language, field by field', async () => {
    const answer = await spanish.parentApi('POST', `/api/parent/children/${spanish.kids[0]!.id}/absences`, {
      date: TODAY,
      run: 'SOMETIMES',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      message: 'Parte de la información no es válida.',
      code: 'refusal.invalidInput',
      errors: [{ field: 'run', message: 'Esto no es válido.' }],
    });
  });

  it('is refused a driver’s route in Arabic', async () => {
    const answer = await arabic.parentApi('GET', '/api/driver/today');
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      code: 'refusal.driversOnly',
      message: 'هذا للسائقين، في تطبيق السائق.',
    });
  });
});

describe('a driver', () => {
  it('is refused tomorrow’s trip start in their language, the day as ISO in every language', async () => {
    const tomorrowOf = async (family: FamilyOnBus) => {
      const tripId = await family.tripOf('PICKUP', TOMORROW);
      return family.driverApi('POST', `/api/driver/trips/${tripId}/start`);
    };
    const [es, ar, en] = await Promise.all([tomorrowOf(spanish), tomorrowOf(arabic), tomorrowOf(english)]);
    for (const answer of [es, ar, en]) {
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('refusal.trip.notToday');
    }
    expect(es.body.params).toEqual({ day: TOMORROW });
    expect(es.body.message).toBe(`Este viaje es para el ${TOMORROW}, no para hoy.`);
    expect(ar.body.message).toBe(`هذه الرحلة ليوم ${TOMORROW}، وليست لليوم.`);
    expect(en.body.message).toBe(`This trip is for ${TOMORROW}, not today.`);
  });

  it('is told children are still on board in their language, the field too', async () => {
    const started = await spanish.driverApi('POST', `/api/driver/trips/${spanish.pickup}/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await spanish.ride(spanish.pickup, spanish.kids[0]!.id, 'BOARD');
    const finish = await spanish.driverApi('POST', `/api/driver/trips/${spanish.pickup}/finish`, {});
    expect(finish.status).toBe(409);
    expect(finish.body).toMatchObject({
      code: 'refusal.trip.childrenOnBoardSchool',
      params: { count: 1 },
      message:
        '1 niño sigue en el autobús. Registre su bajada en la escuela o indique un motivo para terminar de todos modos.',
      errors: [{ field: 'reason', message: 'Indique un motivo para terminar con niños a bordo' }],
    });
  });
});

describe('someone not signed in', () => {
  it('reads a sign-in refusal in the language their phone app shows; the office’s stays English', async () => {
    const user = await createAccount(t.app, 'parent');
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'not the password at all' },
      headers: { 'x-app-language': 'ar' },
      remoteAddress: '127.8.0.1',
    });
    expect(phone.statusCode).toBe(401);
    expect(phone.json()).toMatchObject({
      code: 'refusal.invalidCredentials',
      message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    });
    const office = await login(t.app, user.email, 'not the password at all');
    expect(office.json()).toMatchObject({
      code: 'refusal.invalidCredentials',
      message: 'The email address or password is incorrect.',
    });
  });

  it('is an administrator: English, whatever the header says', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/parent/children',
      headers: { authorization: (await tokenFor(t.app, 'admin')) as string, 'x-app-language': 'es' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe('This is for parents, in the parent portal.');
  });
});

describe('the messages catalogue', () => {
  it('has every refusal code the server words', () => {
    const english = readCatalogue(path.join(defaultLocalesDir(), 'en', 'messages.json'));
    const source = path.join(import.meta.dirname, '..', 'src');
    const codes = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith('.ts'))
          for (const match of fs.readFileSync(file, 'utf8').matchAll(/'(refusal\.[A-Za-z.]+)'/g))
            codes.add(match[1]!);
      }
    };
    walk(source);
    expect(codes.size).toBeGreaterThan(40);
    expect([...codes].filter((code) => !(code in english))).toEqual([]);
    // The codes built from parts: every part has its message.
    for (const what of ['scans', 'positions', 'childChecks'])
      expect(english).toHaveProperty([`refusal.upload.what.${what}`]);
    for (const runs of ['PICKUP', 'DROP', 'BOTH'])
      expect(english).toHaveProperty([`refusal.absence.runs.${runs}`]);
    for (const when of ['SameDay', 'OtherDay'])
      for (const span of ['Ran', 'Running'])
        expect(english).toHaveProperty([`refusal.upload.outside${when}${span}`]);
  });
});
