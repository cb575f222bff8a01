import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StaffRole } from '@school-transport/shared';
import { users } from './users.js';

/**
 * OpenID Connect providers office staff sign in with (decision 070). The client secret is sealed with a server
 * secret (AES-256-GCM, like TOTP secrets: second-factor-crypto.ts), so a copy of this table alone gives it away to
 * nobody.
 */
export const ssoProviders = pgTable('sso_providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  encryptedClientSecret: text('encrypted_client_secret'),
  /** The ID token claim whose values map to roles (roleMap, in order: the first value present wins). */
  roleClaim: text('role_claim'),
  roleMap: jsonb('role_map').$type<Array<{ value: string; role: StaffRole }>>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A sign-in through a provider, from its start to the session: the state (stored as its SHA-256: it travels in
 * the browser's address), the PKCE verifier and the nonce, kept here and never in the browser. Once the callback
 * has matched a user, the row holds the one-time hand-over code (its SHA-256) the Log In screen exchanges for the
 * session. Short-lived; pruned with the other sign-in leftovers.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the callback has taken the sign-in: a state is answered once. */
    stateHash: text('state_hash').unique(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    handOverHash: text('hand_over_hash').unique(),
  },
  (t) => [index('sso_sign_ins_expires_at_idx').on(t.expiresAt)],
);

/** The office's sign-in settings: one row (id always true). */
export const signInSettings = pgTable('sign_in_settings', {
  id: boolean('id').primaryKey().default(true),
  /** Administrators and other office staff may not sign in with a password (drivers and parents still do). */
  staffPasswordsOff: boolean('staff_passwords_off').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
