import { index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { GUARDIAN_RELATIONS, GUARDIAN_REQUEST_STATES } from '@school-transport/shared';
import { parents, students } from './families.js';
import { users } from './users.js';

export const guardianRelation = pgEnum('guardian_relation', GUARDIAN_RELATIONS);
export const guardianRequestState = pgEnum('guardian_request_state', GUARDIAN_REQUEST_STATES);

/**
 * Who is a guardian of which child (decision 064): THE rule of who may see a child and who is told about them.
 * students.parent_id (the primary guardian, the contact of record) is always also a row here, kept by the trigger
 * students_primary_guardian (db/functions/guardians.sql). A link goes with the child or the parent record.
 */
export const studentGuardians = pgTable(
  'student_guardians',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    relation: guardianRelation('relation').notNull().default('PARENT'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'student_guardians_pkey', columns: [t.studentId, t.parentId] }),
    // A guardian's children (the portal, the live stream): the other direction of the key.
    index('student_guardians_parent_idx').on(t.parentId, t.studentId),
  ],
);

/**
 * A guardian's request that the office add another guardian of their child (name, e-mail, phone, relation). The
 * office approves it (a parent record, the link and the app invitation) or declines it with a reason.
 */
export const guardianRequests = pgTable(
  'guardian_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    requestedByParentId: uuid('requested_by_parent_id').references(() => parents.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    relation: guardianRelation('relation').notNull(),
    state: guardianRequestState('state').notNull().default('REQUESTED'),
    reason: text('reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The parent record approval made (or found, for an e-mail the office already had). */
    guardianParentId: uuid('guardian_parent_id').references(() => parents.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('guardian_requests_state_idx').on(t.state, t.requestedAt),
    index('guardian_requests_student_idx').on(t.studentId),
  ],
);
