import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { busRoutes } from './bus-routes.js';
import { students } from './families.js';
import { schools } from './schools.js';
import { stops } from './stops.js';
import { tripType } from './trips.js';
import { users } from './users.js';

/**
 * Each seated child's standing plan per run as their guardians were last told it (decision 068): the route, the
 * stop (null: their own pickup point) and the time ('HH:MM', null without one). `announcePlanChanges` compares the
 * plan as it is now with this row and announces what moved. The migration that made it filled it with every child's
 * plan of that moment, so deploying told nobody anything.
 */
export const announcedPlans = pgTable(
  'announced_plans',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    run: tripType('run').notNull(),
    routeId: uuid('route_id')
      .notNull()
      .references(() => busRoutes.id, { onDelete: 'cascade' }),
    stopId: uuid('stop_id').references(() => stops.id, { onDelete: 'set null' }),
    stopName: text('stop_name'),
    time: text('time'),
    /** The school of the plan that seated the child (a planner's acceptance), carried to later changes. */
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'set null' }),
    announcedAt: timestamp('announced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.run] })],
);

/**
 * One announced change of a child's run: what it was and what it is, from which school day, and whether a guardian
 * acknowledged it. Names are kept as announced (a stop renamed later does not rewrite what a family was told). A
 * newer change of the same child and run supersedes an open one: only the newest waits for an acknowledgement.
 */
export const planChangeNotices = pgTable(
  'plan_change_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    run: tripType('run').notNull(),
    routeId: uuid('route_id').references(() => busRoutes.id, { onDelete: 'set null' }),
    routeName: text('route_name').notNull(),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'set null' }),
    /** The child had no plan before (the old stop and time mean nothing then). */
    firstPlan: boolean('first_plan').notNull().default(false),
    oldStopName: text('old_stop_name'),
    oldTime: text('old_time'),
    newStopName: text('new_stop_name'),
    newTime: text('new_time'),
    effectiveFrom: date('effective_from').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the account goes, so the office still reads who acknowledged. */
    acknowledgedByName: text('acknowledged_by_name'),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    reminders: integer('reminders').notNull().default(0),
  },
  (t) => [
    index('plan_change_notices_student_idx').on(t.studentId, t.run),
    // The office's list: the open ones, oldest first.
    index('plan_change_notices_open_idx')
      .on(t.createdAt)
      .where(sql`${t.acknowledgedAt} is null and ${t.supersededAt} is null`),
  ],
);
