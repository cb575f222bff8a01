import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  npmStart as npmStartProgram,
  repositoryRoot,
  runCommand,
  startServer,
} from '@school-transport/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from './support/test-app.js';

/**
 * `npm start` as the README gives it: npm, the launcher (scripts/run-server.mjs) and the built server. Signals go to
 * the npm process itself, as a service manager or a container runtime would send them.
 */
const webDist = path.join(repositoryRoot, 'apps/web/dist');
const npmStart = (env: Record<string, string>) =>
  startServer({ env: { NODE_ENV: '', ...env }, program: npmStartProgram(), timeoutMs: 600_000 });

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const portOf = (url: string) => Number(new URL(url).port);

describe.skipIf(TEST_DB !== 'pglite')('npm start', () => {
  // Empty, as after `npm install && npm start`: the first start is the built server's initdb and migrations, read
  // from the build's own copy of them (scripts/build.mjs), which the tests from source never use.
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'st-npm-start-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('stops the server and frees the port on SIGTERM to npm, and keeps serving its build through a rebuild', async () => {
    const server = await npmStart({ DATA_DIR: dataDir });
    const index = await (await fetch(server.url)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(asset, index).toBeDefined();

    // A rebuild while it runs writes a new folder and relinks apps/web/dist; the running server keeps its own.
    const before = await fs.realpath(webDist);
    const rebuilt = spawnSync(process.execPath, ['scripts/build.mjs', 'web', '--force'], {
      cwd: repositoryRoot,
      encoding: 'utf8',
    });
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect(await fs.realpath(webDist)).not.toBe(before);
    expect(await (await fetch(server.url)).text()).toBe(index);
    expect((await fetch(`${server.url}${asset}`)).status).toBe(200);

    const code = await server.stop('SIGTERM');
    expect(code, server.output()).toBe(0);
    expect(await portIsFree(portOf(server.url))).toBe(true);
  }, 900_000);

  it('starts without building when nothing changed, and stops on SIGINT to npm', async () => {
    const server = await npmStart({ DATA_DIR: dataDir });
    expect(server.output()).not.toContain('Built the');
    const code = await server.stop('SIGINT');
    expect(code, server.output()).toBe(0);
    expect(await portIsFree(portOf(server.url))).toBe(true);
  }, 900_000);

  it('reports a bad setting before building anything', async () => {
    const stamp = path.join(webDist, '.source-hash');
    const saved = await fs.readFile(stamp, 'utf8');
    // The web build no longer matches its sources: a start would rebuild it, after checking the settings.
    await fs.writeFile(stamp, 'outdated');
    try {
      const result = await runCommand(
        [],
        { NODE_ENV: '', DATA_DIR: dataDir, PORT: 'abc' },
        {
          program: npmStartProgram(['--silent']),
        },
      );
      expect(result.code).toBe(1);
      expect(result.output).toContain('Invalid configuration: PORT must be a number between 1 and 65535.');
      expect(result.output).not.toContain('vite');
      expect(result.output).not.toContain('Built the web');
    } finally {
      await fs.writeFile(stamp, saved);
    }
  }, 300_000);
});
