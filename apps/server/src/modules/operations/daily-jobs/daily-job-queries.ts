import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { dailyJobRuns } from '../../../db/schema/index.js';

/** The SQL of the once-a-day jobs (rules in daily-job-service.ts). */

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
