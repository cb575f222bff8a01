import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess } from './support/server-process.js';
import { TEST_DB } from './support/test-app.js';

/**
 * The real command line, as `npm start` runs it: a server process on the embedded database, spoken to over HTTP.
 * Runs once (in the PGlite project): it is about the process, not the engine.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
let dataDir: string;

function run(
  args: string[],
  env: Record<string, string>,
  input?: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdin.end(input ?? '');
    child.on('exit', (code) => resolve({ code, output }));
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
    expect((await signIn(second.url, 'boss@example.com', password!)).status).toBe(200);
    expect(await stop(second, 'SIGINT')).toBe(0);
  });

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
  });

  it('stops at start-up with a message naming a bad variable', async () => {
    const { code, output } = await run(['start'], { DATA_DIR: dataDir, PORT: 'eighty' });
    expect(code).toBe(1);
    expect(output).toContain('PORT:');
  });

  it('creates further admins from the command line', async () => {
    const created = await run(
      ['create-admin', '--email', 'Second@Example.com', '--name', 'Second Admin', '--password-stdin'],
      { DATA_DIR: dataDir },
      'a-long-enough-password\n',
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
  });
});
