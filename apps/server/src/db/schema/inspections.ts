import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CHILD_CHECK_METHODS } from '@school-transport/shared';
import { timestamps } from './columns.js';
import { drivers } from './drivers.js';
import { trips } from './trips.js';
import { users } from './users.js';
import { vehicles } from './vehicles.js';

export const childCheckMethod = pgEnum('child_check_method', CHILD_CHECK_METHODS);

/**
 * The pre-trip checklist of a vehicle type (vehicles.type, compared without case), which an admin defines. A vehicle
 * whose type has a checklist needs an inspection before its first trip of the day; one without does not.
 */
export const inspectionChecklists = pgTable(
  'inspection_checklists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleType: text('vehicle_type').notNull(),
    /** [{ id, label }] in the order the driver goes through them. */
    items: jsonb('items').$type<{ id: string; label: string }[]>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('inspection_checklists_type_unique').on(sql`lower(${t.vehicleType})`)],
);

/**
 * A pre-trip inspection as the driver submitted it: every item ok or a defect (defects also get a row of their
 * own). The id is made on the device, so a replay from the offline outbox is stored once.
 */
export const inspections = pgTable(
  'inspections',
  {
    id: uuid('id').primaryKey(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    driverName: text('driver_name').notNull(),
    /** The operator's day it counts for. */
    inspectedOn: date('inspected_on', { mode: 'string' }).notNull(),
    /** [{ itemId, label, ok, note }] as checked. */
    items: jsonb('items')
      .$type<{ itemId: string; label: string; ok: boolean; note: string | null }[]>()
      .notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inspections_vehicle_day_idx').on(t.vehicleId, t.inspectedOn)],
);

/** A defect found at an inspection. One marked out of service blocks the vehicle until an admin closes it. */
export const inspectionDefects = pgTable(
  'inspection_defects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    itemLabel: text('item_label').notNull(),
    note: text('note'),
    /** File name under DATA_DIR (a WebP made by the server); answers carry a signed URL. */
    photo: text('photo'),
    outOfService: boolean('out_of_service').notNull().default(false),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name'),
    closeNote: text('close_note'),
  },
  (t) => [
    index('inspection_defects_inspection_idx').on(t.inspectionId),
    // Open defects per vehicle: what blocks a trip start and what the office lists.
    index('inspection_defects_open_idx')
      .on(t.vehicleId, t.openedAt)
      .where(sql`${t.closedAt} is null`),
    index('inspection_defects_vehicle_idx').on(t.vehicleId, t.openedAt),
  ],
);

/** The tag fixed at the back of a bus, scanned by the driver for the child check. One per vehicle. */
export const childCheckTags = pgTable('child_check_tags', {
  vehicleId: uuid('vehicle_id')
    .primaryKey()
    .references(() => vehicles.id, { onDelete: 'cascade' }),
  /** Upper case without separators, like children's tags. */
  tagId: text('tag_id').notNull().unique('child_check_tags_tag_unique'),
  ...timestamps,
});

/**
 * The driver's confirmation, after the last trip of the day with a vehicle, that nobody is left on board: by the
 * tag at the back of the bus or, failing that, a tap with a reason. Once per trip (the device's id, replay-safe).
 */
export const childChecks = pgTable(
  'child_checks',
  {
    id: uuid('id').primaryKey(),
    tripId: uuid('trip_id')
      .notNull()
      .unique('child_checks_trip_unique')
      .references(() => trips.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    method: childCheckMethod('method').notNull(),
    tagId: text('tag_id'),
    reason: text('reason'),
    checkedBy: uuid('checked_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('child_checks_vehicle_idx').on(t.vehicleId, t.checkedAt)],
);
