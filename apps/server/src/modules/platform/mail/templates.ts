import type { Translator } from '../i18n/index.js';
import type { Mail, MailKind } from './mailer.js';

/**
 * Every mail the product sends: plain text and HTML, with the product's name. The mails of drivers and parents are
 * written in the recipient's language from the `messages` catalogue (`t`: translatorOf the recipient, decision
 * 053); the office's stay English, as the back-office is.
 */
export const PRODUCT = 'SchoolRide';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const ENGLISH = { language: 'en', direction: 'ltr' } as const;

/** The HTML mail's frame: its language and direction (an Arabic mail reads right to left), the product's name. */
export const mailFrame = (language: Pick<Translator, 'language' | 'direction'> = ENGLISH) =>
  `<div lang="${language.language}" dir="${language.direction}" style="font-family:sans-serif;max-width:560px">` +
  `<h2 style="color:#000">${PRODUCT}</h2>`;

function compose(
  kind: MailKind,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  language?: Pick<Translator, 'language' | 'direction'>,
): Mail {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), `— ${PRODUCT}`].join(
    '\n\n',
  );
  const html = [
    mailFrame(language),
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="background:#FFB419;color:#000;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px">${escapeHtml(action.url)}</p>`
      : '',
    `</div>`,
  ].join('');
  return { kind, to, subject: `${PRODUCT}: ${subject}`, text, html };
}

export const mails = {
  passwordReset: (to: string, url: string, { t, ...language }: Translator) =>
    compose(
      'password-reset',
      to,
      t('mail.passwordReset.subject'),
      [t('mail.passwordReset.asked'), t('mail.passwordReset.notYou')],
      { label: t('mail.passwordReset.action'), url },
      language,
    ),

  passwordChanged: (to: string, { t, ...language }: Translator) =>
    compose(
      'password-changed',
      to,
      t('mail.passwordChanged.subject'),
      [t('mail.passwordChanged.changed'), t('mail.passwordChanged.notYou')],
      undefined,
      language,
    ),

  /** To the old address, so the owner learns of a change they did not make while they can still act. */
  emailChanged: (to: string, newEmail: string) =>
    compose('email-changed', to, 'your e-mail address was changed', [
      `The e-mail address of your account was just changed to ${newEmail}. This address no longer signs in.`,
      'If you did not do this, tell your administrator at once.',
    ]),

  invitation: (to: string, name: string, invitedBy: string, url: string) =>
    compose(
      'invitation',
      to,
      'you are invited to the back-office',
      [
        `Hello ${name},`,
        `${invitedBy} invited you to manage school transport in ${PRODUCT}. Choose your password within 72 hours to accept.`,
      ],
      { label: 'Choose your password', url },
    ),

  /**
   * An invitation to one of the apps of the people the office keeps records of (the driver app, the parent portal):
   * `app` names it (the catalogue's `app.driver.title`), says what it is for, and where to sign in once the
   * password is chosen.
   */
  appInvitation: (
    to: string,
    name: string,
    url: string,
    app: { app: 'driver' | 'parent'; signInUrl: string },
    { t, ...language }: Translator,
  ) => {
    const values = {
      name,
      product: PRODUCT,
      app: { message: `app.${app.app}.title` },
      purpose: { message: `app.${app.app}.purpose` },
      signInUrl: app.signInUrl,
    };
    return compose(
      'invitation',
      to,
      t('mail.appInvitation.subject', values),
      [
        t('mail.appInvitation.hello', values),
        t('mail.appInvitation.account', values),
        t('mail.appInvitation.next', values),
      ],
      { label: t('mail.appInvitation.action'), url },
      language,
    );
  },

  verificationCode: (to: string, code: string) =>
    compose('verification-code', to, `your verification code is ${code}`, [
      `Your verification code is ${code}.`,
      'Enter it within 10 minutes to confirm this email address for your account. If you did not ask for it, ignore this mail.',
    ]),
};
