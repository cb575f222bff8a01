#!/usr/bin/env node
/**
 * What `npm start`, `npm run create-admin` and `npm run migrate` run: `node scripts/run-server.mjs [command ...]`.
 *   1. builds the server when its sources changed (about a second; skipped when the build tools are not installed,
 *      as after `npm ci --omit=dev`);
 *   2. checks the configuration (one line naming a bad setting), before anything slow;
 *   3. for `start` in production, builds the web app when its sources changed;
 *   4. runs the built server (plain JavaScript) in this same process.
 * Being the server itself, not its parent, this process is the one that gets SIGTERM/SIGINT, from npm (which
 * forwards them to the command it runs) or from a service manager: there is no child to leave behind.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, canBuild, isBuilt, isCurrent, serverDist } from './build.mjs';

const command = process.argv[2] ?? 'start';
const serves = command === 'start' || command === 'demo';
// An empty NODE_ENV counts as unset, as every empty setting does.
if (serves && !process.env.NODE_ENV) process.env.NODE_ENV = 'production';
if (command === 'demo') {
  // The demo never touches the real data: its own folder on the embedded database, and its own administrator
  // (modules/platform/demo/demo-operator.ts prints how to sign in).
  process.env.DATA_DIR = process.env.DEMO_DATA_DIR || './data-demo';
  process.env.DATABASE_URL = '';
  process.env.ADMIN_EMAIL = 'admin@demo.example.com';
  process.env.ADMIN_PASSWORD = 'demo office password 2026';
  process.env.ADMIN_NAME = 'Asha Rao';
}

async function ready(part) {
  if (canBuild(part)) {
    await build(part);
  } else if (!isBuilt(part)) {
    console.error(
      `The ${part} is not built and the build tools are not installed (npm ci --omit=dev): build it where they ` +
        'are with "npm ci && npm run build" (README, "Production install").',
    );
    process.exit(1);
  } else if (!isCurrent(part)) {
    console.warn(`Warning: the ${part} was built from other sources than these; running it as built.`);
  }
}

const load = (file) => import(pathToFileURL(path.join(serverDist, file)).href);

await ready('server');
const { ConfigError } = await load('config.js');
const { loadCheckedConfig } = await load('preflight.js');
try {
  await loadCheckedConfig({ listen: serves });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (serves && process.env.NODE_ENV === 'production') await ready('web');
await load('main.js');
