import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AddressCandidate } from '@school-transport/shared';

/**
 * The geocoder's answers, keyed by the normalized query (decision 072): an address asked once is never asked again,
 * found or not, whichever process asks. The candidates are kept in our own shape, not the engine's.
 */
export const geocodeCache = pgTable('geocode_cache', {
  query: text('query').primaryKey(),
  candidates: jsonb('candidates').$type<AddressCandidate[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
