import type { Mail } from '../../platform/mail/index.js';

const PRODUCT = 'SchoolRide';
const WHY =
  'You receive this by e-mail because no device of yours could be notified. Change this in your notification settings.';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A notification sent by e-mail, for a parent who chose that fallback and has no device that could receive it:
 * the same title and sentence as the push message, with a link to the parent portal.
 */
export function notificationMail(
  to: string,
  notification: { title: string; body: string; url: string },
  publicUrl: string,
): Mail {
  // Joined, not resolved: a PUBLIC_URL with a path (behind a proxy) keeps it.
  const path = notification.url.startsWith('/') ? notification.url : `/${notification.url}`;
  const link = `${publicUrl.replace(/\/+$/, '')}${path}`;
  const text = [notification.body, `See it in ${PRODUCT}: ${link}`, WHY, `— ${PRODUCT}`].join('\n\n');
  const html = [
    `<div style="font-family:sans-serif;max-width:560px">`,
    `<h2 style="color:#000">${PRODUCT}</h2>`,
    `<p><strong>${escapeHtml(notification.title)}</strong></p>`,
    `<p>${escapeHtml(notification.body)}</p>`,
    `<p><a href="${escapeHtml(link)}">See it in ${PRODUCT}</a></p>`,
    `<p style="font-size:12px">${WHY}</p>`,
    `</div>`,
  ].join('');
  return { kind: 'notification', to, subject: `${PRODUCT}: ${notification.title}`, text, html };
}
