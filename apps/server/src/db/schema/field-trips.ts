import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  primaryKey,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { FIELD_TRIP_STATES, type FieldTripBusDistance } from '@school-transport/shared';
import { timestamps } from './columns.js';
import { students } from './families.js';
import { schools } from './schools.js';
import { users } from './users.js';

export const fieldTripState = pgEnum('field_trip_state', FIELD_TRIP_STATES);

/**
 * A field or activity trip (issue 37, decision 073): a school's group carried to a destination and back on one day.
 * Its buses, once scheduled, are rows of `trips` naming it (trips.field_trip_id): the driver app, the start's gate,
 * the inspection, the child check and the live map are the runs' own. The requester follows its state.
 */
export const fieldTrips = pgTable(
  'field_trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No action, not restrict: only a foreign-key violation (23503) becomes the school's 409 (lib/db-errors.ts),
    // as covers' substitutes do; an invoice names the school.
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'no action' }),
    destinationName: text('destination_name').notNull(),
    destinationAddress: text('destination_address'),
    destinationLat: doublePrecision('destination_lat').notNull(),
    destinationLng: doublePrecision('destination_lng').notNull(),
    /** When the group leaves the school, and when it is back there. */
    departAt: timestamp('depart_at', { withTimezone: true }).notNull(),
    returnAt: timestamp('return_at', { withTimezone: true }).notNull(),
    /** The day it runs on the operator's clock (the day of departAt), for the calendar and invoices. */
    tripDate: date('trip_date', { mode: 'string' }).notNull(),
    pupils: integer('pupils').notNull(),
    adults: integer('adults').notNull(),
    wheelchairPlaces: integer('wheelchair_places').notNull(),
    notes: text('notes'),
    state: fieldTripState('state').notNull().default('REQUESTED'),
    /** Why it was declined or cancelled (declined: required). */
    stateReason: text('state_reason'),
    /** Who asked: they follow its state (notices, e-mail); null once their account is deleted. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    /** The estimate made on approval (and again on scheduling, with the buses chosen), and the actual after it. */
    estimatedCost: numeric('estimated_cost', { precision: 12, scale: 2, mode: 'number' }),
    estimatedKm: numeric('estimated_km', { precision: 9, scale: 2, mode: 'number' }),
    estimateVehicleType: text('estimate_vehicle_type'),
    actualCost: numeric('actual_cost', { precision: 12, scale: 2, mode: 'number' }),
    actualKm: numeric('actual_km', { precision: 9, scale: 2, mode: 'number' }),
    actualMinutes: integer('actual_minutes'),
    /**
     * Each bus's distance and where it came from (decision 078): its recorded positions, else the office's odometer
     * reading, else the estimate. Written on completion.
     */
    actualDistance: jsonb('actual_distance').$type<FieldTripBusDistance[]>(),
    /** The buses' busy span, depot to depot (depot legs added at scheduling): what makes them not free. */
    busyFrom: timestamp('busy_from', { withTimezone: true }),
    busyTo: timestamp('busy_to', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('field_trips_times', sql`${t.returnAt} > ${t.departAt}`),
    check('field_trips_group', sql`${t.pupils} >= 0 and ${t.adults} >= 0 and ${t.wheelchairPlaces} >= 0`),
    index('field_trips_date_idx').on(t.tripDate, t.departAt),
    index('field_trips_school_idx').on(t.schoolId, t.tripDate),
    index('field_trips_requested_by_idx').on(t.requestedBy),
  ],
);

/** Rates per vehicle type: per hour, per kilometre, and the least a bus costs (decision 073). */
export const fieldTripRates = pgTable('field_trip_rates', {
  vehicleType: text('vehicle_type').primaryKey(),
  perHour: numeric('per_hour', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  perKm: numeric('per_km', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  minimum: numeric('minimum', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  ...timestamps,
});

/** Where the buses leave from and come back to: one row (id 1). No row: depot legs count zero. */
export const depot = pgTable(
  'depot',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    ...timestamps,
  },
  (t) => [check('depot_one_row', sql`${t.id} = 1`)],
);

/** What the requester is told of their request's state: the in-app list (the e-mail carries the same words). */
export const fieldTripNotices = pgTable(
  'field_trip_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fieldTripId: uuid('field_trip_id')
      .notNull()
      .references(() => fieldTrips.id, { onDelete: 'cascade' }),
    state: fieldTripState('state').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('field_trip_notices_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The children going on a field trip (decision 078): children of the trip's school, attached by the office or the
 * school's staff. With a list, the buses' manifests list them and scan them as a run's riders; without, the group
 * is a count.
 */
export const fieldTripChildren = pgTable(
  'field_trip_children',
  {
    fieldTripId: uuid('field_trip_id')
      .notNull()
      .references(() => fieldTrips.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.fieldTripId, t.studentId] }),
    index('field_trip_children_student_idx').on(t.studentId),
  ],
);
