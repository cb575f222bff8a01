import type { SessionUser } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { browserLanguages } from '../i18n/index.js';
import { markSignedIn } from '../users/index.js';
import { clearFailedLogins } from './login-failure-queries.js';
import { createSession, lifetimeOf, type SessionLifetimes } from './sessions.js';

/**
 * The end of every successful sign-in, with or without a second factor: the account's and this address's failure
 * counts cleared, the sign-in time and the browser's languages, the session and its audit entry. Pass the transaction it belongs to.
 */
export async function openSignedInSession(
  tx: Executor,
  user: SessionUser,
  client: { ip: string; userAgent?: string; acceptLanguage?: string },
  now: Date,
  lifetimes: SessionLifetimes,
  secondFactor?: 'totp' | 'recovery-code' | 'passkey',
  /** More of the audit entry's details, e.g. which passkey. */
  more?: Record<string, string>,
): Promise<string> {
  await clearFailedLogins(tx, user.email.toLowerCase(), client.ip);
  await markSignedIn(tx, user.id, now, browserLanguages(client.acceptLanguage));
  const session = await createSession(tx, user.id, client, now, lifetimeOf(lifetimes, user.role));
  await recordAudit(tx, {
    actor: user,
    action: 'auth.login',
    entityType: 'session',
    entityId: session.sessionId,
    details: secondFactor || more ? { ...(secondFactor && { secondFactor }), ...more } : undefined,
    ip: client.ip,
  });
  return session.token;
}
