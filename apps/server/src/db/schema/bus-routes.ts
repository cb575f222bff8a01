import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

/** Bus routes (table `routes`): called bus routes in code so that "route" keeps meaning an HTTP route. */
export const busRoutes = pgTable(
  'routes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startLocation: text('start_location').notNull(),
    endLocation: text('end_location').notNull(),
    distanceKm: numeric('distance_km', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    durationMin: integer('duration_min').notNull(),
    ...timestamps,
  },
  (t) => [
    check('routes_distance_positive', sql`${t.distanceKm} > 0`),
    check('routes_duration_positive', sql`${t.durationMin} > 0`),
    index('routes_created_at_idx').on(t.createdAt, t.id),
  ],
);
