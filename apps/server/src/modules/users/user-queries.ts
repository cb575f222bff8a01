import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Role } from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

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
