import { describe, expect, it } from 'vitest';
import { chooseLanguage, formatMessage, messagePlaceholders, translator } from '@school-transport/shared';
import { notificationMail } from '../src/modules/operations/notifications/notification-mail.js';
import { browserLanguages } from '../src/modules/platform/i18n/browser-languages.js';
import { messageCatalogues } from '../src/modules/platform/i18n/catalogues.js';
import { clockTimeIn, recipientLanguage, translatorFor } from '../src/modules/platform/i18n/translations.js';
import { mails } from '../src/modules/platform/mail/templates.js';

/** The message format of the catalogues (packages/shared/src/i18n.ts) and the server's use of it (decision 053). */
const COUNTS = [0, 1, 2, 3, 11, 100];

describe('formatMessage', () => {
  it('chooses English’s plural branch: one for 1, other for the rest, an exact =0 first', () => {
    const message = '{count, plural, =0 {no children} one {# child} other {# children}}';
    expect(COUNTS.map((count) => formatMessage('en', message, { count }))).toEqual([
      'no children',
      '1 child',
      '2 children',
      '3 children',
      '11 children',
      '100 children',
    ]);
  });

  it('chooses each of Arabic’s six branches', () => {
    const message =
      '{count, plural, zero {لا أطفال} one {طفل واحد} two {طفلان} few {# أطفال} many {# طفلًا} other {# طفل}}';
    expect(COUNTS.map((count) => formatMessage('ar', message, { count }))).toEqual([
      'لا أطفال',
      'طفل واحد',
      'طفلان',
      '3 أطفال',
      '11 طفلًا',
      '100 طفل',
    ]);
  });

  it('falls back to other for a category a message leaves out', () => {
    expect(formatMessage('ar', '{n, plural, one {one} other {# other}}', { n: 2 })).toBe('2 other');
  });

  it('writes numbers the language’s way, in a placeholder and as #', () => {
    expect(formatMessage('en', '{n} / {n, plural, one {#} other {#}}', { n: 12345.5 })).toBe(
      '12,345.5 / 12,345.5',
    );
    expect(formatMessage('es', '{n}', { n: 12345.5 })).toBe('12.345,5');
    expect(formatMessage('de', '{n}', { n: 1234567 })).toBe('1.234.567');
  });

  it('fills placeholders inside plural branches, and plurals inside plurals', () => {
    const message =
      '{children, plural, one {{name} has # child} other {{name} has # children, {buses, plural, one {on # bus} other {on # buses}}}}';
    expect(formatMessage('en', message, { name: 'Ana', children: 1, buses: 2 })).toBe('Ana has 1 child');
    expect(formatMessage('en', message, { name: 'Ana', children: 3, buses: 1 })).toBe(
      'Ana has 3 children, on 1 bus',
    );
    expect(formatMessage('en', message, { name: 'Ana', children: 3, buses: 2 })).toBe(
      'Ana has 3 children, on 2 buses',
    );
    expect(messagePlaceholders(message)).toEqual(['buses', 'children', 'name']);
  });

  it('leaves a placeholder without a value visible, and refuses what it does not support', () => {
    expect(formatMessage('en', 'Hello {name}')).toBe('Hello {name}');
    expect(() => formatMessage('en', '{n, select, a {x} other {y}}', { n: 1 })).toThrow(/Only/);
    expect(() => formatMessage('en', '{n, plural, one {x}}', { n: 1 })).toThrow(/other/);
    expect(() => formatMessage('en', 'Hello {name', { name: 'x' })).toThrow(/Unclosed/);
  });
});

