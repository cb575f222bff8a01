#!/usr/bin/env node
/**
 * `npm run build [-- server|web] [-- --force]`: the release, built once, run later with plain `node` and production
 * dependencies only (decision 019).
 *   server: apps/server/src and the workspace packages it uses (packages/shared, packages/planner) bundled by
 *           esbuild into apps/server/dist (npm packages stay imports), with the migrations beside it;
 *   web:    Vite's build, with .br/.gz copies, into apps/web/builds/<id>; apps/web/dist is a link to the current one.
 * Each part is rebuilt only when the hash of its sources differs from the one stamped in the build. A new build is
 * written beside the old one and swapped in by a rename, so a running server never serves a half-written folder:
 * it keeps serving the web build it started with (the newest KEEP_WEB_BUILDS are kept).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const serverDist = path.join(root, 'apps/server/dist');
const webDir = path.join(root, 'apps/web');
export const webDist = path.join(webDir, 'dist');
const webBuilds = path.join(webDir, 'builds');
const STAMP = '.source-hash';
const KEEP_WEB_BUILDS = 3;

const PARTS = {
  server: {
    inputs: ['apps/server/src', 'packages/shared/src', 'packages/planner/src', 'scripts/build.mjs'],
    output: serverDist,
    builtFile: 'main.js',
    tool: 'esbuild',
    build: buildServer,
  },
  web: {
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/driver/index.html',
      'apps/web/parent/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite.phone.config.ts',
      'apps/web/chunk-groups.ts',
      'apps/web/phone-build.ts',
      'apps/web/signed-in-preload.ts',
      'apps/web/shell-headings.ts',
      'apps/web/scripts/precompress.mjs',
      'packages/shared/src',
      'package-lock.json',
      'scripts/build.mjs',
    ],
    output: webDist,
    builtFile: 'index.html',
    tool: 'vite',
    build: buildWeb,
  },
};

function* filesUnder(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (!fs.statSync(full).isDirectory()) {
    yield relative;
    return;
  }
  for (const entry of fs
    .readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    yield* filesUnder(path.join(relative, entry.name));
  }
}

/** Content hash of a part's sources: stable across clones and copies, unlike modification times. */
function sourceHash(part) {
  const hash = crypto.createHash('sha256');
  for (const input of PARTS[part].inputs) {
    for (const file of filesUnder(input))
      hash.update(`${file}\0`).update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

const stampOf = (part) => {
  try {
    return fs.readFileSync(path.join(PARTS[part].output, STAMP), 'utf8');
  } catch {
    return null;
  }
};

export const isBuilt = (part) => fs.existsSync(path.join(PARTS[part].output, PARTS[part].builtFile));

/** The build tools are development dependencies: absent after `npm ci --omit=dev`. */
export function canBuild(part) {
  try {
    createRequire(path.join(root, 'apps', part, 'package.json')).resolve(`${PARTS[part].tool}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** Builds the part when its sources changed since its last build (or always, with force). Answers whether it did. */
export async function build(part, { force = false } = {}) {
  const hash = sourceHash(part);
  if (!force && stampOf(part) === hash && isBuilt(part)) return false;
  const started = Date.now();
  await PARTS[part].build(hash);
  console.log(`Built the ${part} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

/** True when the part's build matches its sources. */
export const isCurrent = (part) => isBuilt(part) && stampOf(part) === sourceHash(part);

async function buildServer(hash) {
  const { build: bundle } = await import('esbuild');
  const staging = `${serverDist}.new-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await bundle({
    // preflight and config are their own entries: `npm start` checks the settings before it builds the web app.
    entryPoints: [
      ...['main', 'preflight', 'config'].map((name) => path.join(root, `apps/server/src/${name}.ts`)),
      // The route planner's thread, loaded by path at run time (plan-runner.ts): in the root beside main.js.
      { in: path.join(root, 'apps/server/src/modules/records/planner/plan-worker.ts'), out: 'plan-worker' },
      // The embedded database's thread, likewise (db/pglite-thread.ts).
      { in: path.join(root, 'apps/server/src/db/pglite-worker.ts'), out: 'pglite-worker' },
    ],
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    // npm packages are imported at run time from node_modules; the workspace's own packages (the contract, the
    // route planner) are TypeScript source (each package points at its src/index.ts), so they are compiled in.
    packages: 'external',
    plugins: [
      {
        name: 'bundle-workspace-packages',
        setup(builder) {
          builder.onResolve({ filter: /^@school-transport\/(shared|planner)$/ }, ({ path: name }) => ({
            path: path.join(root, `packages/${name.split('/')[1]}/src/index.ts`),
          }));
        },
      },
    ],
  });
  fs.cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(staging, 'migrations'), {
    recursive: true,
  });
  fs.writeFileSync(path.join(staging, STAMP), hash);
  // A running server has loaded its code and migrations at start; the old folder can go.
  const previous = `${serverDist}.old-${process.pid}`;
  if (fs.existsSync(serverDist)) fs.renameSync(serverDist, previous);
  fs.renameSync(staging, serverDist);
  fs.rmSync(previous, { recursive: true, force: true });
}

function run(command, args, cwd, env = process.env) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

async function buildWeb(hash) {
  const id = `${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}-${hash.slice(0, 8)}`;
  const out = path.join(webBuilds, id);
  // Vite obeys an inherited NODE_ENV: a build started from a test (NODE_ENV=test) bundled React's development
  // build, 276 kB instead of 198 kB for the first screen. A web build is always a production build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  run(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir'], webDir, env);
  // The phone apps (/driver, /parent) after it, into the same folder: a build of their own, so that none of their
  // chunks holds anything of the back-office (apps/web/vite.phone.config.ts).
  run(process.execPath, [vite, 'build', '--config', 'vite.phone.config.ts', '--outDir', out], webDir, env);
  run(process.execPath, [path.join(webDir, 'scripts/precompress.mjs'), out], webDir);
  fs.writeFileSync(path.join(out, STAMP), hash);
  // A build from before versioned builds is a plain folder where the link goes.
  if (fs.existsSync(webDist) && !fs.lstatSync(webDist).isSymbolicLink())
    fs.rmSync(webDist, { recursive: true });
  // A new link renamed over the old one: the switch is one step, never a moment without a web app.
  const link = `${webDist}.new-${process.pid}`;
  fs.rmSync(link, { force: true });
  fs.symlinkSync(path.join('builds', id), link);
  fs.renameSync(link, webDist);
  const old = fs.readdirSync(webBuilds).sort().reverse().slice(KEEP_WEB_BUILDS);
  for (const name of old) fs.rmSync(path.join(webBuilds, name), { recursive: true, force: true });
}

if (import.meta.filename === process.argv[1]) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const parts = args.filter((arg) => arg in PARTS);
  for (const part of parts.length > 0 ? parts : Object.keys(PARTS)) {
    if (!(await build(part, { force }))) console.log(`The ${part} is up to date with its sources.`);
  }
}
