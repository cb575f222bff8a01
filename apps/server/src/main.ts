import { parseArgs } from 'node:util';
import { ConfigError, type DatabaseConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { claimDataDir, DataDirBusyError, OWNER_ONLY_UMASK } from './db/data-dir.js';
import { generateDataset, isEmpty } from './db/generate/generate-dataset.js';
import { createAdmin, EmailTakenError, passwordProblem } from './modules/platform/users/index.js';
import { loadCheckedConfig } from './preflight.js';
import { BackupError, runBackup, runRestore, serveBackups } from './modules/platform/backup/index.js';
import {
  DEMO_ACCOUNTS,
  DEMO_DRIVER_EMAIL,
  fillDemoOperator,
  hasDemoOperator,
} from './modules/platform/demo/index.js';
import { systemClock } from './lib/clock.js';
import { Progress } from './lib/progress.js';
import { startServer } from './server.js';

const USAGE = `Usage: main.ts <command>
  start                                   run the server (default)
  demo                                    run the server on the demo folder, filling it with a demo operator first
  migrate                                 apply database migrations and exit
  create-admin --email E [--name N] [--password-stdin]
                                          add an administrator; without --password-stdin a password is generated
  generate --students N [--days D]        fill an EMPTY database with a realistic dataset of N children and D past
                                          school days of trips (default 20)
  backup --out FILE                       write a consistent backup (database and images), also while the server runs
  restore FILE [--force]                  restore a backup into an empty data folder or database (--force: replace)
`;

/** Commands that open DATA_DIR themselves; backup reaches a running server instead when there is one. */
const OPENS_DATA_DIR = new Set(['start', 'demo', 'migrate', 'create-admin', 'generate', 'restore']);

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Opens and migrates the database; `progress` shows a new one's creation and the migrations as they go. */
async function openMigrated(config: DatabaseConfig, progress: Progress): Promise<DatabaseHandle> {
  const database = await openDatabase(config, undefined, progress);
  try {
    await database.migrate(progress);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function main(argv: string[]): Promise<void> {
  // Everything this process creates in DATA_DIR is the owner's alone, PGlite's own files included.
  process.umask(OWNER_ONLY_UMASK);
  const [command = 'start', ...rest] = argv;
  const config = await loadCheckedConfig({ listen: command === 'start' || command === 'demo' });
  if (OPENS_DATA_DIR.has(command)) claimDataDir(config.dataDir, config.database.kind, command);

  switch (command) {
    case 'start': {
      const app = await startServer(config);
      const unavailable = await serveBackups(app.database, config.dataDir);
      if (unavailable) app.log.warn(unavailable);
      return;
    }
    case 'demo': {
      // scripts/run-server.mjs points DATA_DIR at the demo folder and makes the demo's administrator the first one.
      const app = await startServer(config);
      const unavailable = await serveBackups(app.database, config.dataDir);
      if (unavailable) app.log.warn(unavailable);
      if (!(await hasDemoOperator(app.database.db, DEMO_DRIVER_EMAIL))) {
        console.log('Filling the demo folder with a demo operator (about a minute)…');
        const summary = await fillDemoOperator(app, app.database.db, systemClock, config.timeZone);
        console.log(
          `Demo operator: ${summary.routes} routes with ${summary.stops} stops, ${summary.children} children, ` +
            `${summary.trips} trips for the coming school days, and this morning's first run under way ` +
            `(${summary.events} children boarded).`,
        );
      }
      console.log(
        [
          `Back-office: ${config.publicUrl}/ — sign in as ${DEMO_ACCOUNTS.admin.email} with "${DEMO_ACCOUNTS.admin.password}".`,
          `  Look at the Live map and Today (today's first run is under way, with its alerts), Trips (open a trip`,
          `  for its stops, scans and who is on the bus),`,
          `  Routes (a route's page shows its stops on the map with times), Stops and Calendar.`,
          `Driver app: ${config.publicUrl}/driver — sign in as ${DEMO_DRIVER_EMAIL} with "${DEMO_ACCOUNTS.driverPassword}"`,
          `  (driver2@ and driver3@demo.example.com too): today's runs, the manifest, boarding by tap, QR or NFC.`,
          `Parent portal: ${config.publicUrl}/parent — sign in as ${DEMO_ACCOUNTS.guardians[0]} (English) or`,
          `  ${DEMO_ACCOUNTS.guardians[1]} (Spanish, a second guardian in another home) with "${DEMO_ACCOUNTS.guardianPassword}":`,
          `  the bus, an authorized adult, the office's message and a question to the office (the office's Family inbox).`,
          `The demo lives in ${config.dataDir}; delete that folder to start the demo afresh.`,
        ].join('\n'),
      );
      return;
    }
    case 'migrate': {
      const progress = new Progress('migrate');
      await progress.run(async () => (await openMigrated(config.database, progress)).close());
      console.log('Migrations applied.');
      return;
    }
    case 'create-admin': {
      const { values } = parseArgs({
        args: rest,
        options: {
          email: { type: 'string' },
          name: { type: 'string' },
          'password-stdin': { type: 'boolean' },
        },
      });
      if (!values.email) throw new UsageError('create-admin needs --email');
      const password = values['password-stdin'] ? await readStdin() : undefined;
      const problem = password === undefined ? null : passwordProblem(password);
      if (problem) throw new UsageError(`The password is refused: ${problem}`);
      const progress = new Progress('create-admin');
      const database = await progress.run(() => openMigrated(config.database, progress), 'database ready');
      try {
        const admin = await createAdmin(
          database.db,
          { email: values.email.toLowerCase(), name: values.name ?? 'Administrator', password },
          'user.admin_created_from_cli',
        );
        console.log(`Administrator ${admin.email} created.`);
        if (admin.generatedPassword) console.log(`Password (shown only now): ${admin.generatedPassword}`);
      } finally {
        await database.close();
      }
      return;
    }
    case 'generate': {
      const { values } = parseArgs({
        args: rest,
        options: { students: { type: 'string' }, days: { type: 'string' }, history: { type: 'boolean' } },
      });
      const students = Number(values.students);
      const schoolDays = Number(values.days ?? 20);
      if (!Number.isInteger(students) || students < 1 || students > 5_000_000) {
        throw new UsageError('generate needs --students, a whole number from 1 to 5000000.');
      }
      if (!Number.isInteger(schoolDays) || schoolDays < 0 || schoolDays > 400)
        throw new UsageError('--days must be 0 to 400.');
      const progress = new Progress('generate');
      // The result goes out once the progress has ended: on a terminal its line would otherwise run on.
      const { summary, took } = await progress.run(async () => {
        const database = await openMigrated(config.database, progress);
        try {
          if (!(await isEmpty(database.db))) throw new UsageError('generate only fills an empty database.');
          const started = Date.now();
          const generated = await generateDataset(
            database.db,
            { students, schoolDays, history: values.history ?? false },
            progress,
          );
          return { summary: generated, took: Date.now() - started };
        } finally {
          await database.close();
        }
      });
      console.log(`Generated in ${(took / 1000).toFixed(1)} s:`, summary);
      return;
    }
    case 'backup': {
      const { values } = parseArgs({ args: rest, options: { out: { type: 'string' } } });
      const { out } = values;
      if (!out) throw new UsageError('backup needs --out FILE');
      const progress = new Progress('backup');
      await progress.run(() => runBackup(config, out, progress));
      console.log(`Backup written to ${out}.`);
      return;
    }
    case 'restore': {
      const { values, positionals } = parseArgs({
        args: rest,
        options: { force: { type: 'boolean' } },
        allowPositionals: true,
      });
      if (positionals.length !== 1) throw new UsageError('restore needs the backup FILE');
      const progress = new Progress('restore');
      await progress.run(() => runRestore(config, positionals[0]!, values.force === true, progress));
      console.log(`Restored ${positionals[0]}; start the server to use it (migrations run at start).`);
      return;
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof EmailTakenError ||
    error instanceof DataDirBusyError ||
    error instanceof BackupError
  ) {
    console.error(error.message);
  } else if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
