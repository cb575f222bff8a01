/**
 * A real SMTP server on loopback for the server under test to send its mails to (SMTP_URL): it keeps what it
 * receives, and with `dir` also writes each mail to a file there, for readers in other processes (the browser
 * tests' workers). Tests read links and codes from the mails.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message with quoted-printable undone, enough to find links and codes in. */
  body: string;
}

export interface MailSink {
  url: string;
  received: ReceivedMail[];
  /** The newest mail to `address`, waiting for it to arrive. */
  lastTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The server answers before it sends (so that a known address answers as fast as an unknown one), and on a busy
 * machine the mail can follow the answer by many seconds.
 */
const MAIL_PATIENCE_MS = 60_000;

/** Asks `find` again until it finds something or `timeoutMs` has passed. */
async function waitForMail(
  find: () => ReceivedMail | undefined,
  address: string,
  timeoutMs: number,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = find();
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Which mail a test waits for. Several mails to one address can follow each other closely (an invitation, "your
 * password was changed", then a reset link), and the one a test wants may not have arrived yet: `holding` waits for
 * the newest one it accepts rather than taking whichever is newest now.
 */
export type MailFilter = (mail: ReceivedMail) => boolean;

const newestTo = (mails: ReceivedMail[], address: string, holding: MailFilter = () => true) =>
  mails.findLast((mail) => mail.to.includes(address) && holding(mail));

export async function startMailSink(options: { dir?: string } = {}): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  if (options.dir) fs.mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          body: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        };
        received.push(mail);
        if (options.dir) {
          // Written aside, then renamed: a reader looking at the folder meanwhile never sees half a mail.
          const file = path.join(options.dir, `${String(received.length).padStart(5, '0')}.json`);
          fs.writeFileSync(`${file}.part`, JSON.stringify(mail));
          fs.renameSync(`${file}.part`, file);
        }
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    lastTo: (address, timeoutMs = MAIL_PATIENCE_MS) =>
      waitForMail(() => newestTo(received, address), address, timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The newest mail to `address` (that `holding` accepts) among those a sink started with `dir` wrote there, waiting for
 * it to arrive.
 */
export function lastMailIn(
  dir: string,
  address: string,
  holding?: MailFilter,
  timeoutMs = MAIL_PATIENCE_MS,
): Promise<ReceivedMail> {
  const read = () =>
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail);
  return waitForMail(() => newestTo(read(), address, holding), address, timeoutMs);
}

/** The token of a reset or invitation link. */
export const linkTokenIn = (mail: ReceivedMail) =>
  /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.body)?.[1];
/** The whole reset or invitation link (a driver's invitation also names the app it leads to: `&app=driver`). */
export const resetLinkIn = (mail: ReceivedMail) =>
  /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}(?:&app=[a-z]+)?/.exec(mail.body)?.[0];
export const codeIn = (mail: ReceivedMail) => /verification code is (\d{6})/.exec(mail.body)?.[1];
