import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { RIDERSHIP_FLAGS, RIDERSHIP_KINDS, SCAN_METHODS } from '@school-transport/shared';
import { students } from './families.js';
import { authorizedAdults } from './hand-over.js';
import { stops } from './stops.js';
import { trips } from './trips.js';
import { users } from './users.js';
import { vehicles } from './vehicles.js';

export const ridershipKind = pgEnum('ridership_kind', RIDERSHIP_KINDS);
export const scanMethod = pgEnum('scan_method', SCAN_METHODS);
export const ridershipFlag = pgEnum('ridership_flag', RIDERSHIP_FLAGS);

/** A trip's stops, copied from its route's run when the trip is generated: later route edits leave them be. */
export const tripStops = pgTable(
  'trip_stops',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    stopId: uuid('stop_id').references(() => stops.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    plannedAt: timestamp('planned_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    departedAt: timestamp('departed_at', { withTimezone: true }),
    /**
     * The last time the bus was seen standing at the stop (departed_at once a later fix shows it elsewhere): kept so
     * that each new fix updates the timeline on its own, without reading the trip's earlier fixes again.
     */
    lastNearAt: timestamp('last_near_at', { withTimezone: true }),
    /** A stop taken over from a trip combined into this one (decision 061): undoing the combine removes it. */
    combinedFromTripId: uuid('combined_from_trip_id').references(() => trips.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.position] })],
);

/**
 * Boardings, alightings and no-shows, each stored once by the id the device gave it (insert … on conflict do
 * nothing): replays and duplicates change nothing. A child's state is derived from these by occurred_at.
 */
export const ridershipEvents = pgTable(
  'ridership_events',
  {
    eventId: uuid('event_id').primaryKey(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    kind: ridershipKind('kind').notNull(),
    method: scanMethod('method').notNull(),
    /** Null when a tag matched no child (flag UNKNOWN_TAG). */
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'set null' }),
    studentName: text('student_name'),
    tagId: text('tag_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    accuracy: doublePrecision('accuracy'),
    flag: ridershipFlag('flag'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Who received a child handed over at drop-off (decision 065): the adult while their record exists, and their
     * name and relation as they were, so the trip's record still says who after the adult is removed.
     */
    receivedBy: uuid('received_by').references(() => authorizedAdults.id, { onDelete: 'set null' }),
    receivedByName: text('received_by_name'),
    receivedByRelation: text('received_by_relation'),
  },
  (t) => [
    index('ridership_events_trip_idx').on(t.tripId, t.occurredAt),
    index('ridership_events_student_idx').on(t.studentId, t.occurredAt),
    // Each child's latest event on a trip, newest first, read from the index alone (the board's on-board count).
    index('ridership_events_trip_student_idx').on(t.tripId, t.studentId, t.occurredAt, t.eventId, t.kind),
  ],
);

/** A trip's positions: from the driver app (id from the device) or a tracker (id derived from device and time). */
export const vehiclePositions = pgTable(
  'vehicle_positions',
  {
    positionId: uuid('position_id').primaryKey(),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    accuracy: doublePrecision('accuracy'),
    speed: doublePrecision('speed'),
    heading: doublePrecision('heading'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    source: text('source').notNull(),
  },
  (t) => [
    index('vehicle_positions_trip_idx').on(t.tripId, t.recordedAt),
    index('vehicle_positions_vehicle_idx').on(t.vehicleId, t.recordedAt),
  ],
);

/**
 * Each trip's scans counted by kind and flag, kept by statement-level triggers on `ridership_events` in the same
 * transaction as the scans (migration 0021): the reports read one row per trip instead of its events.
 */
export const tripRidershipCounts = pgTable('trip_ridership_counts', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id, { onDelete: 'cascade' }),
  boardings: integer('boardings').notNull().default(0),
  alightings: integer('alightings').notNull().default(0),
  noShows: integer('no_shows').notNull().default(0),
  wrongBus: integer('wrong_bus').notNull().default(0),
  unknownTags: integer('unknown_tags').notNull().default(0),
});

/**
 * Children picked up (morning trips) or dropped (afternoon trips) per trip and per the stop each child is given for
 * that run now (`student_stops`; null: none, at home). Kept by triggers on `ridership_events`, `student_stops` and
 * `students` (migration 0021), so a child's new stop moves their past rides with them, as the report defines.
 */
