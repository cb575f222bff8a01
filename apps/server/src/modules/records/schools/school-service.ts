import type { School } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { schoolIsActive } from '../../../db/active-records.js';
import { ownSorts } from '../../../db/list-queries.js';
import { schools } from '../../../db/schema/index.js';
import { createResourceService, tableResource } from '../../platform/resources/index.js';

/** PostgreSQL answers a `time` as 07:30:00; the contract, like the form, speaks in HH:MM. */
const clock = (time: string) => time.slice(0, 5);

const toSchool = ({ updatedAt: _updatedAt, ...row }: typeof schools.$inferSelect): School => ({
  ...row,
  bellTime: clock(row.bellTime),
  dismissalTime: clock(row.dismissalTime),
  deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Schools: where morning runs end and afternoon runs begin; a resource of the kit. */
export function createSchoolService({ db }: { db: Database }) {
  return createResourceService({
    db,
    entity: 'school',
    notFoundMessage: 'School not found.',
    conflicts: {
      schools_name_unique: { field: 'name', message: 'A school with this name already exists.' },
      // Field trips keep their school (decision 073): an invoice names it.
      field_trips_school_id_schools_id_fk: {
        field: 'id',
        message: 'This school has field trips: it cannot be deleted while they are on record.',
      },
    },
    ...tableResource(schools, {
      searchColumns: [schools.name, schools.address],
      // A deactivated school is not offered (pickers read this list) unless asked (decision 076).
      active: schoolIsActive,
      // No index for these: an operator has a handful of schools, which PostgreSQL sorts faster than it reads one.
      sorts: ownSorts(schools, {
        name: [schools.name],
        bellTime: [schools.bellTime],
        dismissalTime: [schools.dismissalTime],
        createdAt: [schools.createdAt],
      }),
    }),
    toAnswer: toSchool,
    toListAnswer: toSchool,
    describe: (school) => ({ name: school.name }),
  });
}
export type SchoolService = ReturnType<typeof createSchoolService>;
