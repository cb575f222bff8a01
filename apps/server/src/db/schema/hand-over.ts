import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NO_ADULT_RULES } from '@school-transport/shared';
import { students } from './families.js';
import { trips } from './trips.js';
import { users } from './users.js';

/** Adults a child may be handed to at drop-off (decision 065), kept by the guardians and the office. */
export const authorizedAdults = pgTable(
  'authorized_adults',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relation: text('relation').notNull(),
    phone: text('phone').notNull(),
    /** The stored photo's file name (uploads, kind `authorized-adult`), null until one is uploaded. */
    photo: text('photo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('authorized_adults_student_idx').on(t.studentId, t.createdAt)],
);

export const noAdultRule = pgEnum('no_adult_rule', NO_ADULT_RULES);

/**
 * "No authorized adult at the stop": the child stays on the bus under the operator's rule, as it was then. Stored
 * once by the id the phone gave it (its outbox may send it again); the child's state stays ON_BUS, and the newest
 * miss after their last event says where they are.
 */
export const handOverMisses = pgTable(
  'hand_over_misses',
  {
    missId: uuid('miss_id').primaryKey(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    stopPosition: integer('stop_position'),
    stopName: text('stop_name'),
    rule: noAdultRule('rule').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('hand_over_misses_trip_idx').on(t.tripId, t.studentId, t.occurredAt)],
);
