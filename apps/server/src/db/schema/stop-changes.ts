import { date, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { STOP_CHANGE_KINDS, STOP_CHANGE_RUNS, STOP_CHANGE_STATES } from '@school-transport/shared';
import { routeAssignments } from './assignments.js';
import { students } from './families.js';
import { stops } from './stops.js';
import { users } from './users.js';

export const stopChangeKind = pgEnum('stop_change_kind', STOP_CHANGE_KINDS);
export const stopChangeState = pgEnum('stop_change_state', STOP_CHANGE_STATES);
export const stopChangeRun = pgEnum('stop_change_run', STOP_CHANGE_RUNS);

/**
 * A child riding from or to another stop (decision 057): on one date (ONE_OFF: `date`) or on some weekdays
 * (WEEKLY: `weekdays`, ISO 1–7, between the optional `valid_from` and `valid_until`). The target is a stop of a
 * route assignment's run; the child's own seat and stops stay as they are. Only APPROVED ones change a manifest.
 * The change goes with the child, the target assignment or the stop (cascade): one that points nowhere means
 * nothing.
 */
export const stopChanges = pgTable(
  'stop_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: stopChangeKind('kind').notNull(),
    date: date('date', { mode: 'string' }),
    weekdays: integer('weekdays').array(),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    run: stopChangeRun('run').notNull(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => routeAssignments.id, { onDelete: 'cascade' }),
    stopId: uuid('stop_id')
      .notNull()
      .references(() => stops.id, { onDelete: 'cascade' }),
    note: text('note'),
    state: stopChangeState('state').notNull(),
    /** Why the office declined it (the parent is told). */
    reason: text('reason'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByEmail: text('requested_by_email'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // The queue (state, oldest first) and the manifest's look-up of a day's approved changes.
    index('stop_changes_state_idx').on(t.state, t.requestedAt),
    index('stop_changes_student_idx').on(t.studentId),
    index('stop_changes_assignment_idx').on(t.assignmentId, t.state),
    index('stop_changes_stop_idx').on(t.stopId),
  ],
);
