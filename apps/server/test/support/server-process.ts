import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The real command line in a child process, as `npm start` runs it, spoken to over HTTP. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const serverDir = path.resolve(import.meta.dirname, '../..');

export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'start'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const poll = setInterval(() => {
      const match = /running at (http:\/\/\S+)/.exec(output);
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