export const tripStopRiders = pgTable(
  'trip_stop_riders',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    stopId: uuid('stop_id'),
    riders: integer('riders').notNull().default(0),
  },
  (t) => [unique('trip_stop_riders_trip_stop_unique').on(t.tripId, t.stopId).nullsNotDistinct()],
);

/**
 * The distance a trip's positions cover in km (great-circle, each fix to the one before it in time), kept by
 * triggers on `vehicle_positions` (migration 0021): an insert re-adds only the stretch from the fix before its
 * earliest new one, so a live fix costs two rows and an offline batch its own length.
 */
export const tripDistances = pgTable('trip_distances', {
  tripId: uuid('trip_id')
    .primaryKey()
    .references(() => trips.id, { onDelete: 'cascade' }),
  km: doublePrecision('km').notNull().default(0),
});

/** What the on-time rollups add up for a group of stop arrivals (migration 0023). */
const onTimeCounts = {
  /** Trips with at least one counted arrival in the group. */
  trips: integer('trips').notNull().default(0),
  arrivals: integer('arrivals').notNull().default(0),
  onTime: integer('on_time').notNull().default(0),
  early: integer('early').notNull().default(0),
  late: integer('late').notNull().default(0),
  /** Sum of (arrived - planned) in seconds, for the average delay. */
  delaySeconds: doublePrecision('delay_seconds').notNull().default(0),
};

/**
 * Stop arrivals (with a planned time) per day and per route as copied on the trip, against the tolerance in
 * `on_time_rollup_settings`; kept by triggers on `trip_stops` and `trips` (migration 0023), so the on-time report
 * per route reads one row per route and day instead of every trip's stops. No foreign key: a deleted route's trips
 * keep their name, and the trips' trigger moves their rows to it.
 */
export const routeOnTimeDays = pgTable(
  'route_on_time_days',
  {
    tripDate: date('trip_date', { mode: 'string' }).notNull(),
    routeId: uuid('route_id'),
    routeName: text('route_name').notNull(),
    ...onTimeCounts,
  },
  (t) => [unique('route_on_time_days_unique').on(t.tripDate, t.routeId, t.routeName).nullsNotDistinct()],
);

/** The same per day and per stop (its id, and the name copied on the trip's stop), for the report per stop. */
export const stopOnTimeDays = pgTable(
  'stop_on_time_days',
  {
    tripDate: date('trip_date', { mode: 'string' }).notNull(),
    stopId: uuid('stop_id'),
    stopName: text('stop_name').notNull(),
    ...onTimeCounts,
  },
  (t) => [unique('stop_on_time_days_unique').on(t.tripDate, t.stopId, t.stopName).nullsNotDistinct()],
);

/**
 * The same per ISO week (`week_start`: its Monday) and stop, kept in the same upsert as the days (migration 0024):
 * the report per stop reads the weeks lying wholly inside its range and the days only at its edges, a fifth of the
 * rows for a month (decision 043). A trip has one day, so a week's `trips` is the sum of its days'.
 */
export const stopOnTimeWeeks = pgTable(
  'stop_on_time_weeks',
  {
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    stopId: uuid('stop_id'),
    stopName: text('stop_name').notNull(),
    ...onTimeCounts,
  },
  (t) => [unique('stop_on_time_weeks_unique').on(t.weekStart, t.stopId, t.stopName).nullsNotDistinct()],
);

/**
 * Rides per day and stop (null: at home): children picked up there on morning runs (`pickups`) and dropped there on
 * afternoon runs (`dropOffs`), summed from `trip_stop_riders` by triggers on it and on `trips` (migration 0024; one
 * row per stop with both runs as columns since 0026, decision 048), so ridership per stop reads a month of days (or
 * weeks) instead of every trip's rows.
 */
const stopRides = {
  stopId: uuid('stop_id'),
  pickups: integer('pickups').notNull().default(0),
  dropOffs: integer('drop_offs').notNull().default(0),
};

export const stopRiderDays = pgTable(
  'stop_rider_days',
  { tripDate: date('trip_date', { mode: 'string' }).notNull(), ...stopRides },
  (t) => [unique('stop_rider_days_unique').on(t.tripDate, t.stopId).nullsNotDistinct()],
);

