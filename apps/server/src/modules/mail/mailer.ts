import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Over SMTP when SMTP_URL is set. Without it, each mail is written to the server log (at warn level, so it shows
 * with the default LOG_LEVEL), so that a single-machine operator still gets the link or the code.
 */
export function createMailer(
  config: { smtpUrl: string | null; from: string },
  log: FastifyBaseLogger,
): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(mail) {
        log.warn(
          { mailTo: mail.to, subject: mail.subject },
          `mail not sent (no SMTP_URL); its text:\n${mail.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail });
    },
  };
}
