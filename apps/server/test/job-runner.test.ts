import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.js';
import { dailyJobRuns } from '../src/db/schema/index.js';
import type { Job, JobReport } from '../src/modules/platform/jobs/job.js';
import { serverJobs, type ServerJobWork } from '../src/modules/platform/jobs/job-registry.js';
import { createJobRunner } from '../src/modules/platform/jobs/job-runner.js';
import { createTestApp, manualClock, TEST_DB, type TestApp } from './support/test-app.js';

/**
 * The job runner (modules/platform/jobs): a run still going is not started again, a wake runs once more after it,
 * closing waits for the runs under way, a failure is logged and the next turn tries again; a job claimed once
 * across processes runs once among two of them on one database (both engines); a daily job runs at its local time
 * in the operator's zone, once that day.
 */
let t: TestApp;
/** A second process's handle on the same database: PostgreSQL's own pool, or PGlite's one connection shared. */
let other: DatabaseHandle;
const db = () => t.app.database.db;

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  other = TEST_DB === 'postgres' ? await openDatabase(t.config.database) : t.app.database;
});
afterAll(async () => {
  if (other !== t.app.database) await other.close();
  await t.close();
});

const lines: Array<{ level: string; object: object; message: string }> = [];
const log = {
  info: (object: object, message: string) => void lines.push({ level: 'info', object, message }),
  debug: (object: object, message: string) => void lines.push({ level: 'debug', object, message }),
  error: (object: object, message: string) => void lines.push({ level: 'error', object, message }),
};

const runnerOn = (
  database: Database,
  options: { clock?: () => Date; timeZone?: string; dailyCheckMs?: number } = {},
) =>
  createJobRunner({
    db: database,
    clock: options.clock ?? (() => new Date()),
    timeZone: options.timeZone ?? 'Europe/London',
    log,
    dailyCheckMs: options.dailyCheckMs ?? 10,
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Timers on a machine the other test files keep busy: a condition is given a while. */
const eventually = (check: () => void | Promise<void>) =>
  vi.waitFor(check, { timeout: 10_000, interval: 10 });

/** A promise the test settles by hand. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Counts a job's runs and the most that ran at one time. */
function counted(work: () => Promise<unknown> = () => sleep(40)) {
  const count = { runs: 0, now: 0, most: 0 };
  const run = async () => {
    count.runs++;
    count.now++;
    count.most = Math.max(count.most, count.now);
    try {
      await work();
    } finally {
      count.now--;
    }
  };
  return { count, run };
}

let unique = 0;
const nameOf = (what: string) => `test-${what}-${++unique}`;

describe('on one process', () => {
  it('does not start a run while the last one is still going', async () => {
    const { count, run } = counted(() => sleep(60));
    const jobs = runnerOn(db());
    jobs.start([{ name: nameOf('slow'), schedule: { every: 5 }, claim: 'each-process', run }]);
    await eventually(() => expect(count.runs).toBeGreaterThanOrEqual(3));
    await jobs.close();
    expect(count.most).toBe(1);
  });

  it('runs once more after the run under way when woken meanwhile, however often', async () => {
    const first = gate();
    let runs = 0;
    const name = nameOf('woken');
    const jobs = runnerOn(db());
    jobs.wake(name); // before the start: nothing
    jobs.start([
      {
        name,
        schedule: { every: 3_600_000 },
        claim: 'each-process',
        run: async () => {
          runs++;
          if (runs === 1) await first.opened;
        },
      },
    ]);
    expect(runs).toBe(1);
    jobs.wake(name);
    jobs.wake(name);
    first.open();
    await eventually(() => expect(runs).toBe(2));
    await sleep(30);
    expect(runs).toBe(2);
    expect(() => jobs.wake('no-such-job')).toThrow(/No job is named no-such-job/);
    await jobs.close();
    jobs.wake(name);
    await sleep(30);
    expect(runs).toBe(2);
  });

  it('waits for the runs under way when closed, and starts none afterwards', async () => {
    const slow = gate();
    let finished = false;
    const jobs = runnerOn(db());
    jobs.start([
      {
        name: nameOf('awaited'),
        schedule: { every: 10 },
        claim: 'each-process',
        run: async () => {
          await slow.opened;
          finished = true;
        },
      },
    ]);
    let closed = false;
    const closing = jobs.close().then(() => (closed = true));
    await sleep(50);
    expect(closed).toBe(false);
    slow.open();
    await closing;
    expect(finished).toBe(true);
  });

  it('logs a failed run, and tries again at the next turn', async () => {
    const name = nameOf('failing');
    let runs = 0;
    const jobs = runnerOn(db());
    jobs.start([
      {
        name,
        schedule: { every: 10 },
        claim: 'each-process',
        run: async () => {
          runs++;
          throw new Error('boom');
        },
      },
    ]);
    await eventually(() => expect(runs).toBeGreaterThanOrEqual(2));
    await jobs.close();
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: `periodic job ${name} failed`,
        object: expect.objectContaining({ job: name }),
      }),
    );
  });

  it('refuses two jobs of one name, a daily time that is no HH:MM, and leaves a job not enabled alone', async () => {
    const jobs = runnerOn(db());
    const idle = counted();
    const job = (name: string, dailyAt = '00:00'): Job => ({
      name,
      schedule: { dailyAt },
      claim: 'each-process',
      run: idle.run,
    });
    expect(() => jobs.start([job('same'), job('same')])).toThrow(/Two jobs are named same/);
    expect(() => jobs.start([job('late', '24:00')])).toThrow(/dailyAt must be HH:MM/);
    jobs.start([{ ...job('off'), enabled: false }]);
    jobs.wake('off');
    await jobs.close();
    expect(idle.count.runs).toBe(1); // 'same', started before its twin was refused
  });
});

