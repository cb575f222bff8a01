import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromBuild, repositoryRoot, startMailSink, startServer } from '@school-transport/testing';
import { E2E_PORT, E2E_URL, MAIL_DIR_VARIABLE } from './environment';
import { E2E_TILE_URL } from './map-tiles';

/**
 * Builds the server and the web app (what changed since their last build), seeds a fresh embedded database and
 * starts the built server as production runs it; the returned function stops it. E2E_SKIP_BUILD=1 when the caller
 * has just built both (`npm test` does).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD)
    execFileSync('npm', ['run', 'build'], { cwd: repositoryRoot, stdio: 'inherit' });
  const program = fromBuild();
  if (!fs.existsSync(program.args[0]!))
    throw new Error(
      `${program.args[0]} is missing: run "npm run build" first (or leave E2E_SKIP_BUILD unset)`,
    );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-e2e-'));
  const pgliteDir = path.join(dataDir, 'pglite');
  execFileSync(process.execPath, ['--import', 'tsx', 'e2e/support/seed-accounts.ts', pgliteDir], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });

  const mailDir = path.join(dataDir, 'mail');
  const mailSink = await startMailSink({ dir: mailDir });
  // Workers start after the global set-up, so they inherit this and can read the mails.
  process.env[MAIL_DIR_VARIABLE] = mailDir;

  const server = await startServer({
    // The built server (apps/server/dist), plain JavaScript: production's code, and nothing to compile at start.
    program,
    cwd: repositoryRoot,
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Each test, and each worker's saved admin sign-in, comes from an X-Forwarded-For address of its own
      // (support/fixtures.ts), as behind a proxy, so the per-address sign-in limit of one does not spill into the next.
      TRUST_PROXY: '1',
      SMTP_URL: mailSink.url,
      PUBLIC_URL: E2E_URL,
      // Tiles the tests' browsers get from support/map-tiles.ts, never from the network.
      MAP_TILE_URL: E2E_TILE_URL,
      // A test's API calls (page.request) reuse a kept-alive connection after seconds of clicking; with the
      // default 5 s the server may close it just as the next call is sent (ECONNRESET, seen once). A browser
      // retries such a call; Playwright's request context does not. An idle connection now lasts until the
      // socket's own limit (REQUEST_TIMEOUT_SECONDS, 60 s), longer than a test's pause between two calls.
      KEEP_ALIVE_TIMEOUT_SECONDS: '600',
    },
    // Under load the server takes long to start.
    timeoutMs: 180_000,
  });

  return async () => {
    await server.stop('SIGTERM');
    await mailSink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
