import { bigint, date, index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { TRIP_STATUSES, TRIP_TYPES } from '@school-transport/shared';
import { timestamps } from './columns.js';
import { routeAssignments } from './assignments.js';
import { busRoutes } from './bus-routes.js';
import { drivers } from './drivers.js';
import { vehicles } from './vehicles.js';
import { users } from './users.js';

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
    /** Why the driver finished while a child who boarded had not left, kept for the office. */
    finishReason: text('finish_reason'),
    ...timestamps,
  },
  (t) => [
    unique('trips_assignment_date_type_unique').on(t.assignmentId, t.tripDate, t.type),
    index('trips_date_idx').on(t.tripDate, t.createdAt, t.id),
    index('trips_driver_date_idx').on(t.driverId, t.tripDate),
    // The list's sorts (decision 035): by day and planned start, by the route's and driver's names as kept, by
    // status and day.
    index('trips_date_start_idx').on(t.tripDate, t.plannedStartAt, t.id),
    // The unsorted list's past trips (newest day first, earliest-planned last, ties by id: listTrips), which
    // otherwise sorted a whole day's trips for each page (docs/benchmarks.md, "Sorting at a million").
    index('trips_past_idx').on(t.tripDate.desc().nullsFirst(), t.plannedStartAt.desc().nullsLast(), t.id),
    index('trips_route_name_idx').on(t.routeName, t.id),
    index('trips_driver_name_idx').on(t.driverName, t.id),
    index('trips_status_date_idx').on(t.status, t.tripDate, t.id),
  ],
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
