/**
 * What the benchmark (run-bench.ts) and the steady load (steady-load.ts) share: the real server started as its
 * own process on an already generated database, a wait for its health endpoint, its resident memory read from
 * /proc, and the bench administrator's sign-in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Command-line options naming the database, for `parseArgs`. */
export const databaseOptions = {
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
} as const;

export interface DatabaseChoice {
  'data-dir'?: string;
  'database-url'?: string;
}

/** Created by the server on its first start on a database without an administrator (ADMIN_EMAIL/ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password 1' };

export const engineName = (choice: DatabaseChoice) => (choice['database-url'] ? 'PostgreSQL' : 'PGlite');

export function assertDatabaseChosen(choice: DatabaseChoice): void {
  if (!choice['data-dir'] && !choice['database-url'])
    throw new Error('give --data-dir (PGlite) or --database-url (PostgreSQL)');
}

let forwarded = 0;
/**
 * A fresh X-Forwarded-For address per call (the server trusts one proxy hop here), so per-address limits such
 * as sign-in's measure nothing but themselves.
 */
export const nextClientAddress = () =>
  `10.${(forwarded >> 16) & 255}.${(forwarded >> 8) & 255}.${forwarded++ & 255}`;

/** VmRSS of a process in MB, or undefined when it is not (or no longer) there. */
export function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** User plus system CPU time of a process in seconds (/proc/PID/stat, clock ticks of 1/100 s), or undefined. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis start at field 3.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export interface RssSample {
  /** performance.now() when read. */
  at: number;
  mb: number;
}

/** Reads the process's VmRSS every `intervalMs` until stopped. */
export function sampleRss(pid: number | undefined, intervalMs: number) {
  const samples: RssSample[] = [];
  const take = () => {
    const mb = residentMb(pid);
    if (mb !== undefined) samples.push({ at: performance.now(), mb });
  };
  take();
  const timer = setInterval(take, intervalMs);
  return { samples, stop: () => clearInterval(timer) };
}

export interface ServerProcess {
  base: string;
  pid: number | undefined;
  /** Resolves once the health endpoint answers 200; rejects if the server exits or takes over a minute. */
  ready: Promise<void>;
  /** Signs the bench administrator in and resolves to the session token (the Authorization header's value). */
  signIn(): Promise<string>;
  /** SIGTERM, then waits for the process to exit (it closes the database cleanly first). */
  stop(): Promise<void>;
  /** With `inspect`: the server's inspector address (ws://127.0.0.1:…), as it prints it on start. */
  inspectorUrl?: Promise<string>;
}

export function startServerProcess(
  choice: DatabaseChoice,
  port: number,
  options: { inspect?: boolean } = {},
): ServerProcess {
  assertDatabaseChosen(choice);
  const base = `http://127.0.0.1:${port}`;
  const inspectArgs = options.inspect ? ['--inspect=127.0.0.1:0'] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...inspectArgs, '--import', 'tsx', 'src/main.ts', 'start'],
    {
      cwd: new URL('..', import.meta.url).pathname,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        LOG_LEVEL: 'error',
        TRUST_PROXY: '1',
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        ...(choice['database-url']
          ? { DATABASE_URL: choice['database-url'] }
          : { DATA_DIR: choice['data-dir']!, DATABASE_URL: '' }),
      },
      // stderr is read for the inspector's address when there is one, and passed on either way.
      stdio: ['ignore', 'inherit', options.inspect ? 'pipe' : 'inherit'],
    },
  );
  const inspectorUrl = options.inspect
    ? new Promise<string>((resolve) => {
        let seen = '';
        child.stderr!.on('data', (chunk: Buffer) => {
          const text = String(chunk);
          seen += text;
          const match = /Debugger listening on (ws:\/\/\S+)/.exec(seen);
          if (match) resolve(match[1]!);
          // The inspector's own notices are for people attaching a debugger, not for this output.
          if (!/Debugger listening|For help, see|Debugger attached/.test(text)) process.stderr.write(chunk);
        });
      })
    : undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });

  const ready = (async () => {
    let gone = false;
    void exited.then(() => (gone = true));
    for (let i = 0; i < 240; i++) {
      if (gone) throw new Error(`the server exited during start-up (code ${child.exitCode})`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        // starting
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('server did not start within a minute');
  })();

  return {
    base,
    pid: child.pid,
    ready,
    inspectorUrl,
    async signIn() {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientAddress() },
        body: JSON.stringify(BENCH_ADMIN),
      });
      if (!login.ok)
        throw new Error(
          `sign-in failed: ${await login.text()} (was the database generated by another bench admin?)`,
        );
      return ((await login.json()) as { token: string }).token;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
