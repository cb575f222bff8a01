import { and, eq, isNull, sql } from 'drizzle-orm';
import { accountTokens, users } from '../../db/schema/index.js';

/** The SQL of drivers beyond the resource kit's (rules in driver-service.ts). */

/**
 * What the driver's account state is made of, read with the driver (the kit joins `users`): whether a password is
 * set, whether the account is disabled, and until when the newest unspent invitation works (0: none). Whether that
 * time has passed is the service's to say, by the server's clock. The look-up uses account_tokens' user index.
 */
export const driverAccountColumns = {
  accountHasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
  accountDisabled: sql<boolean>`(${users.disabledAt} is not null)`,
  invitationExpiresAtMs:
    sql<number>`(select coalesce(extract(epoch from max(${accountTokens.expiresAt})) * 1000, 0) from ${accountTokens} where ${and(
      eq(accountTokens.userId, users.id),
      eq(accountTokens.purpose, 'invitation'),
      isNull(accountTokens.usedAt),
    )})`.mapWith(Number),
};
