import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the browser tests: the server under test sends its mails here (SMTP_URL), and each mail
 * is written as a file into `dir`, where the tests (other processes) read links and codes from it.
 */
export async function startMailSink(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const body = Buffer.concat(chunks).toString('utf8');
        // Written aside, then renamed: a test reading the folder meanwhile never sees half a mail.
        const file = path.join(dir, `${String(++count).padStart(5, '0')}.eml`);
        fs.writeFileSync(`${file}.part`, `X-Sink-To: ${to}\r\n${body}`);
        fs.renameSync(`${file}.part`, file);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The newest mail to `address`, decoded enough to find links and codes in. The server answers before it sends
 * (so that a known address answers as fast as an unknown one), and on a busy machine the mail can follow the
 * answer by many seconds: it is waited for up to a minute.
 */
export async function lastMailTo(address: string): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global set-up starts the mail sink');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const files = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      if (text.startsWith(`X-Sink-To: `) && text.split('\r\n')[0]!.includes(address))
        return decodeQuotedPrintable(text);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address}`);
}

export const resetLinkIn = (mail: string) =>
  /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mail)?.[0];
export const codeIn = (mail: string) => /verification code is (\d{6})/.exec(mail)?.[1];
