import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { TRIP_STATUSES, TRIP_TYPES } from '@school-transport/shared';
import { timestamps } from './columns.js';
import { routeAssignments } from './assignments.js';
import { busRoutes } from './bus-routes.js';
import { drivers } from './drivers.js';
import { vehicles } from './vehicles.js';
import { users } from './users.js';
import { fieldTrips } from './field-trips.js';

export const tripType = pgEnum('trip_type', TRIP_TYPES);
export const tripStatus = pgEnum('trip_status', TRIP_STATUSES);

/**
 * One run of an assignment's bus on one day, pickup or drop. Route, driver and vehicle are copied in when the trip
 * is generated, so the history still reads right after any of them is edited or deleted (the assignment link
 * then becomes null). The database allows one trip per assignment, day and type.
 */
export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id').references(() => routeAssignments.id, { onDelete: 'set null' }),
    type: tripType('type').notNull(),
    tripDate: date('trip_date', { mode: 'string' }).notNull(),
    status: tripStatus('status').notNull().default('PENDING'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    routeName: text('route_name').notNull(),
    driverName: text('driver_name').notNull(),
    driverLicenseNo: text('driver_license_no').notNull(),
    driverPhone: text('driver_phone').notNull(),
    vehiclePlate: text('vehicle_plate').notNull(),
    /** Who runs it, for the driver app's "my trips" and the live map; null once the record is deleted. */
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    routeId: uuid('route_id').references(() => busRoutes.id, { onDelete: 'set null' }),
    /** The run's start on that day, from the route's schedule; null when the route had none. */
    plannedStartAt: timestamp('planned_start_at', { withTimezone: true }),
    /**
     * The cover that put another driver or vehicle on this trip (decision 054), and who was planned before it:
     * null on a trip run as planned. A started trip keeps them after the cover is undone: who was planned and who
     * drove.
     */
    coverId: uuid('cover_id').references(() => covers.id, { onDelete: 'set null' }),
    plannedDriverId: uuid('planned_driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    plannedDriverName: text('planned_driver_name'),
    plannedVehicleId: uuid('planned_vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    plannedVehiclePlate: text('planned_vehicle_plate'),
    /**
     * Why it ended as it did: why the driver finished while a child who boarded had not left, why the office
     * cancelled it (required, parents read it), why it was handed over to a rescue vehicle (decision 056).
     */
    finishReason: text('finish_reason'),
    /** The office marked the run late (decision 056): about how many minutes, and why; null when on plan. */
    delayMinutes: integer('delay_minutes'),
    delayReason: text('delay_reason'),
    /**
     * A breakdown's handover (decision 056): the rescue trip names the trip it took the children from, and that
     * original names its rescue. A rescue trip is a second trip of the same assignment, day and run, so the
     * one-trip-per-run key holds only for trips that are not rescues.
     */
    rescueOfTripId: uuid('rescue_of_trip_id').references((): AnyPgColumn => trips.id, {
      onDelete: 'set null',
    }),
    handedOverToTripId: uuid('handed_over_to_trip_id').references((): AnyPgColumn => trips.id, {
      onDelete: 'set null',
    }),
    /**
     * A field trip's bus (decision 073): the trip is no run of an assignment but one bus of the field trip; its
     * driver app, start, inspection, child check and live map are a run's. Null on a regular run.
     */
    fieldTripId: uuid('field_trip_id').references(() => fieldTrips.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('trips_assignment_date_type_unique')
      .on(t.assignmentId, t.tripDate, t.type)
      .where(sql`${t.rescueOfTripId} is null`),
    index('trips_date_idx').on(t.tripDate, t.createdAt, t.id),
    index('trips_driver_date_idx').on(t.driverId, t.tripDate),
    // The covered runs' report (decision 054): the few trips a cover changed, by day.
    index('trips_covered_idx')
      .on(t.tripDate)
      .where(sql`${t.plannedDriverName} is not null`),
    // The list's sorts (decision 035): by day and planned start, by the route's and driver's names as kept, by
    // status and day.
    index('trips_date_start_idx').on(t.tripDate, t.plannedStartAt, t.id),
    // The unsorted list's past trips (newest day first, earliest-planned last, ties by id: listTrips), which
    // otherwise sorted a whole day's trips for each page (docs/benchmarks.md, "Sorting at a million").
    index('trips_past_idx').on(t.tripDate.desc().nullsFirst(), t.plannedStartAt.desc().nullsLast(), t.id),
    index('trips_route_name_idx').on(t.routeName, t.id),
    index('trips_driver_name_idx').on(t.driverName, t.id),
    index('trips_status_date_idx').on(t.status, t.tripDate, t.id),
    index('trips_cover_idx').on(t.coverId),
    index('trips_field_trip_idx')
      .on(t.fieldTripId)
      .where(sql`${t.fieldTripId} is not null`),
  ],
);

/**
 * A cover (issue 34, decision 054): for the days first_date to last_date, the run `run` of an assignment (null:
 * both runs of the day) is driven by another driver, another vehicle, or both (at least one). The assignment keeps
 * the plan; its trips in the range name the substitute and keep who was planned (trips.planned_*). Deleting the
 * cover (undo) puts the pending trips back to the plan.
 */
export const covers = pgTable(
  'covers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => routeAssignments.id, { onDelete: 'cascade' }),
    firstDate: date('first_date', { mode: 'string' }).notNull(),
    lastDate: date('last_date', { mode: 'string' }).notNull(),
    /** One run, or null for the whole day. */
    run: tripType('run'),
    /** The substitutes: neither can be deleted while a cover names them (undo the cover first). */
    // No action, not restrict: the driver's row goes with its user's (cascade), and only a foreign-key violation
    // at the statement's end becomes the resource's 409 (lib/db-errors.ts).
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'no action' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'no action' }),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    check('covers_someone', sql`${t.driverId} is not null or ${t.vehicleId} is not null`),
    check('covers_dates', sql`${t.lastDate} >= ${t.firstDate}`),
    index('covers_assignment_idx').on(t.assignmentId, t.firstDate),
    index('covers_driver_idx').on(t.driverId, t.firstDate),
    index('covers_vehicle_idx').on(t.vehicleId, t.firstDate),
    index('covers_dates_idx').on(t.firstDate, t.lastDate),
  ],
);

/**
 * A combined run (decision 061): on the joined trip's day, its children and stops ride with the host trip (same
 * day and run); the joined trip is cancelled with `reason`. Undone while the host is PENDING (the row goes).
 */
export const combinedRuns = pgTable(
  'combined_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostTripId: uuid('host_trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    /** A trip joins one host at most: the unique key says so to two combines at once. */
    joinedTripId: uuid('joined_trip_id')
      .notNull()
      .unique('combined_runs_joined_trip_key')
      .references(() => trips.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('combined_runs_host_idx').on(t.hostTripId)],
);

/** Every status a trip took, who moved it and when: the trip's history. */
export const tripEvents = pgTable(
  'trip_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    status: tripStatus('status').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trip_events_trip_idx').on(t.tripId)],
);
