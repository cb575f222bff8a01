import type { SessionUser } from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import { findSessionByTokenHash, insertSession, liveSessions, touchSession } from './session-queries.js';
import { hashToken, newToken } from './tokens.js';

/** The rules of sessions: how long they live, when a use is written down. Their SQL is session-queries.ts. */

export interface SessionLifetimes {
  /** A session unused for this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however busy. */
  absoluteMs: number;
}

export interface AuthenticatedSession {
  sessionId: string;
  user: SessionUser;
}

/** last_seen_at is written at most once a minute per session, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(
  db: Executor,
  userId: string,
  client: { ip: string; userAgent?: string },
  now: Date,
  lifetimes: SessionLifetimes,
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const sessionId = await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimes.absoluteMs),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
  });
  return { token, sessionId };
}

/** The session a token belongs to, if it is live: not revoked, not expired, not idle too long, user enabled. */
export async function authenticate(
  db: Executor,
  token: string,
  now: Date,
  lifetimes: SessionLifetimes,
): Promise<AuthenticatedSession | null> {
  const row = await findSessionByTokenHash(db, hashToken(token));
  if (!row) return null;
  const idleDeadline = row.lastSeenAt.getTime() + lifetimes.idleMs;
  if (row.expiresAt <= now || idleDeadline <= now.getTime()) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(db, row.sessionId, now);
  }
  return { sessionId: row.sessionId, user: row.user };
}

/** A user's sessions that are still live, newest use first. */
export function userLiveSessions(db: Executor, userId: string, now: Date, lifetimes: SessionLifetimes) {
  return liveSessions(db, userId, now, new Date(now.getTime() - lifetimes.idleMs));
}
