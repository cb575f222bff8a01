import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { accountTokens } from '../../../db/schema/index.js';

/** The SQL of account tokens: reset and invitation links, e-mail change codes (rules in account-tokens.ts). */

export type TokenRow = typeof accountTokens.$inferSelect;
export type TokenPurpose = TokenRow['purpose'];
type NewToken = typeof accountTokens.$inferInsert;

export async function insertToken(tx: Executor, token: NewToken): Promise<string> {
  const [row] = await tx.insert(accountTokens).values(token).returning({ id: accountTokens.id });
  return row!.id;
}

export async function updateToken(
  tx: Executor,
  id: string,
  changes: Pick<Partial<TokenRow>, 'codeHash' | 'attempts' | 'sentAt' | 'expiresAt' | 'usedAt'>,
): Promise<void> {
  await tx.update(accountTokens).set(changes).where(eq(accountTokens.id, id));
}

export async function spendToken(tx: Executor, id: string, now: Date): Promise<void> {
  await updateToken(tx, id, { usedAt: now });
}

export async function spendOpenTokens(tx: Executor, userId: string, purpose: TokenPurpose, now: Date) {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}

/** The unspent, unexpired token with this hash, locked. */
export async function lockLiveToken(
  tx: Executor,
  tokenHash: string,
  now: Date,
): Promise<TokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .for('update');
  return row;
}

/** The user's tokens of this purpose that still work: unspent and unexpired. */
const liveTokensOf = (userId: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(accountTokens.userId, userId),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );

/** The user's newest open e-mail change, if any. */
export async function openEmailChange(tx: Executor, userId: string, now: Date, lock = false) {
  const query = tx
    .select()
    .from(accountTokens)
    .where(liveTokensOf(userId, 'email_change', now))
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** How many tokens of this purpose were sent to the user since `since`. */
export async function tokensSentSince(tx: Executor, userId: string, purpose: TokenPurpose, since: Date) {
  const rows = await tx
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.sentAt, since),
      ),
    );
  return rows.length;
}

/** Whether the user holds an unspent, unexpired token of this purpose (an invitation still open). */
export async function hasLiveToken(tx: Executor, userId: string, purpose: TokenPurpose, now: Date) {
  const [row] = await tx
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(liveTokensOf(userId, purpose, now))
    .limit(1);
  return row !== undefined;
}
