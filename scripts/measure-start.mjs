#!/usr/bin/env node
/**
 * `node scripts/measure-start.mjs [--idle S] -- COMMAND ARGS...`: starts the server with COMMAND in a fresh data
 * folder (twice: the first start creates the database, the second opens it), and prints for each start the time
 * until the banner's "running at" line and the resident memory of the whole process tree after S idle seconds
 * (default 10). The figures of docs/benchmarks.md ("Start time and idle memory") come from here.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { idle: { type: 'string', default: '10' } },
  allowPositionals: true,
});
const [command, ...args] = positionals;
if (!command) {
  console.error('Usage: node scripts/measure-start.mjs [--idle S] -- COMMAND ARGS...');
  process.exit(2);
}

/** VmRSS of a process and all its descendants, in kB, read from /proc. */
function treeRss(pid) {
  let total = 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    let children = '';
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.trim().split(/\s+/).filter(Boolean)) total += treeRss(Number(child));
  }
  return total;
}

async function measure(dataDir) {
  const started = performance.now();
  const child = spawn(command, args, {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const ready = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (/running at /.test(output)) resolve(performance.now() - started);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before the banner:\n${output}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, Number(values.idle) * 1000));
  const rssKb = treeRss(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { startSeconds: (ready / 1000).toFixed(2), idleRssMB: (rssKb / 1024).toFixed(0) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-measure-'));
try {
  console.log('first start (creates the database):', await measure(dataDir));
  console.log('next start (opens it):            ', await measure(dataDir));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
