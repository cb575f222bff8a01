import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

/** A school: the end of morning runs and the start of afternoon runs, with the times the planner plans for. */
export const schools = pgTable(
  'schools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    address: text('address'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Children must be at school before it (the operator's wall clock). */
    bellTime: time('bell_time').notNull(),
    /** When the afternoon runs leave. */
    dismissalTime: time('dismissal_time').notNull(),
    /** The school's OneRoster sourcedId (an org of type school): roster sync (decision 071) matches on it. */
    sourcedId: text('sourced_id').unique('schools_sourced_id_unique'),
    /** When roster sync found the school gone upstream; null: active. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // "Green Valley School" and "green valley school" are one school to a person.
    uniqueIndex('schools_name_unique').on(sql`lower(${t.name})`),
    index('schools_created_at_idx').on(t.createdAt, t.id),
    check('schools_lat_range', sql`${t.lat} between -90 and 90`),
    check('schools_lng_range', sql`${t.lng} between -180 and 180`),
    check('schools_dismissal_after_bell', sql`${t.dismissalTime} > ${t.bellTime}`),
  ],
);
