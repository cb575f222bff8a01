import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_PORT, E2E_URL } from './environment';
import { startMailSink } from './mail-sink';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Under load the server takes long to start (tsx compiles its sources first): wait as long as it keeps running,
 * up to a generous limit, and give up at once, with its output, if it exits.
 */
async function waitForHealth(server: ChildProcess, deadline: number, output: () => string): Promise<void> {
  let exited = false;
  server.once('exit', () => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(`${E2E_URL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const why = exited ? `exited with ${server.exitCode ?? server.signalCode}` : 'did not become healthy';
  throw new Error(`the server ${why}:\n${output()}`);
}

/** Builds the web app, seeds a fresh embedded database, starts the production server; the returned function stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD)
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-e2e-'));
  const pgliteDir = path.join(dataDir, 'pglite');
  execFileSync(process.execPath, ['--import', 'tsx', 'e2e/support/seed-accounts.ts', pgliteDir], {
    cwd: root,
    stdio: 'inherit',
  });

  const mailDir = path.join(dataDir, 'mail');
  const mailSink = await startMailSink(mailDir);
  // Workers start after the global set-up, so they inherit this and can read the mails.
  process.env.E2E_MAIL_DIR = mailDir;

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Each test signs in from an X-Forwarded-For address of its own (support/fixtures.ts), as behind a proxy,
      // so the per-address sign-in limit of one test does not spill into the next.
      TRUST_PROXY: '1',
      SMTP_URL: mailSink.url,
      PUBLIC_URL: E2E_URL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  await waitForHealth(server, Date.now() + 180_000, () => output);

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await mailSink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
