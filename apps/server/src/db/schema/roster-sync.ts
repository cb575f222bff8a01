import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Roster sync from the school's information system (OneRoster 1.1/1.2, decision 071). One source a database: the
 * REST endpoint the scheduled pull reads, with its OAuth 2 client credentials. The secret is written here and never
 * answered back (the API says only whether one is set), as the server's other secrets stay on the server.
 */
export const rosterSource = pgTable(
  'roster_source',
  {
    /** Always 1: the installation's one source. */
    id: integer('id').primaryKey().default(1),
    /** The service's base URL, before /ims/oneroster/…. */
    baseUrl: text('base_url').notNull(),
    /** '1.1' (/ims/oneroster/v1p1) or '1.2' (/ims/oneroster/rostering/v1p2). */
    version: text('version').notNull(),
    tokenUrl: text('token_url').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    /** Pull and apply every this many hours; null: only when the office asks. */
    everyHours: integer('every_hours'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('roster_source_one_row', sql`${t.id} = 1`),
    check('roster_source_every_hours', sql`${t.everyHours} is null or ${t.everyHours} between 1 and 168`),
  ],
);

/** Each sync: a dry run or an apply, from a bundle or the endpoint, its counts and (failed) its reason. */
export const rosterRuns = pgTable(
  'roster_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'bundle' (an uploaded zip) or 'endpoint' (the REST pull; by the schedule when `by` is null). */
    origin: text('origin').notNull(),
    /** 'dry-run' or 'apply'. */
    mode: text('mode').notNull(),
    /** 'done' or 'failed'. */
    outcome: text('outcome').notNull(),
    /** Added, changed and removed per kind (RosterCounts); null when the run failed before a diff. */
    counts: jsonb('counts'),
    error: text('error'),
    by: uuid('by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('roster_runs_started_idx').on(t.startedAt)],
);
