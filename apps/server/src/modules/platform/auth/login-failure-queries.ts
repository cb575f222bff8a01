import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { loginBackoff, loginFailures, sessions, users } from '../../../db/schema/index.js';

/** The SQL of sign-in failures and its limits; when a failure refuses an attempt is decided in auth-service.ts. */

/** Wrong passwords one client address may give for one e-mail address before that pair is locked. */
export const ADDRESS_MAX_FAILURES = 5;
export const ADDRESS_LOCK_MS = 15 * 60_000;
/** Failures for an e-mail address, from any client address, before each further one delays the next try. */
export const ACCOUNT_FREE_FAILURES = 10;
/** The delay doubles with each failure past the free ones, from 1 s up to this. */
export const ACCOUNT_MAX_DELAY_SECONDS = 15 * 60;
/** Failures this old no longer count, and their rows go (pruneLoginFailures). */
export const FAILURE_MEMORY_MS = 24 * 3_600_000;

/** Until when the pair (e-mail, client address) is locked, if it ever was. */
export async function pairLockedUntil(db: Executor, email: string, ip: string): Promise<Date | null> {
  const [pair] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
  return pair?.lockedUntil ?? null;
}

/** Until when every attempt on this e-mail address waits, if it ever had to. */
export async function accountDelayedUntil(db: Executor, email: string): Promise<Date | null> {
  const [account] = await db
    .select({ delayedUntil: loginBackoff.delayedUntil })
    .from(loginBackoff)
    .where(eq(loginBackoff.email, email));
  return account?.delayedUntil ?? null;
}

/** Whether an account with this e-mail has ever had a session from this client address. */
export async function signedInFromBefore(db: Executor, email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`lower(${users.email}) = ${email}`, eq(sessions.ip, ip)))
    .limit(1);
  return row !== undefined;
}

/**
 * Counts one failure for the pair and for the account, each in a single statement, so parallel wrong guesses
 * cannot slip past the limits. A pair lock that has run out starts its count again.
 */
export async function recordFailedLogin(db: Executor, email: string, ip: string, now: Date): Promise<void> {
  const lockEnd = new Date(now.getTime() + ADDRESS_LOCK_MS);
  const expired = sql`coalesce(${loginFailures.lockedUntil} <= ${now}, false)`;
  const failures = sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`;
  await db
    .insert(loginFailures)
    .values({ email, ip, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.email, loginFailures.ip],
      set: {
        failures,
        lockedUntil: sql`case when ${failures} >= ${ADDRESS_MAX_FAILURES}::int then ${lockEnd}::timestamptz
          when ${expired} then null else ${loginFailures.lockedUntil} end`,
        lastFailedAt: now,
      },
    });

  const forgotten = new Date(now.getTime() - FAILURE_MEMORY_MS);
  const accountFailures = sql`case when ${loginBackoff.lastFailedAt} < ${forgotten}::timestamptz then 1
    else ${loginBackoff.failures} + 1 end`;
  await db
    .insert(loginBackoff)
    .values({ email, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: loginBackoff.email,
      set: {
        failures: accountFailures,
        delayedUntil: sql`case when ${accountFailures} > ${ACCOUNT_FREE_FAILURES}::int
          then ${now}::timestamptz + make_interval(secs => least(
            power(2, ${accountFailures} - ${ACCOUNT_FREE_FAILURES}::int - 1), ${ACCOUNT_MAX_DELAY_SECONDS}::int))
          end`,
        lastFailedAt: now,
      },
    });
}

/**
 * After a successful sign-in: the account's count, and the count of the address it came from. Other addresses
 * stay locked. Without an address (the owner proved their mailbox with a reset link) every lock of the e-mail ends.
 */
export async function clearFailedLogins(db: Executor, email: string, ip?: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email), ip === undefined ? undefined : eq(loginFailures.ip, ip)));
  await db.delete(loginBackoff).where(eq(loginBackoff.email, email));
}

/** Forgets failures nobody is locked by any more, so guessed addresses do not pile up. */
export async function pruneLoginFailures(db: Executor, now: Date): Promise<void> {
  const forgotten = new Date(now.getTime() - FAILURE_MEMORY_MS);
  const stale = (lastFailedAt: PgColumn, until: PgColumn) =>
    and(lt(lastFailedAt, forgotten), or(isNull(until), lt(until, now)));
  await db.delete(loginFailures).where(stale(loginFailures.lastFailedAt, loginFailures.lockedUntil));
  await db.delete(loginBackoff).where(stale(loginBackoff.lastFailedAt, loginBackoff.delayedUntil));
}
