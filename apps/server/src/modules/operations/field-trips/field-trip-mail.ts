import { escapeHtml, mailFrame, PRODUCT, type Mail } from '../../platform/mail/index.js';

/**
 * The requester's e-mail on a state change (decision 073): the notice's line and a link to the request. In English,
 * as the office's mails are (requesters are office or school staff).
 */
export function stateMail(to: string, stateWord: string, message: string, url: string): Mail {
  return {
    kind: 'notification',
    to,
    subject: `${PRODUCT}: field trip ${stateWord.toLowerCase()}`,
    text: [message, `See it: ${url}`, `— ${PRODUCT}`].join('\n\n'),
    html: [
      mailFrame(),
      `<p>${escapeHtml(message)}</p>`,
      `<p><a href="${escapeHtml(url)}">Open the field trip</a></p>`,
      `</div>`,
    ].join(''),
  };
}
