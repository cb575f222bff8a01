import type { Translator } from '../../platform/i18n/index.js';
import { escapeHtml, mailFrame, PRODUCT, type Mail } from '../../platform/mail/index.js';

/**
 * A notification sent by e-mail, for a parent who chose that fallback and has no device that could receive it:
 * the same title and sentence as the push message (already in the parent's language), with a link to the parent
 * portal, and why it came by mail, in the parent's language.
 */
export function notificationMail(
  to: string,
  notification: { kind: string; title: string; body: string; url: string },
  publicUrl: string,
  { t, ...language }: Translator,
): Mail {
  // Joined, not resolved: a PUBLIC_URL with a path (behind a proxy) keeps it.
  const path = notification.url.startsWith('/') ? notification.url : `/${notification.url}`;
  const link = `${publicUrl.replace(/\/+$/, '')}${path}`;
  const seeIt = t('mail.notification.seeIt', { product: PRODUCT });
  // The office's message comes by e-mail whatever the parent chose (decision 066): no setting to point at.
  const why = t(notification.kind === 'OFFICE_MESSAGE' ? 'mail.officeMessage.why' : 'mail.notification.why');
  const text = [notification.body, `${seeIt}: ${link}`, why, `— ${PRODUCT}`].join('\n\n');
  const html = [
    mailFrame(language),
    `<p><strong>${escapeHtml(notification.title)}</strong></p>`,
    `<p>${escapeHtml(notification.body)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(seeIt)}</a></p>`,
    `<p style="font-size:12px">${escapeHtml(why)}</p>`,
    `</div>`,
  ].join('');
  return { kind: 'notification', to, subject: `${PRODUCT}: ${notification.title}`, text, html };
}
