import type { Role, SessionUser } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { findSessionByTokenHash, insertSession, liveSessions, touchSession } from './session-queries.js';
import { hashToken, newToken } from './tokens.js';

/** The rules of sessions: how long they live, when a use is written down. Their SQL is session-queries.ts. */

export interface Lifetime {
  /** A session unused for this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however busy. */
  absoluteMs: number;
}

/** The lifetime of every role's sessions, except the roles of `perRole` (administrators': shorter). */
export interface SessionLifetimes extends Lifetime {
  perRole?: Partial<Record<Role, Lifetime>>;
}

export const lifetimeOf = (lifetimes: SessionLifetimes, role: Role): Lifetime =>
  lifetimes.perRole?.[role] ?? lifetimes;

export interface AuthenticatedSession {
  sessionId: string;
  user: SessionUser;
}

/** last_seen_at is written at most once a minute per session, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

/** `lifetime`: the lifetime of the user's role (lifetimeOf). */
export async function createSession(
  db: Executor,
  userId: string,
  client: { ip: string; userAgent?: string },
  now: Date,
  lifetime: Lifetime,
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const sessionId = await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetime.absoluteMs),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
  });
  return { token, sessionId };
}

/**
 * The session a token belongs to, if it is live: not revoked, not expired, not idle too long (for its user's
 * role), user enabled. A use is written down unless `touch` is false (the live stream's re-check, which is no use
 * by the person: an open tab must not keep a session from idling out).
 */
export async function authenticate(
  db: Executor,
  token: string,
  now: Date,
  lifetimes: SessionLifetimes,
  { touch = true }: { touch?: boolean } = {},
): Promise<AuthenticatedSession | null> {
  const row = await findSessionByTokenHash(db, hashToken(token));
  if (!row) return null;
  const idleDeadline = row.lastSeenAt.getTime() + lifetimeOf(lifetimes, row.user.role).idleMs;
  if (row.expiresAt <= now || idleDeadline <= now.getTime()) return null;
  if (touch && now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(db, row.sessionId, now);
  }
  return { sessionId: row.sessionId, user: row.user };
}

/** A user's sessions that are still live, newest use first. */
export function userLiveSessions(
  db: Executor,
  user: { id: string; role: Role },
  now: Date,
  lifetimes: SessionLifetimes,
) {
  return liveSessions(db, user.id, now, new Date(now.getTime() - lifetimeOf(lifetimes, user.role).idleMs));
}
