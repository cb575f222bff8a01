import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { ClaimedJob, JobReport } from './job.js';
import { claimDailyRun, finishDailyRun, tryJobLock } from './job-queries.js';

type ClaimedRun = Pick<ClaimedJob, 'name' | 'run' | 'committed'>;

/**
 * Runs `job` for `day` unless some process already has: the claim row and the work commit together, so the day
 * is done exactly once; then tells the job its run committed. Answers what the job reported, or null when the day
 * was taken already.
 */
export async function runDailyJob(
  db: Database,
  job: ClaimedRun,
  day: string,
  clock: Clock,
): Promise<JobReport | null> {
  const report = await db.transaction(async (tx) => {
    if (!(await claimDailyRun(tx, job.name, day))) return null;
    const done = await job.run(tx, day);
    await finishDailyRun(tx, job.name, day, clock());
    return done;
  });
  if (report) job.committed?.(report);
  return report;
}

/**
 * Runs `job` under its advisory lock, so that several servers on one database do not all do the same work at
 * once: answers its report, or null when another process was at it (this turn is theirs).
 */
export async function runLockedJob(db: Database, job: ClaimedRun, day: string): Promise<JobReport | null> {
  const report = await db.transaction(async (tx) => {
    if (!(await tryJobLock(tx, job.name))) return null;
    return job.run(tx, day);
  });
  if (report) job.committed?.(report);
  return report;
}
