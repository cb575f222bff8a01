import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@school-transport/shared';

export const userRole = pgEnum('user_role', ROLES);

/** Everyone who may sign in, or later will: admins now; drivers and parents get passwords in a later issue. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored as typed; uniqueness and look-ups use lower(email). */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: userRole('role').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * The language the person chose for their app and the mails and push texts it causes (a folder of
     * packages/shared/locales, e.g. 'es'); null: follow `browserLanguage`. Decision 053.
     */
    language: text('language'),
    /**
     * The languages the browser asked for at the last sign-in (its Accept-Language, in its order of preference:
     * 'es-MX,es,en'), used while no `language` is chosen.
     */
    browserLanguage: text('browser_language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // The sorts of the drivers', parents' and staff lists by name, e-mail and date (decision 035): each list is
    // one role, so the role leads and a page is a short walk of that role's part of the index.
    index('users_role_name_idx').on(t.role, t.name, t.id),
    index('users_role_email_idx').on(t.role, t.email, t.id),
    index('users_role_created_at_idx').on(t.role, t.createdAt, t.id),
  ],
);

/**
 * Failed sign-ins counted per e-mail address and client address, whether or not an account has the e-mail, so
 * that lockout answers the same for a real and an unknown address and locks only the address that guessed
 * (docs/decisions/004-login-lockout-and-rate-limit.md).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.ip] })],
);

/** Failed sign-ins per e-mail address from every client address: the account-wide growing delay. */
export const loginBackoff = pgTable('login_backoff', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  delayedUntil: timestamp('delayed_until', { withTimezone: true }),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
});
