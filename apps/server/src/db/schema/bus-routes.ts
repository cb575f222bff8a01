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
    // The list's sorts (decision 035); the name's also sorts the assignments by route.
    index('routes_name_idx').on(t.name, t.id),
    index('routes_start_location_idx').on(t.startLocation, t.id),
    index('routes_end_location_idx').on(t.endLocation, t.id),
    index('routes_distance_km_idx').on(t.distanceKm, t.id),
    index('routes_duration_min_idx').on(t.durationMin, t.id),
  ],
);
