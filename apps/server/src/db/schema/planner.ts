import { index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  PLAN_STATUSES,
  type PlanProgress,
  type PlanRequest,
  type PlanResult,
} from '@school-transport/shared';
import { schools } from './schools.js';
import { users } from './users.js';

export const planStatus = pgEnum('plan_status', PLAN_STATUSES);

/**
 * A route planner's job and its proposal, kept for the review screen. The job runs in a worker thread of one API
 * process, which writes its progress and `heartbeat_at` here about once a second: a RUNNING row whose heartbeat
 * stops has lost its process. Another process cancels a job by setting CANCELLED; the owner sees it at its next
 * write. Proposals go with their school.
 */
export const planProposals = pgTable(
  'plan_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    status: planStatus('status').notNull(),
    request: jsonb('request').$type<PlanRequest>().notNull(),
    progress: jsonb('progress').$type<PlanProgress>(),
    result: jsonb('result').$type<PlanResult>(),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When a person accepted the proposal into stops, routes and seats (once: a second accept is refused). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('plan_proposals_school_id_idx').on(t.schoolId, t.createdAt),
    index('plan_proposals_created_at_idx').on(t.createdAt, t.id),
    index('plan_proposals_created_by_idx').on(t.createdBy),
    index('plan_proposals_accepted_by_idx').on(t.acceptedBy),
  ],
);
