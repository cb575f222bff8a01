/**
 * SQL injection check with sqlmap (the Debian package): starts the real server on a fresh embedded database with
 * a generated dataset, signs in, and points sqlmap at the sign-in body (email, then password), the students list's
 * search and a student's id in the path. Prints per target the requests sqlmap made, the answers it got and any
 * injectable parameter it found; exits 1 if it found one (or could not reach a verdict).
 *
 *   npm run sqlmap                                   (embedded PGlite in a temporary folder)
 *   npm run sqlmap -- --database-url postgres://…    (PostgreSQL; an empty database gets the dataset)
 * Options: --port 4340, --level 3, --risk 2, --verbose (sqlmap's own output as it runs).
 *
 * The sign-in limits stay as in production: 10 attempts a minute per client address, and an e-mail address locked
 * after 5 wrong passwords. The server is started behind a "proxy" (TRUST_PROXY=1) and sqlmap's --eval gives every
 * request an X-Forwarded-For address of its own, as thousands of clients would have; the password target also
 * signs in to a fresh unknown address each time, so each payload goes through the whole sign-in path instead of
 * meeting a locked account. The answers' status codes are printed, so a limit that still bites shows.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { signIn, startToolServer, stopOnExit } from './tool-server';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    port: { type: 'string', default: '4340' },
    level: { type: 'string', default: '3' },
    risk: { type: 'string', default: '2' },
    verbose: { type: 'boolean', default: false },
  },
});

function findSqlmap(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v sqlmap'], { encoding: 'utf8' }).trim();
  } catch {
    console.error(
      'sqlmap is not installed. On Debian or Ubuntu: sudo apt-get install sqlmap\n' +
        '(this script does not install it itself: installing system packages is for the machine owner to decide)',
    );
    process.exit(2);
  }
}

interface Target {
  name: string;
  args: string[];
}

interface Outcome {
  name: string;
  seconds: number;
  requests: number;
  statuses: Map<string, number>;
  injectable: string[];
  hints: string[];
  notInjectable: string[];
  errors: string[];
  exitCode: number | null;
}

/** A client address per request, from the documentation and private ranges alike; sqlmap's Python, one line each. */
const RANDOM_CLIENT =
  "import random; _locals['auxHeaders']['X-Forwarded-For'] = '.'.join(str(random.randint(1, 254)) for _ in range(4))";
const RANDOM_EMAIL = "email = 'nobody-%d@example.com' % random.randint(1, 10 ** 12)";