/** The same per ISO week (its Monday), kept in the same statements as the days. */
export const stopRiderWeeks = pgTable(
  'stop_rider_weeks',
  { weekStart: date('week_start', { mode: 'string' }).notNull(), ...stopRides },
  (t) => [unique('stop_rider_weeks_unique').on(t.weekStart, t.stopId).nullsNotDistinct()],
);

/** What the route rollups add up for the trips that ran (not cancelled) of a route on a day or in a week. */
const routeTripCounts = {
  /** Trips that ran (status not CANCELLED), with or without scans. */
  trips: integer('trips').notNull().default(0),
  boardings: integer('boardings').notNull().default(0),
  alightings: integer('alightings').notNull().default(0),
  noShows: integer('no_shows').notNull().default(0),
  wrongBus: integer('wrong_bus').notNull().default(0),
  unknownTags: integer('unknown_tags').notNull().default(0),
};

/**
 * The scan counts (`trip_ridership_counts`) of the trips that ran, per day and per route as copied on the trip, kept
 * by triggers on `trip_ridership_counts` and `trips` (migration 0025, decision 046): ridership per route, exceptions
 * and ridership per day read these instead of a month of trips. Keyed as `route_on_time_days`: a deleted route's
 * trips keep their name, and the trips' trigger moves their rows to it.
 */
export const routeTripDays = pgTable(
  'route_trip_days',
  {
    tripDate: date('trip_date', { mode: 'string' }).notNull(),
    routeId: uuid('route_id'),
    routeName: text('route_name').notNull(),
    ...routeTripCounts,
  },
  (t) => [unique('route_trip_days_unique').on(t.tripDate, t.routeId, t.routeName).nullsNotDistinct()],
);

/** The same per ISO week (its Monday) and route, kept in the same statements as the days. */
export const routeTripWeeks = pgTable(
  'route_trip_weeks',
  {
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    routeId: uuid('route_id'),
    routeName: text('route_name').notNull(),
    ...routeTripCounts,
  },
  (t) => [unique('route_trip_weeks_unique').on(t.weekStart, t.routeId, t.routeName).nullsNotDistinct()],
);

/**
 * Started trips and the distance their positions cover (`trip_distances`), per day and per vehicle, kept by
 * triggers on `trip_distances` and `trips` (migration 0025, decision 046) for the vehicle-use report. A vehicle is
 * its id while it exists (`plate` null: a renamed plate is still one vehicle, its days counted once) and the plate
 * copied on the trip once it is deleted (`vehicle_id` null), as the report groups them.
 */
export const vehicleTripDays = pgTable(
  'vehicle_trip_days',
  {
    tripDate: date('trip_date', { mode: 'string' }).notNull(),
    vehicleId: uuid('vehicle_id'),
    plate: text('plate'),
    trips: integer('trips').notNull().default(0),
    km: doublePrecision('km').notNull().default(0),
  },
  (t) => [unique('vehicle_trip_days_unique').on(t.tripDate, t.vehicleId, t.plate).nullsNotDistinct()],
);

/**
 * The same per ISO week (its Monday) and vehicle, with the days of that week the vehicle was in use (its day rows
 * with a started trip), kept in the same statements as the days.
 */
export const vehicleTripWeeks = pgTable(
  'vehicle_trip_weeks',
  {
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    vehicleId: uuid('vehicle_id'),
    plate: text('plate'),
    trips: integer('trips').notNull().default(0),
    km: doublePrecision('km').notNull().default(0),
    days: integer('days').notNull().default(0),
  },
  (t) => [unique('vehicle_trip_weeks_unique').on(t.weekStart, t.vehicleId, t.plate).nullsNotDistinct()],
);

/**
 * The tolerance (±minutes) the on-time rollups were counted with: one row. The server counts them again when it
 * starts with another REPORT_ON_TIME_MINUTES, and a report asked with a tolerance other than this reads the stops.
 */
export const onTimeRollupSettings = pgTable(
  'on_time_rollup_settings',
  {
    id: boolean('id').primaryKey().default(true),
    minutes: integer('minutes').notNull(),
  },
  (t) => [check('on_time_rollup_settings_one_row', sql`${t.id}`)],
);

/** GPS trackers speaking the OsmAnd protocol, each tied to a vehicle and holding a secret (only its hash kept). */
export const trackerDevices = pgTable(
  'tracker_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: text('device_id').notNull().unique('tracker_devices_device_id_unique'),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracker_devices_vehicle_idx').on(t.vehicleId)],
);
