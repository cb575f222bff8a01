import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { dailyJobRuns } from '../../../db/schema/index.js';

/** The SQL of the jobs' claims (rules in job-claims.ts). */

/**
 * The first key of every job's advisory lock, the second being its name's hash: two-key locks are a key space of
 * their own, apart from the one-key locks other work takes (an import's, for one).
 */
const JOB_LOCKS = 0x10b5;

/** Takes `job`'s transaction-wide advisory lock if no other transaction holds it; answers whether it was taken. */
export async function tryJobLock(tx: Executor, job: string): Promise<boolean> {
  const [lock] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${JOB_LOCKS}, hashtext(${job})) as locked`,
  );
  return lock?.locked === true;
}

/**
 * Claims `job`'s run of `day`: true for the one caller whose insert went in. Another process inserting the same
 * (job, day) at the same moment waits on the unique key until this transaction ends, then sees the row and gets
 * false; if this transaction rolls back instead, its insert goes in and it runs the job.
 */
export async function claimDailyRun(tx: Executor, job: string, day: string): Promise<boolean> {
  const rows = await tx
    .insert(dailyJobRuns)
    .values({ job, day })
    .onConflictDoNothing({ target: [dailyJobRuns.job, dailyJobRuns.day] })
    .returning({ job: dailyJobRuns.job });
  return rows.length > 0;
}

export async function finishDailyRun(tx: Executor, job: string, day: string, at: Date): Promise<void> {
  await tx
    .update(dailyJobRuns)
    .set({ finishedAt: at })
    .where(and(eq(dailyJobRuns.job, job), eq(dailyJobRuns.day, day)));
}
