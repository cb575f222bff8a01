import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { sessions, users } from '../../db/schema/index.js';
import { hashToken, newToken } from './tokens.js';

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
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + lifetimes.absoluteMs),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

/** Every authenticated request runs this lookup, so it is a prepared statement (db/prepared.ts). */
function sessionByTokenHash(db: Executor, statement: string) {
  return db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: { id: users.id, name: users.name, email: users.email, role: users.role },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        isNull(users.disabledAt),
      ),
    )
    .limit(1)
    .prepare(statement);
}

/** The session a token belongs to, if it is live: not revoked, not expired, not idle too long, user enabled. */
export async function authenticate(
  db: Executor,
  token: string,
  now: Date,
  lifetimes: SessionLifetimes,
): Promise<AuthenticatedSession | null> {
  const lookup = preparedOnce(db, 'session_by_token_hash', (statement) => sessionByTokenHash(db, statement));
  const [row] = await lookup.execute({ tokenHash: hashToken(token) });
  if (!row) return null;
  const idleDeadline = row.lastSeenAt.getTime() + lifetimes.idleMs;
  if (row.expiresAt <= now || idleDeadline <= now.getTime()) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return { sessionId: row.sessionId, user: row.user };
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, except `keepSessionId` (the one making the change) when given. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

/** A user's sessions that are still live, newest use first. */
export async function liveSessions(db: Executor, userId: string, now: Date, lifetimes: SessionLifetimes) {
  const idleSince = new Date(now.getTime() - lifetimes.idleMs);
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}
