import dns from 'node:dns/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, isAnyAddress, loadConfig, readEnvFile, type AppConfig } from './config.js';
import { passwordProblem } from './modules/platform/users/index.js';

/**
 * Checks that need the machine, not just the text of a setting: run before anything slow (the web build, opening
 * the database), so every bad setting stops the process at once with one line naming it. `npm start`'s launcher
 * (scripts/run-server.mjs) calls this before building; the server calls it again, which is cheap.
 */
export async function loadCheckedConfig(needs: { listen: boolean }): Promise<AppConfig> {
  readEnvFile();
  return checkConfig(process.env, needs);
}

/** The settings in `env`, validated, with DATA_DIR created and, when the process is to listen, HOST looked up. */
export async function checkConfig(env: NodeJS.ProcessEnv, needs: { listen: boolean }): Promise<AppConfig> {
  const config = loadConfig(env);
  const problem = config.firstAdmin.password ? passwordProblem(config.firstAdmin.password) : null;
  if (problem) throw new ConfigError(`Invalid configuration: ADMIN_PASSWORD is refused: ${problem}`);
  prepareDataDir(config.dataDir);
  if (needs.listen) await checkHost(config.host);
  return config;
}

const HOST_LOOKUP_MS = 10_000;

async function checkHost(host: string): Promise<void> {
  if (isAnyAddress(host)) return;
  const expected = 'a host name or an IP address of this machine (0.0.0.0 for every interface)';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), HOST_LOOKUP_MS);
  });
  let addresses: string[];
  try {
    const found = await Promise.race([dns.lookup(host, { all: true }), timeout]);
    addresses = found.map((entry) => entry.address);
  } catch {
    throw new ConfigError(`Invalid configuration: HOST "${host}" does not resolve; it must be ${expected}.`);
  } finally {
    clearTimeout(timer);
  }
  const local = new Set(
    Object.values(os.networkInterfaces())
      .flat()
      .map((entry) => entry?.address),
  );
  if (!addresses.some((address) => local.has(address))) {
    throw new ConfigError(
      `Invalid configuration: HOST "${host}" is ${addresses.join(', ')}, not an address of this machine; it must be ${expected}.`,
    );
  }
}

/**
 * DATA_DIR must be a folder this user can write, created (owner-only) when missing. Created one level at a time:
 * Node's recursive mkdir never returns under /proc.
 */
function prepareDataDir(dataDir: string): void {
  const fail = (problem: string): never => {
    throw new ConfigError(
      `Invalid configuration: DATA_DIR ${dataDir} ${problem}; it must be a folder this user (${os.userInfo().username}) can write.`,
    );
  };
  const missing: string[] = [];
  let existing = dataDir;
  while (!fs.existsSync(existing)) {
    missing.unshift(existing);
    existing = path.dirname(existing);
  }
  if (!fs.statSync(existing).isDirectory()) {
    fail(existing === dataDir ? 'is a file' : `cannot be created: ${existing} is a file`);
  }
  for (const folder of missing) {
    try {
      fs.mkdirSync(folder, { mode: 0o700 });
    } catch (error) {
      fail(`cannot be created (${(error as NodeJS.ErrnoException).code})`);
    }
  }
  // The embedded database lives in a sub-folder that may have been created by another user.
  for (const folder of [dataDir, path.join(dataDir, 'pglite')]) {
    if (!fs.existsSync(folder)) continue;
    const probe = path.join(folder, `.write-test-${process.pid}`);
    try {
      fs.writeFileSync(probe, '');
      fs.rmSync(probe);
    } catch (error) {
      fail(
        `${folder === dataDir ? 'is' : `has ${folder}, which is`} not writable (${(error as NodeJS.ErrnoException).code})`,
      );
    }
  }
}
