import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fromSource, runCommand, signIn, spawnServer, startServer } from '@school-transport/testing';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { copyMigratedDatabase } from './support/data-dir-process.js';
import { TEST_DB } from './support/test-app.js';

/**
 * The real command line: a server process on the embedded database, spoken to over HTTP.
 * Runs once (in the PGlite project): it is about the process, not the engine. The first test starts on an empty
 * folder (initdb, every migration, the first administrator); the later ones reuse that folder.
 */
let dataDir: string;

const start = (env: Record<string, string>) => startServer({ env: { LOG_LEVEL: 'info', ...env } });

/**
 * One line, no stack trace: what an operator sees when a setting is wrong. A concurrent test passes its own
 * `expect`, as Vitest asks, so that a failure is told of that test.
 */
function expectOneLine(output: string, line: string | RegExp, check: ExpectStatic = expect) {
  const lines = output
    .split('\n')
    .filter((text) => text.trim() !== '' && !text.includes('ExperimentalWarning'));
  check(lines, output).toHaveLength(1);
  check(lines[0]).toMatch(line);
}

describe.skipIf(TEST_DB !== 'pglite')('the server process', () => {
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'st-process-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  // The first two run side by side, each on a folder of its own (one process per core of a 2-core machine).
  it.concurrent(
    'prints the first admin once, shuts down cleanly on SIGTERM and SIGINT, and keeps its data',
    async ({ expect }) => {
      const first = await start({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com' });
      const password = /sign in as boss@example\.com with the password (\S+)/.exec(first.output())?.[1];
      expect(password).toBeDefined();
      expect((await signIn(first.url, { email: 'boss@example.com', password: password! })).status).toBe(200);
      expect(await first.stop('SIGTERM')).toBe(0);
      // stop() waits for the exit; the last lines may still be in the pipe until it closes.
      await first.closed;
      expect(first.output()).toContain('shutting down');

      const second = await start({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com' });
      expect(second.output()).not.toContain('First administrator created');
      // A first-admin setting given once an admin exists is reported, not silently dropped.
      expect(second.output()).toContain('ADMIN_EMAIL ignored: the database already has an administrator');
      expect((await signIn(second.url, { email: 'boss@example.com', password: password! })).status).toBe(200);
      expect(await second.stop('SIGINT')).toBe(0);
    },
    300_000,
  );

  it.concurrent(
    'creates no first admin when the start fails, and shows it on the next start that listens',
    async ({ expect }) => {
      const fresh = await fs.mkdtemp(path.join(os.tmpdir(), 'st-first-start-'));
      // A migrated database with no administrator yet; the first test is the one that starts from nothing.
      await copyMigratedDatabase(fresh);
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const port = (taken.address() as net.AddressInfo).port;
      try {
        const failed = await runCommand(['start'], { DATA_DIR: fresh, PORT: String(port) });
        expect(failed.code).toBe(1);
        expectOneLine(
          failed.output,
          `Cannot start: PORT ${port} on HOST 127.0.0.1 is already in use; stop the other process or choose another PORT.`,
        );
        const server = await start({ DATA_DIR: fresh });
        const password = /sign in as admin@example\.com with the password (\S+)/.exec(server.output())?.[1];
        expect(password, server.output()).toBeDefined();
        expect((await signIn(server.url, { email: 'admin@example.com', password: password! })).status).toBe(
          200,
        );
        expect(await server.stop('SIGTERM')).toBe(0);
      } finally {
        taken.close();
        await fs.rm(fresh, { recursive: true, force: true });
      }
    },
    300_000,
  );

  // On the first test's folder; and between the two groups of tests that run side by side, which it keeps apart.
  it('lets a request in flight finish before closing', async () => {
    const server = await start({ DATA_DIR: dataDir });
    // The request is in flight for sure once the server has read its headers: asked to, with Expect: 100-continue,
    // it says so ("100 Continue") and waits for the body. Only then does the signal go, and only then the body.
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const answered = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
    const body = JSON.stringify({ email: 'someone@example.com', password: 'whatever-it-is' });
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await expect.poll(() => received, { timeout: 60_000 }).toMatch(/^HTTP\/1\.1 100 Continue/);
    const exited = server.stop('SIGTERM');
    socket.write(body);
    expect(await answered).toMatch(/HTTP\/1\.1 401 /);
    const code = await exited;
    expect(code, server.output()).toBe(0);
  }, 300_000);

  // The refusals run side by side: each is its own process, and none touches the data folder.
  it.concurrent.for<[Record<string, string>, string | RegExp]>([
    [{ PORT: 'eighty' }, 'Invalid configuration: PORT must be a number between 1 and 65535.'],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL must be one of fatal, error/],
    [
      { HOST: 'no-such-host.invalid' },
      /^Invalid configuration: HOST "no-such-host.invalid" does not resolve/,
    ],
    [
      { DATA_DIR: '/proc/school-transport' },
      /^Invalid configuration: DATA_DIR \/proc\/school-transport cannot be created/,
    ],
    [{ DATA_DIR: '/sys/kernel' }, /^Invalid configuration: DATA_DIR \/sys\/kernel is not writable/],
    [
      { ADMIN_PASSWORD: 'qwerty123456' },
      /^Invalid configuration: ADMIN_PASSWORD is refused: This password is too common/,
    ],
  ])(
    'stops at start-up with one line naming the bad setting: %j',
    { timeout: 120_000 },
    async ([env, line], { expect }) => {
      const result = await runCommand(['start'], { DATA_DIR: dataDir, ...env });
      expect(result.code).toBe(1);
      expectOneLine(result.output, line, expect);
    },
  );

  it.concurrent(
    'stops with one line when .env is a folder',
    async ({ expect }) => {
      const cwd = await fs.mkdtemp(path.join(os.tmpdir(), 'st-env-folder-'));
      await fs.mkdir(path.join(cwd, '.env'));
      const result = await runCommand(['start'], { DATA_DIR: dataDir }, { cwd });
      expect(result.code).toBe(1);
      expectOneLine(
        result.output,
        `Invalid configuration: ${cwd}/.env is a folder; it must be a file of NAME=value lines.`,
        expect,
      );
      await fs.rm(cwd, { recursive: true, force: true });
    },
    120_000,
  );

  it('exits within the grace period when whatever reads its output stalls and then goes away', async () => {
    // The log writer is the same in every mode; 'test' spares this test a built web app (production serves one).
    const server = await start({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    // The reader stops reading: the pipe fills with one log line per request.
    server.child.stdout!.pause();
    server.child.stdout!.removeAllListeners('data');
    for (let sent = 0; sent < 1_500; sent += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () => fetch(`${server.url}/api/health`).then((r) => r.text())),
      );
    }
    const started = Date.now();
    const exited = server.exited;
    server.child.kill('SIGTERM');
    const graceMs = 10_000;
    const outcome = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), graceMs / 2)),
    ]);
    // Then the reader goes away altogether, as when a pipe's reader is killed.
    server.child.stdout!.destroy();
    const final =
      outcome === 'still running'
        ? await Promise.race([
            exited,
            new Promise((resolve) => setTimeout(() => resolve('still running'), graceMs)),
          ])
        : outcome;
    if (final === 'still running') server.child.kill('SIGKILL');
    expect(final).toBe(0);
    expect(Date.now() - started).toBeLessThan(graceMs + 1_000);
  }, 300_000);

  it('creates further admins from the command line, with the rules of every password', async () => {
    const common = await runCommand(
      ['create-admin', '--email', 'third@example.com', '--password-stdin'],
      { DATA_DIR: dataDir },
      {
        input: 'qwerty123456\n',
      },
    );
    expect(common.code).toBe(1);
    expect(common.output).toContain('The password is refused: This password is too common.');

    const created = await runCommand(
      ['create-admin', '--email', 'Second@Example.com', '--name', 'Second Admin', '--password-stdin'],
      { DATA_DIR: dataDir },
      { input: 'a-long-enough-password\n' },
    );
    expect(created.output).toContain('Administrator second@example.com created.');
    expect(created.code).toBe(0);
    const again = await runCommand(['create-admin', '--email', 'second@example.com'], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain('already exists');

    const server = await start({ DATA_DIR: dataDir });
    const answer = await signIn(server.url, {
      email: 'second@example.com',
      password: 'a-long-enough-password',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ name: 'Second Admin', role: 'admin' });
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 300_000);

  it('shows the progress of a long command on standard error, a plain line at a time off a terminal', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'st-generate-'));
    try {
      await copyMigratedDatabase(folder);
      const command = spawnServer({
        env: { DATA_DIR: folder },
        program: fromSource(['generate', '--students', '30', '--days', '1']),
      });
      let progress = '';
      command.child.stderr!.on('data', (chunk: Buffer) => (progress += String(chunk)));
      command.child.stdin!.end();
      await command.closed;
      expect(await command.exited, command.output()).toBe(0);
      expect(progress).toMatch(/^generate: tables 0 \/ 14 \(0%\)$/m);
      expect(progress).toMatch(/^generate: vacuum analyze…$/m);
      expect(progress).toMatch(/^generate: done in (\d+\.\d s|\d+ min \d\d s)$/m);
      expect(progress).not.toContain('\r');
      // The result stays on standard output, where it was.
      expect(command.output().replace(progress, '')).toContain('Generated in');
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  }, 120_000);

  it('writes readable log lines with LOG_FORMAT=text, without colour codes off a terminal', async () => {
    const server = await start({ DATA_DIR: dataDir, LOG_FORMAT: 'text' });
    expect(await server.stop('SIGTERM')).toBe(0);
    await server.closed;
    const output = server.output();
    expect(output).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}request completed GET \/api\/health 200 [\d.]+ ms$/m,
    );
    expect(output).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}shutting down signal=SIGTERM$/m);
    expect(output).not.toContain('\x1b[');
    expect(output).not.toMatch(/^\{/m);
  }, 120_000);
});
