import type { Transaction } from '../../../db/client.js';

/**
 * When a job runs: when the server is ready and then every `every` ms; or once a day, at the first look (every
 * few minutes, DAILY_CHECK_MS) once the operator's time zone reads `dailyAt` (HH:MM, 24 hours), or later that day.
 */
export type JobSchedule = { every: number } | { dailyAt: string };

/** What a run tells the log: a sentence and the figures behind it. */
export interface JobReport {
  summary: string;
  figures: Record<string, unknown>;
  /** Nothing was done: told at debug level, not info (an hourly prune with nothing to prune). */
  idle?: boolean;
}

/** The work of a job run in every process; it opens its own transactions. What it answers is not looked at. */
export type ProcessWork = () => Promise<unknown>;

/** The work of a job run once across processes: in the transaction that claimed the run. */
export interface ClaimedWork {
  /** The run's work; if it fails, the claim goes with it and the next look (here or elsewhere) tries again. */
  run(tx: Transaction, day: string): Promise<JobReport>;
  /**
   * Called once the run has committed (not when another process had the claim, nor when the run failed): a job
   * that wrote live events (alerts) wakes the live hubs here, as every other writer does after its commit.
   */
  committed?(report: JobReport): void;
}

interface Declared {
  /** What the log and the claims call it: `daily_job_runs.job` for a daily job. */
  name: string;
  schedule: JobSchedule;
  /** False: declared but not run here (DAILY_JOBS=off; the alert checks under NODE_ENV=test). */
  enabled?: boolean;
}

/**
 * A job: what the runner (job-runner.ts) starts. `each-process`: every process runs it; its work is shared by other
 * means (rows claimed one by one, a unique cause) or is the process's own. `once-across-processes`: one run among
 * them, claimed in the database: a daily job's (job, day) row in `daily_job_runs`, a periodic job's advisory lock
 * (while one process runs it, the others skip that turn).
 */
export type Job =
  | (Declared & { claim: 'each-process'; run: ProcessWork })
  | (Declared & { claim: 'once-across-processes' } & ClaimedWork);

export type ClaimedJob = Extract<Job, { claim: 'once-across-processes' }>;

export const isDaily = (schedule: JobSchedule): schedule is { dailyAt: string } => 'dailyAt' in schedule;