describe('once across processes, two processes on one database', () => {
  const report = (): JobReport => ({ summary: 'done', figures: {} });

  it('runs a daily job once for the day among them, the claim and the work in one transaction', async () => {
    const name = nameOf('daily-once');
    let runs = 0;
    const job: Job = {
      name,
      schedule: { dailyAt: '00:00' },
      claim: 'once-across-processes',
      async run() {
        runs++;
        await sleep(50);
        return report();
      },
    };
    const first = runnerOn(db());
    const second = runnerOn(other.db);
    first.start([job]);
    second.start([job]);
    await sleep(300);
    await Promise.all([first.close(), second.close()]);
    expect(runs).toBe(1);
    const rows = await db().select().from(dailyJobRuns).where(eq(dailyJobRuns.job, name));
    expect(rows).toEqual([expect.objectContaining({ finishedAt: expect.any(Date) })]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'info', message: `daily job ${name}: done` }),
    );
  });

  it('never runs a periodic one in two processes at once', async () => {
    const name = nameOf('periodic-once');
    const { count, run } = counted(() => sleep(60));
    const job: Job = {
      name,
      schedule: { every: 5 },
      claim: 'once-across-processes',
      async run() {
        await run();
        return report();
      },
    };
    const first = runnerOn(db());
    const second = runnerOn(other.db);
    first.start([job]);
    second.start([job]);
    await eventually(() => expect(count.runs).toBeGreaterThanOrEqual(4));
    await Promise.all([first.close(), second.close()]);
    expect(count.most).toBe(1);
  });

  // PGlite has one connection: a transaction waits for the one before it, so there is never another holding the lock.
  it.runIf(TEST_DB === 'postgres')('leaves a periodic turn to the process holding its lock', async () => {
    const name = nameOf('periodic-skipped');
    const slow = gate();
    const { count, run } = counted(() => slow.opened);
    const job: Job = {
      name,
      schedule: { every: 5 },
      claim: 'once-across-processes',
      async run() {
        await run();
        return report();
      },
    };
    const first = runnerOn(db());
    first.start([job]);
    await eventually(() => expect(count.runs).toBe(1));
    const second = runnerOn(other.db);
    second.start([job]);
    await eventually(() =>
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 'debug',
          message: `periodic job ${name}: already run, or running, in another process`,
        }),
      ),
    );
    expect(count.runs).toBe(1);
    slow.open();
    await Promise.all([first.close(), second.close()]);
  });
});