async function runSqlmap(sqlmap: string, target: Target, workDir: string): Promise<Outcome> {
  const dir = path.join(workDir, target.name.replace(/\W+/g, '-'));
  fs.mkdirSync(dir, { recursive: true });
  const traffic = path.join(dir, 'traffic.txt');
  const args = [
    '--batch',
    '--flush-session',
    '--disable-coloring',
    `--output-dir=${dir}`,
    `-t`,
    traffic,
    `--level=${values.level}`,
    `--risk=${values.risk}`,
    '--technique=BEUSTQ',
    // The back end is known: PostgreSQL (or PGlite, PostgreSQL compiled to WebAssembly).
    '--dbms=PostgreSQL',
    '--threads=1',
    // A wrong e-mail or password answers 401, a limit 429: answers to compare, not reasons to stop.
    '--ignore-code=401,429',
    ...target.args,
  ];
  const started = Date.now();
  const child = spawn(sqlmap, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
    if (values.verbose) process.stdout.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const seconds = (Date.now() - started) / 1000;
  fs.writeFileSync(path.join(dir, 'sqlmap-output.txt'), output);

  const log = fs.existsSync(traffic) ? fs.readFileSync(traffic, 'utf8') : '';
  const statuses = new Map<string, number>();
  for (const match of log.matchAll(/^HTTP response \[#\d+\] \((\d+)[^)]*\)/gm))
    statuses.set(match[1]!, (statuses.get(match[1]!) ?? 0) + 1);
  // Progress lines end in carriage returns; each message starts with its time, which is left out here.
  const lines = output.split(/[\r\n]+/).map((line) => line.replace(/^\[\d\d:\d\d:\d\d\] /, '').trim());
  const injectable = lines.filter(
    (line) => /appears to be .* injectable/.test(line) || /is vulnerable/.test(line),
  );
  if (/identified the following injection point/.test(output))
    injectable.push(...lines.filter((line) => /^(Parameter|Type|Title|Payload): /.test(line)));
  return {
    name: target.name,
    seconds,
    requests: (log.match(/^HTTP request \[#\d+\]:/gm) ?? []).length,
    statuses,
    injectable,
    hints: lines.filter((line) => /might be (injectable|vulnerable)/.test(line)),
    notInjectable: lines.filter((line) => /do(es)? not (seem|appear) to be injectable/.test(line)),
    errors: lines.filter(
      (line) =>
        /^\[(CRITICAL|ERROR)\]/.test(line) && !/do(es)? not (seem|appear) to be injectable/.test(line),
    ),
    exitCode,
  };
}

async function main() {
  const sqlmap = findSqlmap();
  const version = execFileSync(sqlmap, ['--version'], { encoding: 'utf8' }).split('\n')[0];
  const port = Number(values.port);
  console.log(`sqlmap ${version}, level ${values.level}, risk ${values.risk}`);
  console.log(values['database-url'] ? 'Database: PostgreSQL' : 'Database: embedded PGlite (temporary)');

  const server = await startToolServer({
    port,
    databaseUrl: values['database-url'],
    students: 120,
    admins: 2,
    trustProxy: true,
  });
  stopOnExit(server.stop);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-sqlmap-'));
  const outcomes: Outcome[] = [];
  try {
    const [reader, signInTarget] = server.admins as [(typeof server.admins)[0], (typeof server.admins)[0]];
    const { token } = await signIn(server.base, reader);
    const auth = ['--headers', `Authorization: ${token}`];
    const list = (await (
      await fetch(`${server.base}/api/students/get-all?limit=1`, { headers: { authorization: token } })
    ).json()) as { data: Array<{ id: string; name: string }> };
    const student = list.data[0];
    if (!student) throw new Error('the dataset has no student');
    const body = JSON.stringify(signInTarget);

    const signInAt = (parameter: 'email' | 'password', evaluate: string): Target => ({
      name: `sign-in: ${parameter}`,
      args: ['-u', `${server.base}/api/auth/login`, '--data', body, '-p', parameter, `--eval=${evaluate}`],
    });

    const targets: Target[] = [
      signInAt('email', RANDOM_CLIENT),
      signInAt('password', `${RANDOM_CLIENT}; ${RANDOM_EMAIL}`),
      {
        name: 'students list: search',
        args: [
          '-u',
          `${server.base}/api/students/get-all?search=${encodeURIComponent(student.name.split(' ')[0]!)}&limit=10`,
          '-p',
          'search',
          ...auth,
          `--eval=${RANDOM_CLIENT}`,
        ],
      },
      {
        name: 'student get-one: id in the path',
        // `*` is sqlmap's custom injection marker: the payloads go right after the id.
        args: [
          '-u',
          `${server.base}/api/students/get-one/${student.id}*`,
          ...auth,
          `--eval=${RANDOM_CLIENT}`,
        ],
      },
    ];

    for (const target of targets) {
      process.stderr.write(`  running: ${target.name} …\n`);
      const outcome = await runSqlmap(sqlmap, target, workDir);
      outcomes.push(outcome);
      process.stderr.write(`  done: ${target.name} (${outcome.seconds.toFixed(0)} s)\n`);
    }
  } finally {
    await server.stop();
  }

  let failed = false;
  console.log('');
  for (const outcome of outcomes) {
    const statuses = [...outcome.statuses.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, count]) => `${code}×${count}`)
      .join(', ');
    const verdict =
      outcome.injectable.length > 0
        ? 'INJECTABLE'
        : outcome.notInjectable.length > 0
          ? 'not injectable'
          : 'NO VERDICT';
    if (verdict !== 'not injectable') failed = true;
    console.log(`${outcome.name}: ${verdict}`);
    console.log(
      `  ${outcome.requests} requests in ${outcome.seconds.toFixed(0)} s; answers: ${statuses || 'none'}`,
    );
    for (const line of outcome.injectable) console.log(`  ! ${line}`);
    for (const line of outcome.hints) console.log(`  hint: ${line}`);
    for (const line of outcome.errors) console.log(`  sqlmap: ${line}`);
    if (outcome.exitCode !== 0) console.log(`  sqlmap exited with ${outcome.exitCode}`);
  }
  const total = outcomes.reduce((sum, outcome) => sum + outcome.requests, 0);
  const seconds = outcomes.reduce((sum, outcome) => sum + outcome.seconds, 0);
  console.log(`\n${total} requests in ${seconds.toFixed(0)} s. sqlmap's output and traffic: ${workDir}`);
  console.log(failed ? 'FAILED: see above.' : 'No injectable parameter found.');
  process.exitCode = failed ? 1 : 0;
}

await main();
