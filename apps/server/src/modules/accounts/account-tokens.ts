import { createHmac, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountTokens } from '../../db/schema/index.js';
import { hashToken, newToken } from '../auth/tokens.js';

export type LinkPurpose = 'password_reset' | 'invitation';
export type TokenRow = typeof accountTokens.$inferSelect;

export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  password_reset: 60 * 60_000,
  invitation: 72 * 3_600_000,
};
export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_INTERVAL_MS = 60_000;

/** A new link token; earlier unused ones of the same purpose stop working, so only the newest mail counts. */
export async function issueLinkToken(
  tx: Executor,
  userId: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<string> {
  await spendOpenTokens(tx, userId, purpose, now);
  const token = newToken();
  await tx.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]),
    sentAt: now,
  });
  return token;
}

/** The live row behind a link token, locked, or undefined when it is unknown, spent or expired. */
export async function openLinkToken(tx: Executor, token: string, now: Date): Promise<TokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .for('update');
  return row?.purpose === 'email_change' ? undefined : row;
}

export async function spend(tx: Executor, id: string, now: Date): Promise<void> {
  await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, id));
}

export async function spendOpenTokens(tx: Executor, userId: string, purpose: TokenRow['purpose'], now: Date) {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}

/** Six digits are few, so the stored hash is keyed with the server's secret: a leaked table cannot be brute-forced offline. */
export const codeHasher = (secret: Buffer) => (tokenId: string, code: string) =>
  createHmac('sha256', secret).update(`${tokenId}:${code}`).digest('hex');

export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The user's newest open e-mail change, if any. */
export async function openEmailChange(tx: Executor, userId: string, now: Date, lock = false) {
  const query = tx
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'email_change'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** How many link mails of this purpose went to the user since `since`: the per-address limit on requests. */
export async function linksSentSince(tx: Executor, userId: string, purpose: LinkPurpose, since: Date) {
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
