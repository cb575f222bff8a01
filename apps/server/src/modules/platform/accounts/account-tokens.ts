import { createHmac, randomInt } from 'node:crypto';
import type { Executor } from '../../../db/client.js';
import { hashToken, newToken } from '../auth/index.js';
import { insertToken, lockLiveToken, spendOpenTokens, type TokenRow } from './account-queries.js';

/** The rules of mailed links and codes: how long they live, which one counts. Their SQL is account-queries.ts. */

export type LinkPurpose = 'password_reset' | 'invitation';

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
  await insertToken(tx, {
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
  const row = await lockLiveToken(tx, hashToken(token), now);
  return row?.purpose === 'email_change' ? undefined : row;
}

/** Six digits are few, so the stored hash is keyed with the server's secret: a leaked table cannot be brute-forced offline. */
export const codeHasher = (secret: Buffer) => (tokenId: string, code: string) =>
  createHmac('sha256', secret).update(`${tokenId}:${code}`).digest('hex');

export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
