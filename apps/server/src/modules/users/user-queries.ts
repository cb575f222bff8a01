import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Role } from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** The unique index on lower(email), as the field and message a form shows when it refuses a write. */
export const EMAIL_TAKEN = {
  users_email_lower_unique: { field: 'email', message: 'An account with this email address already exists.' },
};

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** Admins who can sign in: not disabled, and with a password (an invitation not yet accepted does not count). */
export async function countActiveAdmins(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt), isNotNull(users.passwordHash)));
  return row?.n ?? 0;
}

export interface NewUser {
  name: string;
  email: string;
  role: Role;
  passwordHash: string | null;
  /** Set when the address is vouched for (an admin typed it in); otherwise it waits for verification. */
  emailVerifiedAt?: Date | null;
}

/** Inserts unless the e-mail is taken; answers the new row, or undefined when the address already exists. */
export async function insertUserIfNew(db: Executor, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

export async function markSignedIn(db: Executor, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Locks the user's row until the transaction ends: what serialises concurrent requests about one account. */
export async function lockUser(tx: Executor, id: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

export type UserChanges = Partial<
  Pick<UserRow, 'name' | 'email' | 'passwordHash' | 'emailVerifiedAt' | 'disabledAt' | 'updatedAt'>
>;

/** Writes the given columns of one user; answers the row as it now is, or undefined when there is none. */
export async function updateUser(
  db: Executor,
  id: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}
