import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { claimDailyRun, finishDailyRun } from './daily-job-queries.js';

/** How often each process checks whether today's run is done: a new day is picked up within this. */
export const DAILY_JOB_CHECK_MS = 5 * 60_000;

export interface DailyJobReport {
  summary: string;
  figures: Record<string, unknown>;
}

export interface DailyJob {
  /** The name its runs are recorded under, one row per day. */
  name: string;
  /**
   * The day's work, in the transaction that claimed the day: if it fails, the claim goes too and the next check
   * (here or in another process) tries again. Answers a sentence for the log and the figures behind it.
   */
  run(tx: Transaction, today: string): Promise<DailyJobReport>;
  /**
   * Called once the day's run has committed (not when the day was taken already, nor when the run failed): a job
   * that wrote live events (alerts) wakes the live hubs here, as every other writer does after its commit.
   */
  committed?(report: DailyJobReport): void;
}

/**
 * Runs `job` for `today` unless some process already has: the claim and the work commit together, so the day is
 * done exactly once; then tells the job its run committed. Answers what the job reported, or null when the day was
 * already taken.
 */
export async function runDailyJob(
  db: Database,
  job: DailyJob,
  today: string,
  clock: Clock,
): Promise<DailyJobReport | null> {
  const report = await db.transaction(async (tx) => {
    if (!(await claimDailyRun(tx, job.name, today))) return null;
    const done = await job.run(tx, today);
    await finishDailyRun(tx, job.name, today, clock());
    return done;
  });
  if (report) job.committed?.(report);
  return report;
}

export interface DailyJobsDeps {
  db: Database;
  clock: Clock;
  /** Days begin at midnight in the operator's time zone. */
  timeZone: string;
  /** False (DAILY_JOBS=off): nothing is scheduled. */
  enabled: boolean;
  jobs: DailyJob[];
}

/**
 * Once the server is ready and then every DAILY_JOB_CHECK_MS, each job runs for the operator's today if no process
 * has run it yet (a timer in every process, one run a day among them: the claim row decides). The timer does not
 * keep the process alive; a shutdown stops it and waits for a run under way. The same shape as audit retention.
 */
export function addDailyJobs(
  app: FastifyInstance,
  { db, clock, timeZone, enabled, jobs }: DailyJobsDeps,
): void {
  if (!enabled) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  /** The day each job was last seen done by this process: no database call until the date changes. */
  const doneDay = new Map<string, string>();
  const check = () => {
    running = running.then(async () => {
      const today = zonedDate(clock(), timeZone);
      for (const job of jobs) {
        if (doneDay.get(job.name) === today) continue;
        try {
          const report = await runDailyJob(db, job, today, clock);
          doneDay.set(job.name, today);
          if (report)
            app.log.info(
              { job: job.name, day: today, ...report.figures },
              `daily job ${job.name}: ${report.summary}`,
            );
          else app.log.debug({ job: job.name, day: today }, `daily job ${job.name}: already run today`);
        } catch (error) {
          app.log.error({ err: error, job: job.name, day: today }, `daily job ${job.name} failed`);
        }
      }
    });
  };
  app.addHook('onReady', async () => {
    check();
    timer = setInterval(check, DAILY_JOB_CHECK_MS).unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
