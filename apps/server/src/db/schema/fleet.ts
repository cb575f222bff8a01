import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { users } from './users.js';

/** A driver is a user with role driver; name and e-mail live on the user. Deleting the user deletes the driver. */
export const drivers = pgTable(
  'drivers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique('drivers_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    alternativePhone: text('alternative_phone'),
    licenseNo: text('license_no').notNull(),
    address: text('address'),
    /** File name under DATA_DIR/uploads/profile/driver; answers carry a signed URL instead. */
    profileImage: text('profile_image'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('drivers_license_no_unique').on(sql`upper(${t.licenseNo})`),
    index('drivers_created_at_idx').on(t.createdAt, t.id),
  ],
);

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
    profileImage: text('profile_image'),
    ...timestamps,
  },
  (t) => [
    check('vehicles_capacity_range', sql`${t.capacity} between 1 and 100`),
    index('vehicles_created_at_idx').on(t.createdAt, t.id),
  ],
);

export const routes = pgTable(
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

/**
 * One driver, one vehicle, one route (and, in a later migration, its students). Each of the three is in at most
 * one assignment (unique), and none can be deleted while assigned (restrict).
 */
export const routeAssignments = pgTable(
  'route_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .unique('route_assignments_driver_unique')
      .references(() => drivers.id, { onDelete: 'restrict' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .unique('route_assignments_vehicle_unique')
      .references(() => vehicles.id, { onDelete: 'restrict' }),
    routeId: uuid('route_id')
      .notNull()
      .unique('route_assignments_route_unique')
      .references(() => routes.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  // Newest-first paging walks this index (the list's first page read 16,667 rows and sorted them without it).
  (t) => [index('route_assignments_created_at_idx').on(t.createdAt, t.id)],
);
