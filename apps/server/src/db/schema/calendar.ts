import { date, index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { CALENDAR_DAY_KINDS } from '@school-transport/shared';
import { students } from './families.js';
import { tripType } from './trips.js';
import { users } from './users.js';

export const calendarDayKind = pgEnum('calendar_day_kind', CALENDAR_DAY_KINDS);

/** Dates that are not what their weekday says: holidays and closures on weekdays, make-up school days. */
export const calendarDays = pgTable('calendar_days', {
  date: date('date', { mode: 'string' }).primaryKey(),
  kind: calendarDayKind('kind').notNull(),
  note: text('note'),
});

/** A child not riding on a date's run. Both runs are two rows. */
export const absences = pgTable(
  'absences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    run: tripType('run').notNull(),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('absences_student_date_run_unique').on(t.studentId, t.date, t.run),
    index('absences_date_idx').on(t.date),
  ],
);

/**
 * Jobs that run once a day across every API process: the process whose insert of (job, day) succeeds runs it;
 * the others see the row and skip (decision 024).
 */
export const dailyJobRuns = pgTable(
  'daily_job_runs',
  {
    job: text('job').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [unique('daily_job_runs_job_day_unique').on(t.job, t.day)],
);
