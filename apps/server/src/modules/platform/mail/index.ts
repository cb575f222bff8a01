/** The mail module's front door: what the rest of the server may use of it. */
export { createMailer } from './mailer.js';
export type { Mail, Mailer } from './mailer.js';
export { escapeHtml, mailFrame, mails, PRODUCT } from './templates.js';
