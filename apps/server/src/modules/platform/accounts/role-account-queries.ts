import { and, eq, isNull, sql } from 'drizzle-orm';
import type { InvitedAccountState } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { accountTokens, drivers, parents, users } from '../../../db/schema/index.js';

/** The SQL of the accounts of people the office keeps records of (rules in role-account-service.ts). */

/** The record tables whose rows own an account (their `user_id`), by the account's role. */
export const ROLE_ACCOUNT_TABLES = { driver: drivers, parent: parents } as const;
export type AccountRole = keyof typeof ROLE_ACCOUNT_TABLES;

/**
 * What an account's state is made of, read with its record (the resource kit joins `users`): whether a password is
 * set, whether the account is disabled, and until when the newest unspent invitation works (0: none). Whether that
 * time has passed is the caller's to say, by the server's clock (accountStateOf). The look-up uses account_tokens'
 * user index.
 */
export const accountStateColumns = {
  accountHasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
  accountDisabled: sql<boolean>`(${users.disabledAt} is not null)`,
  invitationExpiresAtMs:
    sql<number>`(select coalesce(extract(epoch from max(${accountTokens.expiresAt})) * 1000, 0) from ${accountTokens} where ${and(
      eq(accountTokens.userId, users.id),
      eq(accountTokens.purpose, 'invitation'),
      isNull(accountTokens.usedAt),
    )})`.mapWith(Number),
};

/** The account behind a driver's or parent's record, as an invitation or a disable needs it, with its state's columns. */
export async function findRoleAccount(db: Executor, role: AccountRole, recordId: string) {
  const table = ROLE_ACCOUNT_TABLES[role];
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      disabledAt: users.disabledAt,
      role: users.role,
      language: users.language,
      browserLanguage: users.browserLanguage,
      ...accountStateColumns,
    })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(eq(table.id, recordId));
  return row;
}

type AccountStateRow = {
  accountHasPassword: boolean;
  accountDisabled: boolean;
  invitationExpiresAtMs: number;
};

/** Whether the person can sign in, or has a link to choose a password that still works. */
export function accountStateOf(row: AccountStateRow, now: Date): InvitedAccountState {
  if (row.accountDisabled) return 'disabled';
  if (row.accountHasPassword) return 'active';
  return row.invitationExpiresAtMs > now.getTime() ? 'invited' : 'none';
}

/**
 * A driver's or parent's row as the API answers it: without its user id, its update time and the columns its
 * account state is read from, which become `account`; the picture as its address, the creation time as ISO text.
 */
export function accountRecordAnswer<
  Row extends AccountStateRow & {
    userId: string;
    updatedAt: Date;
    createdAt: Date;
    profileImage: string | null;
  },
>(found: Row, now: Date, pictureUrl: (fileName: string | null) => string | null) {
  const {
    userId: _userId,
    updatedAt: _updatedAt,
    accountHasPassword: _accountHasPassword,
    accountDisabled: _accountDisabled,
    invitationExpiresAtMs: _invitationExpiresAtMs,
    ...row
  } = found;
  return {
    ...row,
    account: accountStateOf(found, now),
    profileImage: pictureUrl(row.profileImage),
    createdAt: row.createdAt.toISOString(),
  };
}