describe('translations', () => {
  it('use English for a key a catalogue lacks, and show the key when English lacks it too', () => {
    const t = translator('es', { hello: 'Hola {name}' }, { hello: 'Hello {name}', bye: 'Bye' });
    expect(t('hello', { name: 'Ana' })).toBe('Hola Ana');
    expect(t('bye')).toBe('Bye');
    expect(t('nowhere')).toBe('nowhere');
  });

  it('choose the first wanted language with a catalogue, by its base language, else English', () => {
    expect(chooseLanguage(['fr', 'es-MX', 'ar'], ['en', 'es', 'ar'])).toBe('es');
    expect(chooseLanguage([null, 'AR'], ['en', 'es', 'ar'])).toBe('ar');
    expect(chooseLanguage(['fr'], ['en', 'es'])).toBe('en');
  });

  it('follow the choice, else the browser, else English; staff read English', () => {
    const parent = { role: 'parent' as const, language: null, browserLanguage: 'fr-FR,es-MX,en' };
    expect(recipientLanguage(parent)).toBe('es');
    expect(recipientLanguage({ ...parent, language: 'ar' })).toBe('ar');
    expect(recipientLanguage({ ...parent, browserLanguage: null })).toBe('en');
    expect(recipientLanguage({ ...parent, role: 'admin', language: 'es' })).toBe('en');
  });

  it('write nested messages and clock times in the same language', () => {
    const values = {
      child: 'Ana',
      time: { clockTime: new Date('2026-03-02T07:42:00Z'), timeZone: 'Europe/Madrid' },
      run: { message: 'run.PICKUP' },
      route: 'R1',
    };
    expect(translatorFor('en').t('notification.boarded.body', values)).toBe(
      'At 08:42, on the morning run (R1).',
    );
    expect(translatorFor('es').t('notification.boarded.body', values)).toBe(
      'A las 08:42, en el recorrido de la mañana (R1).',
    );
    const arabic = translatorFor('ar');
    expect(arabic.direction).toBe('rtl');
    expect(arabic.t('notification.boarded.body', values)).toBe(
      `في الساعة ${clockTimeIn('ar', values.time.clockTime, 'Europe/Madrid')}، في رحلة الصباح (R1).`,
    );
    expect(clockTimeIn('en', new Date('2026-03-02T13:05:00Z'), 'America/New_York')).toBe('08:05');
  });

  it('keep the English approach texts as they were: about a minute at 0 and 1, minutes after', () => {
    const { t } = translatorFor('en');
    const title = (minutes: number) =>
      t('notification.approaching.title', { child: 'Ana', minutes, run: 'x', route: 'y', stop: 'z' });
    expect(title(0)).toBe('Ana’s bus is about a minute away');
    expect(title(1)).toBe('Ana’s bus is about a minute away');
    expect(title(7)).toBe('Ana’s bus is about 7 min away');
    const arabic = translatorFor('ar').t;
    const inArabic = (minutes: number) =>
      arabic('notification.approaching.body', { run: 'رحلة', route: 'R', stop: 'M', minutes });
    expect(inArabic(2)).toContain('خلال دقيقتين.');
    expect(inArabic(5)).toContain('خلال 5 دقائق.');
    expect(inArabic(20)).toContain('خلال 20 دقيقة.');
  });

  it('list the languages with a messages catalogue, English first, each with its name and direction', () => {
    const { languages } = messageCatalogues();
    expect(languages[0]).toEqual({ code: 'en', name: 'English', direction: 'ltr' });
    expect(languages).toEqual(
      expect.arrayContaining([
        { code: 'es', name: 'Español', direction: 'ltr' },
        { code: 'ar', name: 'العربية', direction: 'rtl' },
      ]),
    );
  });
});

describe('browserLanguages', () => {
  it('keeps the Accept-Language’s tags, most wanted first, without wildcards or refused ones', () => {
    expect(browserLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toBe('fr-CH,fr,en,de');
    expect(browserLanguages('en;q=0.5, es-MX')).toBe('es-MX,en');
    expect(browserLanguages('es;q=0, ar')).toBe('ar');
    expect(browserLanguages('*')).toBeNull();
    expect(browserLanguages('<script>, ../..')).toBeNull();
    expect(browserLanguages(undefined)).toBeNull();
    expect(browserLanguages('a1,b2,c3,d4,e5,f6,aa,bb,cc,dd,ee,ff')?.split(',')).toHaveLength(5);
  });
});

describe('the mails of drivers and parents', () => {
  it('are written in the recipient’s language, marked with it and its direction', () => {
    const invitation = mails.appInvitation(
      'sam@example.com',
      'Sam',
      'https://x.example/reset-password?token=t&app=driver',
      { app: 'driver', signInUrl: 'https://x.example/driver' },
      translatorFor('ar'),
    );
    expect(invitation.subject).toBe('SchoolRide: حسابك في تطبيق السائق');
    expect(invitation.text).toContain('منحك مكتب النقل المدرسي حسابًا في تطبيق السائق من SchoolRide: رحلاتك');
    expect(invitation.html).toContain('<div lang="ar" dir="rtl"');

    const english = mails.appInvitation(
      'pat@example.com',
      'Pat',
      'https://x.example/reset-password?token=t&app=parent',
      { app: 'parent', signInUrl: 'https://x.example/parent' },
      translatorFor('en'),
    );
    expect(english.subject).toBe('SchoolRide: your account for the parent portal');
    expect(english.text).toContain(
      'Your transport office gave you an account for the SchoolRide parent portal: whether your children',
    );

    const notice = notificationMail(
      'ana@example.com',
      { kind: 'BOARDED', title: 'T', body: 'B', url: '/parent' },
      'https://x.example',
      translatorFor('es'),
    );
    expect(notice.text).toContain('Véalo en SchoolRide: https://x.example/parent');
    expect(notice.html).toContain('<div lang="es" dir="ltr"');
  });
});
