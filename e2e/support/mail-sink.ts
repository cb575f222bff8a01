import { lastMailIn, type MailFilter, type ReceivedMail } from '@school-transport/testing';
import { MAIL_DIR_VARIABLE } from './environment';

export { codeIn, resetLinkIn } from '@school-transport/testing';

/**
 * The newest mail to `address` (that `holding` accepts), read from the folder the global set-up's mail sink writes to (the tests run in
 * other processes than the sink), waiting for it to arrive.
 */
export function lastMailTo(address: string, holding?: MailFilter): Promise<ReceivedMail> {
  const dir = process.env[MAIL_DIR_VARIABLE];
  if (!dir) throw new Error(`${MAIL_DIR_VARIABLE} is not set: the global set-up starts the mail sink`);
  return lastMailIn(dir, address, holding);
}
