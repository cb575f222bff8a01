import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ALERT_KINDS, LIVE_EVENT_TYPES } from '@school-transport/shared';
import { students } from './families.js';
import { trips } from './trips.js';
import { users } from './users.js';

export const liveEventType = pgEnum('live_event_type', LIVE_EVENT_TYPES);
export const alertKind = pgEnum('alert_kind', ALERT_KINDS);

/**
 * The live stream's log: every event a browser may be sent, written in the transaction of the change it tells of,
 * so a crash loses none and a rollback sends none. The id is the stream's event id (Last-Event-ID); every API
 * process reads this table after a NOTIFY, so an event committed through one reaches the browsers of all. Kept
 * for a few days (the daily job prunes it): a browser that was away longer reloads instead.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: liveEventType('type').notNull(),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    /** The user who drove the trip when the event was written: besides admins, the only one who may receive it. */
    driverUserId: uuid('driver_user_id'),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_created_idx').on(t.createdAt)],
);

/**
 * What the server noticed and a person must see: one row per cause (`cause` is unique: a wrong-bus scan of one
 * child on one trip, a trip's lateness…), so checks running on every API process raise each alert once.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: alertKind('kind').notNull(),
    cause: text('cause').notNull().unique('alerts_cause_unique'),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedByName: text('acknowledged_by_name'),
  },
  (t) => [
    index('alerts_trip_idx').on(t.tripId),
    index('alerts_raised_idx').on(t.raisedAt),
    // The open alerts, read by every dispatcher screen: alerts are never pruned, the open ones stay few.
    index('alerts_open_idx')
      .on(t.raisedAt)
      .where(sql`${t.acknowledgedAt} is null`),
  ],
);
