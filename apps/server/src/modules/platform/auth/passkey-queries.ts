import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { webauthnChallenges, webauthnCredentials } from '../../../db/schema/index.js';

/** The SQL of passkeys and their ceremonies' challenges; the rules are in passkeys.ts and the service. */

export async function listPasskeys(db: Executor, userId: string) {
  return db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(asc(webauthnCredentials.createdAt));
}

export async function hasPasskey(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: webauthnCredentials.id })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** The user's credential with this WebAuthn id: another user's is not found. */
export async function findUserPasskey(db: Executor, userId: string, credentialId: string) {
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.userId, userId), eq(webauthnCredentials.credentialId, credentialId)));
  return row;
}

/** False when the credential id is already registered (to anybody). */
export async function insertPasskey(
  db: Executor,
  row: typeof webauthnCredentials.$inferInsert,
): Promise<{ id: string } | undefined> {
  const [inserted] = await db
    .insert(webauthnCredentials)
    .values(row)
    .onConflictDoNothing({ target: webauthnCredentials.credentialId })
    .returning({ id: webauthnCredentials.id });
  return inserted;
}

/**
 * Takes a use with signature counter `counter`: only if it is above the stored one, or both are 0 (authenticators
 * that keep no counter). One statement, so two sign-ins racing with one assertion cannot both pass.
 */
export async function takePasskeyUse(db: Executor, id: string, counter: number, now: Date): Promise<boolean> {
  const taken = await db
    .update(webauthnCredentials)
    .set({ counter, lastUsedAt: now })
    .where(
      and(
        eq(webauthnCredentials.id, id),
        or(
          lt(webauthnCredentials.counter, counter),
          and(eq(webauthnCredentials.counter, 0), sql`${counter} = 0`),
        ),
      ),
    )
    .returning({ id: webauthnCredentials.id });
  return taken.length === 1;
}

/** Removes the user's passkey `id` (another user's is not found), answering its label. */
export async function deletePasskey(db: Executor, userId: string, id: string) {
  const [removed] = await db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.userId, userId), eq(webauthnCredentials.id, id)))
    .returning({ label: webauthnCredentials.label });
  return removed;
}

/**
 * A new challenge, replacing the user's earlier one of the same kind (a registration's, or this sign-in step's):
 * only the latest ceremony can complete.
 */
export async function putWebauthnChallenge(
  db: Executor,
  row: { userId: string; signInChallengeId: string | null; challenge: string; expiresAt: Date },
): Promise<void> {
  await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.userId, row.userId),
        row.signInChallengeId
          ? eq(webauthnChallenges.signInChallengeId, row.signInChallengeId)
          : isNull(webauthnChallenges.signInChallengeId),
      ),
    );
  await db.insert(webauthnChallenges).values(row);
}

/** Takes (deletes) the user's live challenge of that kind, answering it; a challenge is used once. */
export async function takeWebauthnChallenge(
  db: Executor,
  userId: string,
  signInChallengeId: string | null,
  now: Date,
): Promise<string | undefined> {
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.userId, userId),
        signInChallengeId
          ? eq(webauthnChallenges.signInChallengeId, signInChallengeId)
          : isNull(webauthnChallenges.signInChallengeId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge, expiresAt: webauthnChallenges.expiresAt });
  const live = taken.find((row) => row.expiresAt > now);
  return live?.challenge;
}

export async function pruneWebauthnChallenges(db: Executor, now: Date): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
}
