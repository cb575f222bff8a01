import { sql } from 'drizzle-orm';
import { ADDRESS_STATUSES, HAND_OVER_CHOICES, HOME_SOURCES } from '@school-transport/shared';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { users } from './users.js';

/** A parent is a user with role parent; deleting the user deletes the parent, their children and their seats. */
export const parents = pgTable(
  'parents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique('parents_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    alternativePhone: text('alternative_phone').notNull(),
    address: text('address').notNull(),
    city: text('city'),
    state: text('state').notNull(),
    pinCode: text('pin_code').notNull(),
    profileImage: text('profile_image'),
    /** The id this record has in the operator's own files: a CSV import matches rows on it (issue 18). */
    externalId: text('external_id').unique('parents_external_id_unique'),
    /** The guardian's OneRoster sourcedId: roster sync (decision 071) matches on it. */
    sourcedId: text('sourced_id').unique('parents_sourced_id_unique'),
    /** When roster sync found the guardian gone upstream (their account disabled with it); null: active. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('parents_created_at_idx').on(t.createdAt, t.id),
    // The few deactivated guardians, which the dashboard takes from its counts (decision 076).
    index('parents_deactivated_idx')
      .on(t.id)
      .where(sql`${t.deactivatedAt} is not null`),
  ],
);

export const handOverChoice = pgEnum('hand_over_choice', HAND_OVER_CHOICES);
/** Who set a child's home point: a person (map click, typed, a file's coordinates) or the geocoder (decision 072). */
export const homeSource = pgEnum('home_source', HOME_SOURCES);
/** Where the geocoding of a child's address stands; the review statuses are the office's queue (decision 072). */
export const addressStatus = pgEnum('address_status', ADDRESS_STATUSES);

export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    class: text('class').notNull(),
    rollNo: text('roll_no').notNull(),
    /** Upper case without separators (the input schema normalises it); unique when present. */
    nfcTagId: text('nfc_tag_id'),
    /**
     * The pickup point (the home): the contract's names in TypeScript, shorter ones in SQL. Null only while the
     * child's address waits for the geocoder or the office's review (decision 072): such a child is not planned.
     */
    pickupAndDropLat: doublePrecision('pickup_lat'),
    pickupAndDropLng: doublePrecision('pickup_lng'),
    /** The home address: one free line (street and number), with its structured parts below. */
    pickupDropAddress: text('pickup_address'),
    addressCity: text('address_city'),
    addressPostcode: text('address_postcode'),
    /** ISO 3166-1 alpha-2, upper case: narrows the geocoder's search to that country. */
    addressCountry: text('address_country'),
    /** Null with no point; HAND (every point before decision 072 too) is never overwritten by the geocoder. */
    homeSource: homeSource('home_source').default('HAND'),
    addressStatus: addressStatus('address_status').notNull().default('NONE'),
    profileImage: text('profile_image'),
    /** Special needs: the route planner always picks the child up at their own door, never at a shared stop. */
    doorToDoor: boolean('door_to_door').notNull().default(false),
    /** Whether the child must be handed to an authorized adult: the operator's rule, or always or never (065). */
    handOver: handOverChoice('hand_over').notNull().default('RULE'),
    /** The id this record has in the operator's own files: a CSV import matches rows on it (issue 18). */
    externalId: text('external_id').unique('students_external_id_unique'),
    /** The child's OneRoster sourcedId: roster sync (decision 071) matches on it. */
    sourcedId: text('sourced_id').unique('students_sourced_id_unique'),
    /** When roster sync found the child gone upstream; the record and its history stay. Null: active. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * The parent's name, copied here by triggers (migration 0008) and never written by the application: it lets
     * the student search stay on this one table, where a newest-first walk can stop after a page of matches.
     */
    parentName: text('parent_name').notNull().default(''),
    /**
     * Everything the student search looks at, in one column with one trigram index (migration 0010): one `ILIKE`
     * per row instead of five, and one index instead of five to OR. The fields are joined by the unit separator
     * (U+001F): a search matches across two of them only if it contains that control character itself.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`name || chr(31) || class || chr(31) || roll_no || chr(31) || coalesce(nfc_tag_id, '') || chr(31) || parent_name`,
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('students_nfc_tag_id_unique')
      .on(t.nfcTagId)
      .where(sql`${t.nfcTagId} is not null`),
    index('students_parent_id_idx').on(t.parentId),
    // The few deactivated children, which the dashboard takes from its counts (decision 076).
    index('students_deactivated_idx')
      .on(t.id)
      .where(sql`${t.deactivatedAt} is not null`),
    index('students_created_at_idx').on(t.createdAt, t.id),
    // The list's sorts (decision 035): by name, by class in roll-number order, by the parent's name.
    index('students_name_idx').on(t.name, t.id),
    index('students_class_idx').on(t.class, t.rollNo, t.id),
    index('students_parent_name_idx').on(t.parentName, t.id),
    check('students_pickup_lat_range', sql`${t.pickupAndDropLat} between -90 and 90`),
    check(
      'students_pickup_point_whole',
      sql`(${t.pickupAndDropLat} is null) = (${t.pickupAndDropLng} is null)`,
    ),
    // A child without a home point is one whose address is on its way to one.
    check(
      'students_pickup_point_or_address',
      sql`${t.pickupAndDropLat} is not null or ${t.addressStatus} <> 'NONE'`,
    ),
    // The review queue and the geocoding job read only the few rows not NONE/PLACED.
    index('students_address_status_idx')
      .on(t.addressStatus, t.id)
      .where(sql`${t.addressStatus} not in ('NONE', 'PLACED')`),
    check('students_pickup_lng_range', sql`${t.pickupAndDropLng} between -180 and 180`),
  ],
);
