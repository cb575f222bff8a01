import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/**
 * created_at / updated_at of every resource table. clock_timestamp(), not now(): rows written in one transaction
 * (a parent's children) get increasing times, so "newest first" and "in the order entered" stay well defined.
 */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`clock_timestamp()`),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`clock_timestamp()`),
};

// Newest-first lists order by (created_at DESC, id DESC). Their indexes are plain ascending (created_at, id):
// scanned backwards they give exactly that order, whereas drizzle's `.desc()` creates DESC NULLS LAST, which does
// not match ORDER BY … DESC (nulls first) and left the planner sorting a million rows per page.
