import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_NOTIFICATION_PREFERENCES as DEFAULTS, NOTIFICATION_KINDS } from '@school-transport/shared';
import { students } from './families.js';
import { users } from './users.js';

export const notificationKind = pgEnum('notification_kind', NOTIFICATION_KINDS);

/**
 * Key pairs the server makes for itself on first need (the VAPID pair that signs every Web Push request), kept in
 * the database so that every process and every restart sign with the same key: browsers subscribed with its
 * public half, and a new pair would silently orphan every subscription.
 */
export const serverKeyPairs = pgTable('server_key_pairs', {
  name: text('name').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per browser a parent allowed notifications in. The endpoint is the push service's address for that
 * browser, unique: a browser that subscribes again (or passes to another parent signing in on it) keeps one row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The device as the parent named it, or the browser's user agent: how they tell their devices apart. */
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** A parent's notification choices; no row means the defaults (DEFAULT_NOTIFICATION_PREFERENCES). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  boarded: boolean('boarded').notNull().default(DEFAULTS.boarded),
  left: boolean('left').notNull().default(DEFAULTS.left),
  approaching: boolean('approaching').notNull().default(DEFAULTS.approaching),
  approachingMinutes: integer('approaching_minutes').notNull().default(DEFAULTS.approachingMinutes),
  cancelled: boolean('cancelled').notNull().default(DEFAULTS.cancelled),
  late: boolean('late').notNull().default(DEFAULTS.late),
  lateMinutes: integer('late_minutes').notNull().default(DEFAULTS.lateMinutes),
  stopChanges: boolean('stop_changes').notNull().default(DEFAULTS.stopChanges),
  planChanges: boolean('plan_changes').notNull().default(DEFAULTS.planChanges),
  handOver: boolean('hand_over').notNull().default(DEFAULTS.handOver),
  officeReplies: boolean('office_replies').notNull().default(DEFAULTS.officeReplies),
  emailFallback: boolean('email_fallback').notNull().default(DEFAULTS.emailFallback),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Notifications to send, written in the transaction of the event they tell of (a crash loses none, a rollback
 * sends none) and sent by the dispatcher of any process. `dedup_key` names the cause and the recipient, so an
 * event seen twice makes one row. A row is claimed by setting `claimed_until` (two processes never send it at
 * once), retried at `next_attempt_at` after a failure, and done once `sent_at` is set (or `given_up_at`: the parent
 * had no device and no e-mail fallback, or every attempt failed). `last_error` holds only a status code or an
 * error's kind, never a personal value.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupKey: text('dedup_key').notNull().unique('notification_outbox_dedup_key_unique'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The child it is about (its title names them): deleting the child deletes it, sent or not, in the delete's
     * transaction (decision 020's addendum). Null only for a notification about no child.
     */
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** 'push' or 'email': how it went out. */
    channel: text('channel'),
    givenUpAt: timestamp('given_up_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    // What the dispatcher looks for on every wake: the unsent rows, by when they are due; sent ones stay out.
    index('notification_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.givenUpAt} is null`),
    index('notification_outbox_user_idx').on(t.userId),
    // What a child's deletion looks for.
    index('notification_outbox_student_idx').on(t.studentId),
  ],
);
