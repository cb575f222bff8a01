import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess } from './support/server-process.js';
import { TEST_DB } from './support/test-app.js';

/**
 * The real command line: a server process on the embedded database, spoken to over HTTP.
 * Runs once (in the PGlite project): it is about the process, not the engine.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const mainScript = path.join(serverDir, 'src/main.ts');
// Absolute, so that the command line can also run from another working directory (a folder with its own .env).
const tsx = import.meta.resolve('tsx');
let dataDir: string;

function run(
  args: string[],
  env: Record<string, string>,
  options: { input?: string; cwd?: string } = {},
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', tsx, mainScript, ...args], {
      cwd: options.cwd ?? serverDir,
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdin.end(options.input ?? '');
    child.on('exit', (code) => resolve({ code, output, ms: Date.now() - started }));
  });
}

const start = (env: Record<string, string>) => startServerProcess({ LOG_LEVEL: 'info', ...env });
const stop = stopServerProcess;

async function signIn(url: string, email: string, password: string) {
  const answer = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: answer.status, body: (await answer.json()) as { user?: unknown } };
}

/** One line, no stack trace: what an operator sees when a setting is wrong. */
function expectOneLine(output: string, line: string | RegExp) {
  const lines = output
    .split('\n')
    .filter((text) => text.trim() !== '' && !text.includes('ExperimentalWarning'));
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toMatch(line);
}

describe.skipIf(TEST_DB !== 'pglite')('the server process', () => {
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'st-process-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('prints the first admin once, shuts down cleanly on SIGTERM and SIGINT, and keeps its data', async () => {
    const first = await start({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com' });
    const password = /sign in as boss@example\.com with the password (\S+)/.exec(first.output())?.[1];
    expect(password).toBeDefined();
    expect((await signIn(first.url, 'boss@example.com', password!)).status).toBe(200);
    expect(await stop(first, 'SIGTERM')).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = await start({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com' });
    expect(second.output()).not.toContain('First administrator created');
    // A first-admin setting given once an admin exists is reported, not silently dropped.
    expect(second.output()).toContain('ADMIN_EMAIL ignored: the database already has an administrator');
    expect((await signIn(second.url, 'boss@example.com', password!)).status).toBe(200);
    expect(await stop(second, 'SIGINT')).toBe(0);
  }, 300_000);

  it('lets a request in flight finish before closing', async () => {
    const server = await start({ DATA_DIR: dataDir });
    // A sign-in spends ~30 ms in argon2: the signal arrives while it is still being answered.
    const pending = fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com', password: 'whatever-it-is' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const exited = stop(server, 'SIGTERM');
    expect((await pending).status).toBe(401);
    const code = await exited;
    expect(code, server.output()).toBe(0);
  }, 300_000);

  it('creates no first admin when the start fails, and shows it on the next start that listens', async () => {
    const fresh = await fs.mkdtemp(path.join(os.tmpdir(), 'st-first-start-'));
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const failed = await run(['start'], { DATA_DIR: fresh, PORT: String(port) });
      expect(failed.code).toBe(1);
      expectOneLine(
        failed.output,
        `Cannot start: PORT ${port} on HOST 127.0.0.1 is already in use; stop the other process or choose another PORT.`,
      );
      const server = await start({ DATA_DIR: fresh });
      const password = /sign in as admin@example\.com with the password (\S+)/.exec(server.output())?.[1];
      expect(password, server.output()).toBeDefined();
      expect((await signIn(server.url, 'admin@example.com', password!)).status).toBe(200);
      expect(await stop(server, 'SIGTERM')).toBe(0);
    } finally {
      taken.close();
      await fs.rm(fresh, { recursive: true, force: true });
    }
  }, 300_000);

  it.each([
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
      { ADMIN_PASSWORD: 'password123' },
      /^Invalid configuration: ADMIN_PASSWORD is refused: This password is too common/,
    ],
  ])(
    'stops at start-up with one line naming the bad setting: %j',
    async (env, line) => {
      const result = await run(['start'], { DATA_DIR: dataDir, ...env });
      expect(result.code).toBe(1);
      expectOneLine(result.output, line);
    },
    120_000,
  );

  it('stops with one line when .env is a folder', async () => {
    const cwd = await fs.mkdtemp(path.join(os.tmpdir(), 'st-env-folder-'));
    await fs.mkdir(path.join(cwd, '.env'));
    const result = await run(['start'], { DATA_DIR: dataDir }, { cwd });
    expect(result.code).toBe(1);
    expectOneLine(
      result.output,
      `Invalid configuration: ${cwd}/.env is a folder; it must be a file of NAME=value lines.`,
    );
    await fs.rm(cwd, { recursive: true, force: true });
  }, 120_000);

  it('exits within the grace period when whatever reads its output stalls and then goes away', async () => {
    // The log writer is the same in every mode; 'test' spares this test a built web app (production serves one).
    const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'info' });
    // The reader stops reading: the pipe fills with one log line per request.
    server.child.stdout!.pause();
    server.child.stdout!.removeAllListeners('data');
    for (let sent = 0; sent < 1_500; sent += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () => fetch(`${server.url}/api/health`).then((r) => r.text())),
      );
    }
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
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
    const common = await run(
      ['create-admin', '--email', 'third@example.com', '--password-stdin'],
      { DATA_DIR: dataDir },
      {
        input: 'password123\n',
      },
    );
    expect(common.code).toBe(1);
    expect(common.output).toContain('The password is refused: This password is too common.');

    const created = await run(
      ['create-admin', '--email', 'Second@Example.com', '--name', 'Second Admin', '--password-stdin'],
      { DATA_DIR: dataDir },
      { input: 'a-long-enough-password\n' },
    );
    expect(created.output).toContain('Administrator second@example.com created.');
    expect(created.code).toBe(0);
    const again = await run(['create-admin', '--email', 'second@example.com'], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain('already exists');

    const server = await start({ DATA_DIR: dataDir });
    const answer = await signIn(server.url, 'second@example.com', 'a-long-enough-password');
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ name: 'Second Admin', role: 'admin' });
    expect(await stop(server, 'SIGTERM')).toBe(0);
  }, 300_000);
});
