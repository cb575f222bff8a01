import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Who did what, when and from where. Rows are only ever inserted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text too, so the entry still says who after the account is deleted. */
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    details: jsonb('details'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // (created_at, id) serves retention's deletes and the sort by time; action and actor are the log's other
    // sorts (decision 035).
    index('audit_log_created_at_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_actor_email_idx').on(t.actorEmail, t.id),
  ],
);
