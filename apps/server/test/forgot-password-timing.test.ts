import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@school-transport/shared';
import { startMailSink, type MailSink } from '@school-transport/testing';
import { askForReset, createAccount, visibleAnswer } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const REFUSAL = '421 4.3.2 held-mail-server: service not available';

/**
 * A mail server that says nothing until released: a proxy in front of the test sink that holds every connection
 * before the SMTP greeting, so no mail can be delivered while it holds. An SMTP client waits for the greeting before
 * it says anything, so a held connection needs no buffering. Refusing, it greets every connection with SMTP's "service
 * not available" and hangs up: unlike a closed port, whose number another test's server may take meanwhile, it keeps
 * refusing for as long as the test needs.
 */
async function heldMailServer(target: URL) {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  };
  const pass = (client: net.Socket) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
  };
  let releasing = false;
  let refusing = false;
  const held: net.Socket[] = [];
  const server = net.createServer((client) => {
    track(client);
    if (refusing) client.end(`${REFUSAL}\r\n`);
    else if (releasing) pass(client);
    else held.push(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    /** Connections waiting for their greeting. */
    held: () => held.length,
    /** Lets the held connections and every later one through to the sink. */
    release() {
      releasing = true;
      for (const client of held.splice(0)) pass(client);
    },
    /** Every later connection is refused by the server itself, with SMTP's 421. */
    refuse() {
      refusing = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('forgot password', () => {
  let sink: MailSink;
  let mail: Awaited<ReturnType<typeof heldMailServer>>;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startMailSink();
    mail = await heldMailServer(new URL(sink.url));
    t = await createTestApp({ env: { SMTP_URL: mail.url } });
  });
  afterAll(async () => {
    await t?.close();
    await mail?.close();
    await sink?.close();
  });

  const ask = (email: string) => askForReset(t.app, email);
  const visible = visibleAnswer;

  it('answers a known address before its mail goes out, exactly as an unknown one, and sends the mail after', async () => {
    const account = await createAccount(t.app, 'admin');
    const unknown = visible(await ask('nobody-at-all@example.com'));
    // The mail server holds the mail: if the answer waited for it, the answer would not come (or, once the client
    // gave up on the greeting, the mail would never arrive after the release below).
    const known = visible(await ask(account.email));
    expect(known.body).toEqual({ success: true, type: 'success', message: ACCOUNT_MESSAGES.resetLinkSent });
    expect(known).toEqual(unknown);
    // The mail was under way, held, while the answer was already out.
    await expect.poll(mail.held, { timeout: 30_000 }).toBe(1);

    mail.release();
    expect((await sink.lastTo(account.email)).body).toContain('reset-password?token=');
  });

  it('logs a reset mail that cannot be sent as an error, after the same answer', async () => {
    // The mail server refuses every connection.
    mail.refuse();
    const admin = await createAccount(t.app, 'admin');
    const answer = await ask(admin.email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe(ACCOUNT_MESSAGES.resetLinkSent);
    await expect
      .poll(() => t.logs.find((line) => line.includes('/api/auth/forgot-password: the work after')), {
        timeout: 30_000,
      })
      .toContain('held-mail-server: service not available');
    const logged = JSON.parse(t.logs.find((line) => line.includes('the work after'))!);
    expect(logged.level).toBe(50);
  });
});
