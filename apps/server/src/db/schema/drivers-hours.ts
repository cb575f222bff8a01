import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { drivers } from './drivers.js';
import { users } from './users.js';

/**
 * A driver's shift (decision 074): from their clock-in to their clock-out as they count now (the office may have
 * corrected them), beside the times the driver tapped, which are never rewritten. Each tap carries its device-made
 * id, so a replay from the phone's outbox finds the shift it already made or closed. At most one open shift per
 * driver (the partial unique index), so two taps racing on two phones cannot open two.
 */
export const driverShifts = pgTable(
  'driver_shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    clockInAt: timestamp('clock_in_at', { withTimezone: true }).notNull(),
    clockOutAt: timestamp('clock_out_at', { withTimezone: true }),
    /**
     * As the driver tapped (the device's time of the tap); kept when the office corrects the shift. Null, with the
     * tap's id and arrival, for a shift the office added for a driver who never clocked in.
     */
    tappedInAt: timestamp('tapped_in_at', { withTimezone: true }),
    tappedOutAt: timestamp('tapped_out_at', { withTimezone: true }),
    clockInLat: doublePrecision('clock_in_lat'),
    clockInLng: doublePrecision('clock_in_lng'),
    clockOutLat: doublePrecision('clock_out_lat'),
    clockOutLng: doublePrecision('clock_out_lng'),
    clockInClientId: uuid('clock_in_client_id'),
    clockOutClientId: uuid('clock_out_client_id'),
    /** When the server received each tap (a replay arrives long after the tap). */
    receivedInAt: timestamp('received_in_at', { withTimezone: true }),
    receivedOutAt: timestamp('received_out_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('driver_shifts_in_client_unique').on(t.clockInClientId),
    uniqueIndex('driver_shifts_out_client_unique').on(t.clockOutClientId),
    uniqueIndex('driver_shifts_one_open')
      .on(t.driverId)
      .where(sql`${t.clockOutAt} is null`),
    index('driver_shifts_driver_in_idx').on(t.driverId, t.clockInAt),
    check('driver_shifts_out_after_in', sql`${t.clockOutAt} is null or ${t.clockOutAt} > ${t.clockInAt}`),
  ],
);

/** Each correction of a shift by the office: its times before and after, and why (also in the audit log). */
export const driverShiftCorrections = pgTable(
  'driver_shift_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => driverShifts.id, { onDelete: 'cascade' }),
    /** Null when the office added the shift (the driver never clocked in): there were no times before. */
    clockInBefore: timestamp('clock_in_before', { withTimezone: true }),
    clockOutBefore: timestamp('clock_out_before', { withTimezone: true }),
    clockInAfter: timestamp('clock_in_after', { withTimezone: true }).notNull(),
    clockOutAfter: timestamp('clock_out_after', { withTimezone: true }),
    reason: text('reason').notNull(),
    correctedBy: uuid('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    correctedByName: text('corrected_by_name').notNull(),
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('driver_shift_corrections_shift_idx').on(t.shiftId, t.correctedAt)],
);
