import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { preparedOnce } from '../../../db/prepared.js';
import { sessions, users } from '../../../db/schema/index.js';
import { accessChanged } from '../../../lib/access-changes.js';

/** The SQL of sessions; the rules (lifetimes, when to touch) are in sessions.ts. */

export interface NewSession {
  userId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  ip: string;
  userAgent: string | null;
}

export async function insertSession(db: Executor, session: NewSession): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ ...session, lastSeenAt: session.createdAt })
    .returning({ id: sessions.id });
  return row!.id;
}

function sessionByTokenHash(db: Executor, statement: string) {
  return db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        language: users.language,
      },
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

/**
 * The unrevoked session of an enabled user with this token hash. Every authenticated request runs this lookup,
 * so it is a prepared statement (db/prepared.ts).
 */
export async function findSessionByTokenHash(db: Executor, tokenHash: string) {
  const lookup = preparedOnce(db, 'session_by_token_hash', (statement) => sessionByTokenHash(db, statement));
  const [row] = await lookup.execute({ tokenHash });
  return row;
}

export async function touchSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  // Its live streams end before the answer goes (live-access.ts).
  accessChanged();
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
  accessChanged();
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

/** A user's sessions that are unrevoked, unexpired and used since `idleSince`, newest use first. */
export function liveSessions(db: Executor, userId: string, now: Date, idleSince: Date) {
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
