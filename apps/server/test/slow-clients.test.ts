import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * A client that sends a byte at a time, never finishes its headers, or connects and says nothing must not hold
 * a connection for long, and the number of connections is capped: against the real listening server, with the
 * timeouts set small through the settings.
 */
let t: TestApp;
let port: number;

const REQUEST_TIMEOUT_S = 2;
const HEADERS_TIMEOUT_S = 1;
const KEEP_ALIVE_TIMEOUT_S = 1;
const MAX_CONNECTIONS = 4;
/** Timeout, plus Node's 1 s checking beat, plus a busy machine's slack; without the settings it never happens. */
const CUT_WITHIN_MS = 8_000;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      LOG_LEVEL: 'silent',
      REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_S),
      HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_S),
      KEEP_ALIVE_TIMEOUT_SECONDS: String(KEEP_ALIVE_TIMEOUT_S),
      MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

interface Connection {
  socket: net.Socket;
  received: () => string;
  /** Resolves with the time the server closed the connection. */
  closed: Promise<number>;
}

async function connect(): Promise<Connection> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  // A reset is the server cutting the connection too.
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => received, closed };
}

/** Writes `text` one byte per `everyMs` until the connection closes or the text runs out. */
function trickle(connection: Connection, text: string, everyMs: number) {
  let i = 0;
  const timer = setInterval(() => {
    if (connection.socket.destroyed || i >= text.length) return clearInterval(timer);
    connection.socket.write(text[i++]!);
  }, everyMs);
  return () => clearInterval(timer);
}

/** Fails the test if the connection is still open after `ms`. */
async function closedWithin(connection: Connection, ms: number): Promise<number> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const tooLate = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
  });
  try {
    return (await Promise.race([connection.closed, tooLate])) - started;
  } finally {
    clearTimeout(timer);
    connection.socket.destroy();
  }
}

/** How many connections the listening server holds open. */
const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

describe('slow clients', () => {
  // The three cuts run side by side: each waits on its own connection's timeout, and together they hold fewer
  // connections than MAX_CONNECTIONS. The cap's test runs after them, alone, since it counts every connection.
  it.concurrent(
    'cuts a body sent a byte at a time, answering 408',
    async ({ expect }) => {
      const connection = await connect();
      connection.socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      );
      const stop = trickle(connection, 'x'.repeat(1000), 200);
      const elapsed = await closedWithin(connection, CUT_WITHIN_MS);
      stop();
      console.info(`slow body cut after ${elapsed} ms (request timeout ${REQUEST_TIMEOUT_S} s)`);
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(elapsed).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_S * 1000 - 200);
    },
    30_000,
  );

  it.concurrent(
    'cuts headers sent a byte at a time',
    async ({ expect }) => {
      const connection = await connect();
      const stop = trickle(
        connection,
        `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'y'.repeat(500)}`,
        100,
      );
      const elapsed = await closedWithin(connection, CUT_WITHIN_MS);
      stop();
      console.info(`slow headers cut after ${elapsed} ms (headers timeout ${HEADERS_TIMEOUT_S} s)`);
      expect(connection.received()).not.toContain('200 OK');
    },
    30_000,
  );

  it.concurrent(
    'closes a keep-alive connection left idle after its answer',
    async ({ expect }) => {
      const connection = await connect();
      connection.socket.write(
        'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n',
      );
      await expect.poll(() => connection.received(), { timeout: 10_000 }).toMatch(/^HTTP\/1\.1 \d{3} /);
      const elapsed = await closedWithin(connection, CUT_WITHIN_MS);
      console.info(`idle keep-alive connection closed after ${elapsed} ms (${KEEP_ALIVE_TIMEOUT_S} s)`);
    },
    30_000,
  );

  it(`refuses connections beyond MAX_CONNECTIONS (${MAX_CONNECTIONS}) and serves again once they go`, async () => {
    // The earlier tests' connections are gone on the server's side too, so these are all it holds.
    await expect.poll(openConnections).toBe(0);
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, connect));
    for (const connection of held) connection.socket.write('GET /api/health HTTP/1.1\r\n');
    await expect.poll(openConnections).toBe(MAX_CONNECTIONS);
    const extra = await connect();
    extra.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await closedWithin(extra, CUT_WITHIN_MS);
    expect(extra.received()).toBe('');
    for (const connection of held) connection.socket.destroy();
    await expect.poll(openConnections).toBe(0);
    const again = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(again.status).toBeLessThan(500);
  }, 30_000);
});

describe('settings', () => {
  it('have defaults that bound every wait', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 500,
    });
  });

  it('refuse a headers timeout longer than the request timeout, and zero', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '5', HEADERS_TIMEOUT_SECONDS: '10' })).toThrow(
      /HEADERS_TIMEOUT_SECONDS must be at most REQUEST_TIMEOUT_SECONDS/,
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
  });
});
