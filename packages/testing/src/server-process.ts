/**
 * The real server in a process of its own, for process tests, browser tests, the benchmark and the measuring
 * tools: one way to start it with given settings, wait until it answers, sign in, and stop it. The lower-level
 * parts (`spawnServer`, `runCommand`) are for tests that need raw control: signals, the output, a crash.
 * Every wait is for something observable (a line printed, the health endpoint answering), never for a time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
export const serverDir = path.join(repositoryRoot, 'apps/server');
// Absolute, so that the command line can also run from another working directory (a folder with its own .env).
const mainScript = path.join(serverDir, 'src/main.ts');
const tsx = import.meta.resolve('tsx');

/** How the server is run: a command, its arguments and its working directory. */
export interface ServerProgram {
  command: string;
  args: string[];
  cwd: string;
}

/** `main.ts <args>` from source through tsx; `nodeOptions` go to node first (e.g. `--inspect=127.0.0.1:0`). */
export const fromSource = (args: string[] = ['start'], nodeOptions: string[] = []): ServerProgram => ({
  command: process.execPath,
  args: [...nodeOptions, '--import', tsx, mainScript, ...args],
  cwd: serverDir,
});

/**
 * `main.js <args>` of the server as `npm run build` left it in apps/server/dist: plain JavaScript, nothing compiled
 * at start, as production runs it (the caller builds it first).
 */
export const fromBuild = (args: string[] = ['start']): ServerProgram => ({
  command: process.execPath,
  args: [path.join(serverDir, 'dist/main.js'), ...args],
  cwd: serverDir,
});

/** `npm start` as the README gives it: the launcher builds what changed and runs the built server. */
export const npmStart = (args: string[] = []): ServerProgram => ({
  command: 'npm',
  args: ['start', ...args],
  cwd: repositoryRoot,
});

export interface SpawnOptions {
  /** Settings, over this process's environment and `NODE_ENV=test`; an empty value unsets one for the server. */
  env?: Record<string, string>;
  program?: ServerProgram;
  /** Overrides the program's working directory. */
  cwd?: string;
  /** Also pass what the server prints on to this process's output, except chunks that match `quiet`. */
  echo?: boolean;
  quiet?: RegExp;
}

