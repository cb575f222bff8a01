import { and, count, eq, isNotNull, isNull, not, sql } from 'drizzle-orm';
import type { Role } from '@school-transport/shared';
import { guardianIsActive } from '../../../db/active-records.js';
import type { Executor } from '../../../db/client.js';
import { parents, users } from '../../../db/schema/index.js';
import { accessChanged } from '../../../lib/access-changes.js';

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

/** Whether this account is a guardian that roster sync deactivated (decision 076): their sign-in says so. */
export async function isDeactivatedGuardian(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: parents.id })
    .from(parents)
    .where(and(eq(parents.userId, userId), not(guardianIsActive)));
  return row !== undefined;
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

/**
 * The sign-in's time, and the languages the browser asked for (browserLanguages), which the account's texts follow
 * while it has chosen none. A browser that named none leaves the last one's.
 */
export async function markSignedIn(
  db: Executor,
  userId: string,
  now: Date,
  browserLanguage: string | null = null,
): Promise<void> {
  await db
    .update(users)
    .set({ lastLoginAt: now, ...(browserLanguage && { browserLanguage }) })
    .where(eq(users.id, userId));
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
  Pick<UserRow, 'name' | 'email' | 'passwordHash' | 'emailVerifiedAt' | 'disabledAt' | 'role' | 'updatedAt'>
>;

/** Writes the given columns of one user; answers the row as it now is, or undefined when there is none. */
export async function updateUser(
  db: Executor,
  id: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  // What decides who may follow the live stream (the triggers of migration 0030 list the same columns).
  if ('email' in changes || 'passwordHash' in changes || 'disabledAt' in changes || 'role' in changes)
    accessChanged();
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Writes the names and e-mail addresses the office or an import gives accounts: every path that changes another
 * person's address comes through here, so the rule is kept once. An address that changes (other than in letter
 * case: sign-in ignores case) ends every session of the account: a phone signed in under the old address no longer
 * holds the account. (The links mailed to the old address end by a trigger on any change of address, migration
 * 0011.) One's own change (account-service.ts verifyEmail) proves the new address with a code and is not this.
 * One statement for any number of accounts (an import's batch). Answers the ids of the users whose row changed.
 */
export async function setAccountNamesAndEmails(
  tx: Executor,
  accounts: Array<{ id: string; name: string; email: string }>,
  now: Date,
): Promise<string[]> {
  if (accounts.length === 0) return [];
  const at = sql`${now.toISOString()}::timestamptz`;
  // The update's FROM reads the rows as they were before it (`o`), so the old address is at hand to compare.
  const result = (await tx.execute(
    sql`with input as (select * from json_to_recordset(${JSON.stringify(accounts)}::json) as x(id uuid, name text, email text)),
        changed as (
          update users u set name = i.name, email = i.email, updated_at = ${at}
          from input i join users o on o.id = i.id
          where u.id = i.id and (u.name, u.email) is distinct from (i.name, i.email)
          returning u.id, lower(o.email) <> lower(i.email) as moved),
        ended as (
          update sessions s set revoked_at = ${at} from changed c
          where c.moved and s.user_id = c.id and s.revoked_at is null)
        select id from changed`,
  )) as unknown as { rows: Array<{ id: string }> };
  // A new address ends the account's live streams too, before the answer goes (lib/access-changes.ts).
  if (result.rows.length > 0) accessChanged();
  return result.rows.map((row) => row.id);
}
