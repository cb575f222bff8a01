import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const accountTokenPurpose = pgEnum('account_token_purpose', [
  'password_reset',
  'invitation',
  'email_change',
]);

/**
 * Single-use secrets sent by mail: reset and invitation links (a 256-bit token) and e-mail change codes (6 digits).
 * Only hashes are stored. A row is spent by setting used_at; codes also count wrong tries.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').unique('account_tokens_token_hash_unique'),
    codeHash: text('code_hash'),
    /** For an e-mail change: the address that becomes the account's once its code is entered. */
    newEmail: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);
