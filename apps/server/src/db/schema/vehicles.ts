import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Normalised by the input schema: upper case, no spaces. */
    licensePlate: text('license_plate').notNull().unique('vehicles_license_plate_unique'),
    model: text('model').notNull(),
    type: text('type').notNull(),
    color: text('color').notNull(),
    capacity: integer('capacity').notNull(),
    /** Wheelchair places beside the seats (a field trip's group may need some: decision 073). */
    wheelchairPlaces: integer('wheelchair_places').notNull().default(0),
    profileImage: text('profile_image'),
    /** The id this record has in the operator's own files: a CSV import matches rows on it (issue 18). */
    externalId: text('external_id').unique('vehicles_external_id_unique'),
    ...timestamps,
  },
  (t) => [
    check('vehicles_capacity_range', sql`${t.capacity} between 1 and 100`),
    index('vehicles_created_at_idx').on(t.createdAt, t.id),
    // The list's sorts (decision 035); the plate's sort reads its unique index.
    index('vehicles_type_idx').on(t.type, t.id),
    index('vehicles_capacity_idx').on(t.capacity, t.id),
  ],
);
