import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CREDENTIAL_SUBJECTS } from '@school-transport/shared';
import { routeAssignments } from './assignments.js';
import { timestamps } from './columns.js';
import { drivers } from './drivers.js';
import { trips } from './trips.js';
import { users } from './users.js';
import { vehicles } from './vehicles.js';

export const credentialSubject = pgEnum('credential_subject', CREDENTIAL_SUBJECTS);

/**
 * The kinds of credential an operator tracks (licence, insurance…), each for drivers or for vehicles, with how
 * many days ahead its expiry is announced and whether an expired one stops the driver or vehicle. An admin edits
 * them; migration 0020 seeds the usual ones. A kind still held by a credential cannot be deleted (restrict).
 */
export const credentialKinds = pgTable(
  'credential_kinds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: credentialSubject('subject').notNull(),
    name: text('name').notNull(),
    warnDays: integer('warn_days').notNull().default(30),
    blocks: boolean('blocks').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('credential_kinds_subject_name_unique').on(t.subject, sql`lower(${t.name})`),
    check('credential_kinds_warn_days_range', sql`${t.warnDays} between 0 and 365`),
  ],
);

/**
 * One credential of a driver or of a vehicle (exactly one of the two): its number, expiry and an optional scanned
 * document (an image or a PDF under DATA_DIR, named by the server). One per holder and kind: a renewal updates it.
 */
export const credentials = pgTable(
  'credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kindId: uuid('kind_id')
      .notNull()
      .references(() => credentialKinds.id, { onDelete: 'restrict' }),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** File name under DATA_DIR; answers carry a signed URL instead. */
    document: text('document'),
    /** image/webp or application/pdf. */
    documentType: text('document_type'),
    ...timestamps,
  },
  (t) => [
    check('credentials_one_holder', sql`num_nonnulls(${t.driverId}, ${t.vehicleId}) = 1`),
    uniqueIndex('credentials_driver_kind_unique')
      .on(t.driverId, t.kindId)
      .where(sql`${t.driverId} is not null`),
    uniqueIndex('credentials_vehicle_kind_unique')
      .on(t.vehicleId, t.kindId)
      .where(sql`${t.vehicleId} is not null`),
    index('credentials_kind_idx').on(t.kindId),
    index('credentials_expires_idx').on(t.expiresOn),
  ],
);

/**
 * An admin's decision to let an assignment or a trip go ahead despite blockers (expired credentials), with the
 * reason and the blockers' words as they were: shown on the trip and kept after the credential is renewed.
 */
export const complianceOverrides = pgTable(
  'compliance_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id').references(() => routeAssignments.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    /** The blockers overridden, in words. */
    blockers: jsonb('blockers').$type<string[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('compliance_overrides_trip_idx').on(t.tripId),
    index('compliance_overrides_assignment_idx').on(t.assignmentId),
  ],
);
