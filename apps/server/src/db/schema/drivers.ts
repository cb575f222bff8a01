import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { users } from './users.js';

/** A driver is a user with role driver; name and e-mail live on the user. Deleting the user deletes the driver. */
export const drivers = pgTable(
  'drivers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique('drivers_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    alternativePhone: text('alternative_phone'),
    licenseNo: text('license_no').notNull(),
    address: text('address'),
    /** File name under DATA_DIR/uploads/profile/driver; answers carry a signed URL instead. */
    profileImage: text('profile_image'),
    /** The id this record has in the operator's own files: a CSV import matches rows on it (issue 18). */
    externalId: text('external_id').unique('drivers_external_id_unique'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('drivers_license_no_unique').on(sql`upper(${t.licenseNo})`),
    index('drivers_created_at_idx').on(t.createdAt, t.id),
    // The list's sort by licence number (decision 035).
    index('drivers_license_no_idx').on(t.licenseNo, t.id),
  ],
);
