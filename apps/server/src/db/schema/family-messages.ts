import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { AUDIENCE_KINDS, FAMILY_MESSAGE_STATES } from '@school-transport/shared';
import { timestamps } from './columns.js';
import { users } from './users.js';

/**
 * The office's texts it sends often ("Bus {route} is running about {minutes} minutes late"), with the same text in
 * other languages (language tag → text) where the office wrote one (decision 066).
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique('message_templates_name_unique'),
    body: text('body').notNull(),
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('message_templates_created_at_idx').on(t.createdAt, t.id)],
);

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A message the office sent to families: its audience as chosen (kind, the run's, route's, school's or stop's id,
 * and its name as it was), its text with the placeholders filled, per language. The family-messages job writes its
 * recipients in one transaction (QUEUED → SENDING, `recipients` set) and ends it (DONE) once every recipient's
 * notification was delivered or given up.
 */
export const familyMessages = pgTable(
  'family_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    audience: text('audience').notNull(),
    audienceId: uuid('audience_id'),
    audienceLabel: text('audience_label').notNull(),
    body: text('body').notNull(),
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    state: text('state').notNull().default('QUEUED'),
    recipients: integer('recipients'),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('family_messages_created_at_idx').on(t.createdAt, t.id),
    // What the job looks for on every turn: the messages not done yet.
    index('family_messages_open_idx')
      .on(t.createdAt)
      .where(sql`${t.state} <> 'DONE'`),
    check('family_messages_audience_kind', sql`${t.audience} in (${inList(AUDIENCE_KINDS)})`),
    check('family_messages_state_kind', sql`${t.state} in (${inList(FAMILY_MESSAGE_STATES)})`),
  ],
);

/**
 * One row per message and guardian: the primary key is what keeps a message to one notification per guardian,
 * whichever process writes the recipients and however often. `language` is the one the text was sent in;
 * `delivered_at` and `channel` are copied from the outbox by the job (the outbox forgets sent rows after 30 days);
 * `read_at` is when the guardian opened it in the portal.
 */
export const familyMessageRecipients = pgTable(
  'family_message_recipients',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => familyMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    channel: text('channel'),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('family_message_recipients_user_idx').on(t.userId, t.messageId),
  ],
);
