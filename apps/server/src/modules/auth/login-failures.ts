import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 15 * 60_000;

/** When the address is locked, the moment the lock ends; otherwise null. */
export async function lockedUntil(db: Executor, email: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(eq(loginFailures.email, email));
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

/**
 * Counts one failure in a single statement, so parallel wrong guesses cannot slip past the limit. A lock that has
 * run out starts the count again.
 */
export async function recordFailedLogin(db: Executor, email: string, now: Date): Promise<void> {
  const lockEnd = new Date(now.getTime() + LOCK_MS);
  const expired = sql`coalesce(${loginFailures.lockedUntil} <= ${now}, false)`;
  const failures = sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`;
  await db
    .insert(loginFailures)
    .values({ email, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        failures,
        lockedUntil: sql`case when ${failures} >= ${MAX_FAILED_LOGINS} then ${lockEnd}::timestamptz
          when ${expired} then null else ${loginFailures.lockedUntil} end`,
        lastFailedAt: now,
      },
    });
}

export async function clearFailedLogins(db: Executor, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
