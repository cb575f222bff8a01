import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The real command line in a child process, spoken to over HTTP. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const serverDir = path.resolve(import.meta.dirname, '../..');
export const repositoryRoot = path.resolve(serverDir, '../..');

/** How the server is started: from source (the default), or as the README says (`npm start`, via the launcher). */
export interface StartOptions {
  command?: string;
  args?: string[];
  cwd?: string;
  /** Resolve once the banner has been printed; how long to wait for it (a cold build under load takes minutes). */
  timeoutMs?: number;
}

export function startServerProcess(
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<ServerProcess> {
  const child = spawn(
    options.command ?? process.execPath,
    options.args ?? ['--import', 'tsx', 'src/main.ts', 'start'],
    {
      cwd: options.cwd ?? serverDir,
      env: { ...process.env, NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'warn', ...env },
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      options.timeoutMs ?? 120_000,
    );
    const poll = setInterval(() => {
      // The banner is complete when its closing rule has been printed.
      const match = /running at (http:\/\/\S+)[\s\S]*\n {2}-+\n/.exec(output);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve({ child, output: () => output, url: match[1]! });
      }
    }, 50);
    child.on('exit', () => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited:\n${output}`));
    });
  });
}

export const stopServerProcess = (server: ServerProcess, signal: NodeJS.Signals) =>
  new Promise<number | null>((resolve) => {
    if (server.child.exitCode !== null) return resolve(server.child.exitCode);
    server.child.once('exit', (code) => resolve(code));
    server.child.kill(signal);
  });
