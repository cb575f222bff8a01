import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ServerProcess } from './server-process.js';

/** What the process tests of DATA_DIR (lock, permissions, durability, backups) share. */

const serverDir = path.resolve(import.meta.dirname, '../..');

export const OPS_ADMIN = { email: 'ops-admin@example.com', password: 'ops admin password 1' };

export const tempDataDir = (name: string) => fs.mkdtemp(path.join(os.tmpdir(), `st-${name}-`));

export interface CommandResult {
  code: number | null;
  output: string;
  /** How long the command took, in ms. */
  took: number;
}

/** One command of the real command line (`main.ts <args>`) to its end. */
export function runCommand(args: string[], env: Record<string, string>, input = ''): Promise<CommandResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdin.end(input);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output, took: performance.now() - started }));
  });
}

/**
 * Creates and migrates the database of `env` with `migrate`, which has no start-up time limit: a new PGlite folder
 * takes its initdb, which on a loaded machine can outlast the server helper's one-minute wait for a start.
 */
export async function createDatabase(env: Record<string, string>): Promise<void> {
  const result = await runCommand(['migrate'], env);
  if (result.code !== 0) throw new Error(`migrate failed: ${result.output}`);
}

export type Api = <T = { id: string }>(
  method: string,
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: { data: T; message?: string } }>;

/** Signs OPS_ADMIN in to a server process and answers a JSON client for it. */
export async function signedInApi(server: ServerProcess): Promise<Api> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OPS_ADMIN),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return async (method, url, body) => {
    const answer = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        authorization: token,
        ...(body instanceof FormData || !body ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    return { status: answer.status, body: (await answer.json()) as { data: never } };
  };
}

let serial = 0;
export const vehicleBody = (prefix = 'OPS') => {
  serial += 1;
  return {
    licensePlate: `${prefix}${process.pid.toString(36)}${serial}`.toUpperCase().slice(0, 15),
    model: 'Ops',
    type: 'Bus',
    color: 'Yellow',
    capacity: 40,
  };
};

/** Gives a vehicle a generated photo through the upload route; answers the photo's signed URL. */
export async function addPhoto(api: Api, vehicleId: string, shade: number): Promise<string> {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bus.png');
  form.append('id', vehicleId);
  const answer = await api<{ profileImage: string }>(
    'POST',
    '/api/upload/profile/vehicle/add-profile-image',
    form,
  );
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data.profileImage;
}

/** Modes of every item under `root` that group or others may use, as "path mode" lines (empty: all owner-only). */
export async function openToOthers(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (target: string) => {
    const stat = await fs.lstat(target);
    if (!stat.isSymbolicLink() && (stat.mode & 0o077) !== 0)
      found.push(`${path.relative(root, target) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of await fs.readdir(target)) await visit(path.join(target, name));
  };
  await visit(root);
  return found;
}
