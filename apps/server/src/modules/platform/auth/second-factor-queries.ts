import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { recoveryCodes, signInChallenges, totpFactors } from '../../../db/schema/index.js';

/** The SQL of second factors and of the sign-in step between password and session; the rules are in the service. */

export async function findTotpFactor(db: Executor, userId: string) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row;
}

export async function hasConfirmedTotp(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return row !== undefined;
}

/** A new unconfirmed factor, replacing an unconfirmed one; a confirmed one stays (the caller refused first). */
export async function putPendingTotp(db: Executor, userId: string, encryptedSecret: string, now: Date) {
  await db
    .insert(totpFactors)
    .values({ userId, encryptedSecret, createdAt: now })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { encryptedSecret, createdAt: now, lastUsedStep: null },
      where: isNull(totpFactors.confirmedAt),
    });
}

/**
 * Takes the code of `step`: only if no code of this step or a later one was taken before. One statement, so two
 * sign-ins racing with the same code cannot both pass.
 */
export async function takeTotpStep(
  db: Executor,
  userId: string,
  step: number,
  confirmAt?: Date,
): Promise<boolean> {
  const taken = await db
    .update(totpFactors)
    .set({ lastUsedStep: step, ...(confirmAt ? { confirmedAt: confirmAt } : {}) })
    .where(
      and(
        eq(totpFactors.userId, userId),
        confirmAt ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return taken.length === 1;
}

export async function deleteTotp(db: Executor, userId: string): Promise<boolean> {
  const removed = await db
    .delete(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .returning({ userId: totpFactors.userId });
  return removed.length === 1;
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Marks one unused code used, in one statement: a code works once even when two sign-ins race with it. */
export async function takeRecoveryCode(
  db: Executor,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const taken = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return taken.length === 1;
}

export async function unusedRecoveryCodeCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertChallenge(
  db: Executor,
  challenge: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(signInChallenges).values(challenge);
}

export async function findChallenge(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.tokenHash, tokenHash), gt(signInChallenges.expiresAt, now)));
  return row;
}

/** Counts a wrong code against the step; the step ends at `maxFailures`. */
export async function failChallenge(db: Executor, id: string, maxFailures: number): Promise<void> {
  const [row] = await db
    .update(signInChallenges)
    .set({ failures: sql`${signInChallenges.failures} + 1` })
    .where(eq(signInChallenges.id, id))
    .returning({ failures: signInChallenges.failures });
  if (row && row.failures >= maxFailures) await deleteChallenge(db, id);
}

/** Ends the step; false when it was already ended (a second use of the same pending token). */
export async function deleteChallenge(db: Executor, id: string): Promise<boolean> {
  const removed = await db
    .delete(signInChallenges)
    .where(eq(signInChallenges.id, id))
    .returning({ id: signInChallenges.id });
  return removed.length === 1;
}

/** Steps that have run out, with the login failures' daily pruning. */
export async function pruneChallenges(db: Executor, now: Date): Promise<void> {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
}
