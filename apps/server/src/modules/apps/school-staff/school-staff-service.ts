import type {
  SchoolChild,
  SchoolChildDetail,
  SchoolRun,
  SchoolRunDetail,
  StaffSchool,
} from '@school-transport/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import {
  childrenIn,
  childrenOfSchools,
  ridersAmong,
  runsCarrying,
  schoolsOfUser,
} from './school-staff-queries.js';

interface SchoolStaffDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
}

type RunRow = Awaited<ReturnType<typeof runsCarrying>>[number];

const toRun = (row: RunRow): SchoolRun => ({
  id: row.id,
  tripDate: row.tripDate,
  type: row.type,
  status: row.status,
  routeName: row.routeName,
  vehiclePlate: row.vehiclePlate,
  plannedStartAt: row.plannedStartAt?.toISOString() ?? null,
  startedAt: row.startedAt?.toISOString() ?? null,
  completedAt: row.completedAt?.toISOString() ?? null,
  delayMinutes: row.delayMinutes,
  children: row.children,
});

/**
 * School staff's view: everything is scoped here to the signed-in user's schools (staff_schools), so a school, a
 * child or a run outside them answers 404 exactly as one that does not exist: the answer tells nothing of other
 * schools. The access check (`school`) already admits only school staff.
 */
export function createSchoolStaffService({ db, clock, timeZone }: SchoolStaffDeps) {
  const schoolIdsOf = async (userId: string) => (await schoolsOfUser(db, userId)).map((school) => school.id);

  /** One of the user's schools, or 404. */
  async function ownSchool(userId: string, schoolId: string) {
    if (!(await schoolIdsOf(userId)).includes(schoolId)) throw notFound('School not found.');
    return childrenOfSchools([schoolId]);
  }

  return {
    schools: (userId: string): Promise<StaffSchool[]> => schoolsOfUser(db, userId),

    async children(userId: string, schoolId: string): Promise<SchoolChild[]> {
      return childrenIn(db, await ownSchool(userId, schoolId));
    },

    async today(userId: string, schoolId: string): Promise<SchoolRun[]> {
      const children = await ownSchool(userId, schoolId);
      const rows = await runsCarrying(db, children, { date: zonedDate(clock(), timeZone) });
      return rows.map(toRun);
    },

    async child(userId: string, childId: string): Promise<SchoolChildDetail> {
      const [child] = await childrenIn(db, childrenOfSchools(await schoolIdsOf(userId)), childId);
      if (!child) throw notFound('Child not found.');
      const runs = await runsCarrying(db, sql`select ${childId}::uuid`, {
        date: zonedDate(clock(), timeZone),
      });
      return { ...child, runsToday: runs.map(toRun) };
    },

    async run(userId: string, tripId: string): Promise<SchoolRunDetail> {
      const children = childrenOfSchools(await schoolIdsOf(userId));
      const [row] = await runsCarrying(db, children, { onlyId: tripId });
      if (!row) throw notFound('Run not found.');
      return { ...toRun(row), riders: await ridersAmong(db, tripId, children) };
    },
  };
}
export type SchoolStaffService = ReturnType<typeof createSchoolStaffService>;
