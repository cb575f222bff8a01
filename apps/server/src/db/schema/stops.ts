import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  time,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { STOP_NOTE_MAX } from '@school-transport/shared';
import { busRoutes } from './bus-routes.js';
import { timestamps } from './columns.js';
import { students } from './families.js';
import { tripType } from './trips.js';

/** A named point where children wait. A stop in a route's schedule cannot be deleted (restrict). */
export const stops = pgTable(
  'stops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    address: text('address'),
    /** The id this record has in the operator's own files: a CSV import matches rows on it (issue 18). */
    externalId: text('external_id').unique('stops_external_id_unique'),
    /**
     * What a driver new to the stop needs ("gate code 4411", "wait at the corner, not the driveway"), kept current by
     * the office and by the drivers who drive through it (issue 34, decision 058).
     */
    note: text('note'),
    /** The stop's photo: a file name in the uploads folder, the same column and kit as vehicles' (decision 058). */
    profileImage: text('profile_image'),
    ...timestamps,
  },
  (t) => [
    index('stops_created_at_idx').on(t.createdAt, t.id),
    index('stops_name_idx').on(t.name, t.id),
    // Nearby look-ups filter a lat/lng box first (a walking radius is a few hundred metres).
    index('stops_lat_lng_idx').on(t.lat, t.lng),
    check('stops_lat_range', sql`${t.lat} between -90 and 90`),
    check('stops_lng_range', sql`${t.lng} between -180 and 180`),
    check('stops_note_length', sql`char_length(${t.note}) <= ${sql.raw(String(STOP_NOTE_MAX))}`),
  ],
);

/** When a route's run starts, on the operator's wall clock. No row: the run has no schedule yet. */
export const routeRuns = pgTable(
  'route_runs',
  {
    routeId: uuid('route_id')
      .notNull()
      .references(() => busRoutes.id, { onDelete: 'cascade' }),
    run: tripType('run').notNull(),
    startTime: time('start_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.routeId, t.run] })],
);

/** A run's stops in order, each reached some minutes after the run's start. */
export const routeStops = pgTable(
  'route_stops',
  {
    routeId: uuid('route_id')
      .notNull()
      .references(() => busRoutes.id, { onDelete: 'cascade' }),
    run: tripType('run').notNull(),
    position: integer('position').notNull(),
    stopId: uuid('stop_id')
      .notNull()
      .references(() => stops.id, { onDelete: 'restrict' }),
    minutesAfterStart: integer('minutes_after_start').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.run, t.position] }),
    unique('route_stops_stop_once_per_run').on(t.routeId, t.run, t.stopId),
    index('route_stops_stop_idx').on(t.stopId),
    check('route_stops_minutes_range', sql`${t.minutesAfterStart} between 0 and 600`),
  ],
);

/** Which stop a child waits at (PICKUP) or leaves at (DROP). No row: the child's own pickup point. */
export const studentStops = pgTable(
  'student_stops',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    run: tripType('run').notNull(),
    stopId: uuid('stop_id')
      .notNull()
      .references(() => stops.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.run] }), index('student_stops_stop_idx').on(t.stopId)],
);
