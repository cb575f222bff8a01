import type { Mail, MailKind } from './mailer.js';

/** Every mail the product sends: plain text and HTML, with the product's name. */
const PRODUCT = 'SchoolRide';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function compose(
  kind: MailKind,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): Mail {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), `— ${PRODUCT}`].join(
    '\n\n',
  );
  const html = [
    `<div style="font-family:sans-serif;max-width:560px">`,
    `<h2 style="color:#000">${PRODUCT}</h2>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="background:#FFB419;color:#000;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px">${escapeHtml(action.url)}</p>`
      : '',
    `</div>`,
  ].join('');
  return { kind, to, subject: `${PRODUCT}: ${subject}`, text, html };
}

export const mails = {
  passwordReset: (to: string, url: string) =>
    compose(
      'password-reset',
      to,
      'reset your password',
      [
        'Someone asked to reset the password of your account. If it was you, choose a new password within 60 minutes.',
        'If it was not you, ignore this mail: your password stays as it is.',
      ],
      { label: 'Choose a new password', url },
    ),

  passwordChanged: (to: string) =>
    compose('password-changed', to, 'your password was changed', [
      'The password of your account was just changed, and every signed-in session was ended.',
      'If you did not do this, reset your password at once and tell your administrator.',
    ]),

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
   * `app` names it ('driver app'), says what it is for, and where to sign in once the password is chosen.
   */
  appInvitation: (
    to: string,
    name: string,
    url: string,
    app: { title: string; purpose: string; signInUrl: string },
  ) =>
    compose(
      'invitation',
      to,
      `your account for the ${app.title}`,
      [
        `Hello ${name},`,
        `Your transport office gave you an account for the ${PRODUCT} ${app.title}: ${app.purpose}.`,
        `Choose your password within 72 hours. Then sign in on your phone or tablet at ${app.signInUrl}.`,
      ],
      { label: 'Choose your password', url },
    ),

  verificationCode: (to: string, code: string) =>
    compose('verification-code', to, `your verification code is ${code}`, [
      `Your verification code is ${code}.`,
      'Enter it within 10 minutes to confirm this email address for your account. If you did not ask for it, ignore this mail.',
    ]),
};
