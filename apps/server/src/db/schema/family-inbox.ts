import { sql } from 'drizzle-orm';
import { check, date, index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { FAMILY_MESSAGE_SIDES, FAMILY_THREAD_STATES, MANIFEST_NOTE_MAX } from '@school-transport/shared';
import { students } from './families.js';
import { users } from './users.js';

export const familyThreadState = pgEnum('family_thread_state', FAMILY_THREAD_STATES);
export const familyMessageSide = pgEnum('family_message_side', FAMILY_MESSAGE_SIDES);

/**
 * A thread a guardian started with the office about one of their children on a date (decision 067). It goes with
 * the child (cascade) and with its author's account (cascade: a thread only its author may read has no reader left
 * on the family's side, and the office's copy of a stranger's words is not worth keeping). `office_read_at` is
 * the office's as one team; `guardian_read_at` the author's. `last_message_at` orders the lists.
 */
export const familyThreads = pgTable(
  'family_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    state: familyThreadState('state').notNull().default('OPEN'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    officeReadAt: timestamp('office_read_at', { withTimezone: true }),
    guardianReadAt: timestamp('guardian_read_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // The office's lists (state, newest first) and a guardian's own threads.
    index('family_threads_state_idx').on(t.state, t.lastMessageAt),
    index('family_threads_author_idx').on(t.authorId, t.lastMessageAt),
    index('family_threads_student_idx').on(t.studentId),
    index('family_threads_assignee_idx').on(t.assigneeId),
  ],
);

/** A message of a thread, in the order written; an office message keeps its author for the office's eyes only. */
export const familyThreadMessages = pgTable(
  'family_thread_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => familyThreads.id, { onDelete: 'cascade' }),
    side: familyMessageSide('side').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name when written: the office's record still says who answered after they leave. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_thread_messages_thread_idx').on(t.threadId, t.sentAt)],
);

/**
 * What a driver reads beside a child on the manifests of one date: the office's short note, made from a thread
 * (decision 067). One per child and date; the thread's action replaces it. It goes with the child; the thread
 * going leaves the note (the driver still needs it that day).
 */
export const manifestNotes = pgTable(
  'manifest_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note').notNull(),
    threadId: uuid('thread_id').references(() => familyThreads.id, { onDelete: 'set null' }),
    writtenBy: uuid('written_by').references(() => users.id, { onDelete: 'set null' }),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('manifest_notes_student_date_unique').on(t.studentId, t.date),
    index('manifest_notes_date_idx').on(t.date),
    check('manifest_notes_note_length', sql`char_length(${t.note}) <= ${sql.raw(String(MANIFEST_NOTE_MAX))}`),
  ],
);