export interface ServerChild {
  child: ChildProcess;
  pid: number | undefined;
  /** Everything printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code (null when a signal ended the process) once it has exited. */
  exited: Promise<number | null>;
  /** Resolves once the process has exited and its output has been read to the end. */
  closed: Promise<void>;
  running(): boolean;
  /** Resolves with the first match of `pattern` in the output; rejects if the process ends or `timeoutMs` passes. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Sends `signal` (SIGTERM by default), then SIGKILL if the process is still there after `graceMs`; answers the exit code. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

/** Longer than the server's own shutdown grace (10 s), so a clean shutdown is never cut short. */
const STOP_GRACE_MS = 15_000;

/** Starts the program with piped output and answers at once; nothing is waited for. */
export function spawnServer(options: SpawnOptions = {}): ServerChild {
  const program = options.program ?? fromSource();
  const child = spawn(program.command, program.args, {
    cwd: options.cwd ?? program.cwd,
    env: { ...process.env, NODE_ENV: 'test', ...options.env },
  });
  let output = '';
  const listeners = new Set<() => void>();
  let isClosed = false;
  const collect = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
    const text = String(chunk);
    output += text;
    if (options.echo && !options.quiet?.test(text)) target.write(chunk);
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', collect(process.stdout));
  child.stderr!.on('data', collect(process.stderr));
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(child.exitCode));
  });
  // 'close' comes after the last output has been read: only then is a wait for a line over for good.
  const closed = new Promise<void>((resolve) => {
    const end = () => {
      isClosed = true;
      for (const listener of listeners) listener();
      resolve();
    };
    child.once('close', end);
    child.once('error', end);
  });
  const running = () => child.exitCode === null && child.signalCode === null && !isClosed;

  const waitForOutput = (pattern: RegExp, timeoutMs = 120_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) finish(() => resolve(match));
        else if (isClosed) finish(() => reject(new Error(`the server exited:\n${output}`)));
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`))),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        settle();
      };
      listeners.add(check);
      check();
    });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM', graceMs = STOP_GRACE_MS) => {
    if (!running()) return exited;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };

  return { child, pid: child.pid, output: () => output, exited, closed, running, waitForOutput, stop };
}

export interface CommandResult {
  code: number | null;
  output: string;
  /** How long the command took, in ms. */
  took: number;
}

/** One command of the real command line (by default `main.ts <args>` from source) to its end. */
export async function runCommand(
  args: string[],
  env: Record<string, string> = {},
  options: { input?: string; cwd?: string; program?: ServerProgram } = {},
): Promise<CommandResult> {
  const started = performance.now();
  const command = spawnServer({ env, cwd: options.cwd, program: options.program ?? fromSource(args) });
  command.child.stdin!.end(options.input ?? '');
  // After the last output has been read, which can come after the exit.
  await command.closed;
  const code = await command.exited;
  return { code, output: command.output(), took: performance.now() - started };
}

export interface Account {
  email: string;
  password: string;
}

export interface SignInAnswer {
  status: number;
  /** The session token (the Authorization header's value) when the sign-in succeeded. */
  token?: string;
  user?: unknown;
  body: { token?: string; user?: unknown; message?: string };
}

/** POST /api/auth/login; `forwardedFor` is sent as X-Forwarded-For (servers started with TRUST_PROXY=1). */
export async function signIn(base: string, account: Account, forwardedFor?: string): Promise<SignInAnswer> {
  const answer = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const body = (await answer.json()) as SignInAnswer['body'];
  return { status: answer.status, token: body.token, user: body.user, body };
}

/** Signs in and answers the token and the user; throws, with the server's answer, when it fails. */
export async function signedIn(
  base: string,
  account: Account,
  forwardedFor?: string,
): Promise<{ token: string; user: unknown }> {
  const answer = await signIn(base, account, forwardedFor);
  if (answer.status !== 200 || !answer.token)
    throw new Error(`sign-in as ${account.email} failed (${answer.status}): ${JSON.stringify(answer.body)}`);
  return { token: answer.token, user: answer.user };
}

export interface ApiAnswer<T> {
  status: number;
  body: { data: T; message?: string; pagination?: { total: number; totalPages: number } };
}
/** A JSON (or multipart, given FormData) client of one signed-in session. */
export type HttpApi = <T = { id: string }>(
  method: string,
  url: string,
  body?: unknown,
) => Promise<ApiAnswer<T>>;

export function httpApi(base: string, token: string): HttpApi {
  return async <T>(method: string, url: string, body?: unknown) => {
    const isForm = body instanceof FormData;
    const answer = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: token,
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      },
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as ApiAnswer<T>['body'] };
  };
}

export interface RunningServer extends ServerChild {
  /** Where it answers, as its start-up banner says. */
  url: string;
  /** Signs `account` in and answers a client of its session; throws when the sign-in fails. */
  apiAs(account: Account, forwardedFor?: string): Promise<HttpApi>;
}

// The banner is complete when its closing rule has been printed.
const BANNER = /running at (https?:\/\/\S+)[\s\S]*\n {2}-+\n/;

/**
 * Starts the server and resolves once it has printed its start-up banner (so what the banner says is in the
 * output) and its health endpoint answers 200. Rejects, with the output, if it exits first or `timeoutMs` passes
 * (a cold build under load takes minutes); the process is stopped then. Defaults: a free port, warnings only.
 */
export async function startServer(
  options: SpawnOptions & { timeoutMs?: number } = {},
): Promise<RunningServer> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const server = spawnServer({ ...options, env: { PORT: '0', LOG_LEVEL: 'warn', ...options.env } });
  try {
    const url = (await server.waitForOutput(BANNER, deadline - Date.now()))[1]!;
    await waitForHealth(url, server, deadline);
    return {
      ...server,
      url,
      apiAs: async (account, forwardedFor) =>
        httpApi(url, (await signedIn(url, account, forwardedFor)).token),
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function waitForHealth(url: string, server: ServerChild, deadline: number): Promise<void> {
  let last = 'no answer';
  while (Date.now() < deadline && server.running()) {
    try {
      const answer = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      if (answer.ok) return;
      last = `${answer.status} ${await answer.text()}`;
    } catch (error) {
      last = String(error);
    }
    // The next question only once this one is answered, and not at once: the server is busy starting.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become healthy (${last}):\n${server.output()}`);
}
