import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** Which mail it is, so a log line can say what was not sent without saying what it held. */
export type MailKind =
  | 'password-reset'
  | 'password-changed'
  | 'email-changed'
  | 'invitation'
  | 'verification-code'
  | 'notification';

export interface Mail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** `someone@example.com` → `s***@example.com`: enough for an operator to tell mails apart, not to read a list. */
export const maskedAddress = (address: string) => {
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address[0]}***${address.slice(at)}` : '***';
};

/**
 * Over SMTP when SMTP_URL is set. Without it, a mail cannot be sent and the log says so (at warn level). Its text
 * holds a live link or code that would let whoever reads the log take over the account, so it is printed only
 * when `printUnsent` (development, where the log is the developer's console), never in production.
 */
export function createMailer(
  config: { smtpUrl: string | null; from: string },
  log: FastifyBaseLogger,
  { printUnsent }: { printUnsent: boolean },
): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(mail) {
        const fields = { mail: mail.kind, mailTo: maskedAddress(mail.to) };
        if (printUnsent)
          log.warn(fields, `mail not sent (no SMTP_URL); development only, its text:\n${mail.text}`);
        else log.warn(fields, `${mail.kind} mail not sent: SMTP_URL is unset`);
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send({ kind: _kind, ...message }) {
      await transport.sendMail({ from: config.from, ...message });
    },
  };
}
