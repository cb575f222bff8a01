import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * The schools a school-staff user works for (decision 069): the office keeps these links on the staff screen, and
 * every /api/school read is scoped by them on the server. Only a school_staff account has rows here (the staff
 * service clears them when the role changes); a link dies with its user or its school.
 */
export const staffSchools = pgTable(
  'staff_schools',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.schoolId] }),
    index('staff_schools_school_id_idx').on(t.schoolId),
  ],
);