describe('a daily job', () => {
  it("runs once its time has come in the operator's zone, once that day, and again the next", async () => {
    // 06:29 in New York (EST, UTC−5) on Monday 2 March.
    const time = manualClock(new Date('2026-03-02T11:29:00Z'));
    const name = nameOf('at-six-thirty');
    const days: string[] = [];
    const jobs = runnerOn(db(), { clock: time.clock, timeZone: 'America/New_York' });
    jobs.start([
      {
        name,
        schedule: { dailyAt: '06:30' },
        claim: 'once-across-processes',
        async run(_tx, day) {
          days.push(day);
          return { summary: day, figures: {} };
        },
      },
    ]);
    await sleep(60);
    expect(days).toEqual([]);
    time.advance(60_000); // 06:30
    await eventually(() => expect(days).toEqual(['2026-03-02']));
    time.advance(12 * 3_600_000); // 18:30 the same day
    await sleep(60);
    expect(days).toEqual(['2026-03-02']);
    time.advance(6 * 3_600_000); // 00:30 on Tuesday: not yet
    await sleep(60);
    expect(days).toEqual(['2026-03-02']);
    time.advance(6 * 3_600_000); // 06:30 on Tuesday
    await eventually(() => expect(days).toEqual(['2026-03-02', '2026-03-03']));
    await jobs.close();
  });

  it("takes the zone's date, not UTC's: in Auckland, 18:00 UTC on the 2nd is 07:00 on the 3rd", async () => {
    const time = manualClock(new Date('2026-03-02T18:00:00Z'));
    const days: string[] = [];
    const jobs = runnerOn(db(), { clock: time.clock, timeZone: 'Pacific/Auckland' });
    jobs.start([
      {
        name: nameOf('auckland'),
        schedule: { dailyAt: '06:00' },
        claim: 'once-across-processes',
        async run(_tx, day) {
          days.push(day);
          return { summary: day, figures: {} };
        },
      },
    ]);
    await eventually(() => expect(days).toEqual(['2026-03-03']));
    await sleep(60);
    expect(days).toEqual(['2026-03-03']);
    await jobs.close();
  });
});

describe('the registry', () => {
  it('lists every job of the server once, each with a schedule and a claim', () => {
    const work = new Proxy({} as ServerJobWork, { get: () => ({ run: async () => null }) });
    const jobs = serverJobs(work, { alertChecks: true, dailyJobs: true });
    expect(jobs.map((job) => job.name)).toEqual([
      'alert-checks',
      'late-check',
      'child-check-alerts',
      'notification-dispatch',
      'family-messages',
      'live-catch-up',
      'address-geocoding',
      'audit-retention',
      'trips-ahead',
      'live-events-prune',
      'retention',
      'credential-expiry',
      'roster-sync',
    ]);
    const daily = jobs.filter((job) => 'dailyAt' in job.schedule).map((job) => job.name);
    expect(daily).toEqual(['trips-ahead', 'live-events-prune', 'retention', 'credential-expiry']);
    // Under NODE_ENV=test and DAILY_JOBS=off: the alert checks and the daily jobs are declared, not run.
    const off = serverJobs(work, { alertChecks: false, dailyJobs: false });
    expect(off.filter((job) => job.enabled !== false).map((job) => job.name)).toEqual([
      'notification-dispatch',
      'family-messages',
      'live-catch-up',
      'address-geocoding',
      'audit-retention',
      'roster-sync',
    ]);
  });
});
