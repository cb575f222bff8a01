import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { schools, staffSchools, students, trips } from '../../../db/schema/index.js';
import { childrenOf } from '../../operations/family-messages/index.js';
import { ridersOfTrip } from '../../operations/stop-changes/index.js';

/** The SQL of school staff's view (rules in school-staff-service.ts). */

/** The schools this user is linked to, by name. */
export function schoolsOfUser(db: Executor, userId: string) {
  return db
    .select({
      id: schools.id,
      name: schools.name,
      bellTime: schools.bellTime,
      dismissalTime: schools.dismissalTime,
    })
    .from(staffSchools)
    .innerJoin(schools, eq(schools.id, staffSchools.schoolId))
    .where(eq(staffSchools.userId, userId))
    .orderBy(asc(schools.name), asc(schools.id));
}

/**
 * The children of these schools (a select of student ids), by the records' one rule of a child's school
 * (family-messages' `childrenOf`: an accepted plan of the school seated them). Empty schools: no child.
 */
export function childrenOfSchools(schoolIds: string[]): SQL {
  if (schoolIds.length === 0) return sql`select null::uuid where false`;
  return sql.join(
    schoolIds.map((id) => childrenOf({ kind: 'school', id })),
    sql` union `,
  );
}

const childColumns = { id: students.id, name: students.name, class: students.class, rollNo: students.rollNo };

export function childrenIn(db: Executor, children: SQL, onlyId?: string) {
  return db
    .select(childColumns)
    .from(students)
    .where(
      and(sql`${students.id} in (${children})`, onlyId === undefined ? undefined : eq(students.id, onlyId)),
    )
    .orderBy(asc(students.class), asc(students.name), asc(students.id));
}

/**
 * The trips that carry some of `children` (by `ridersOfTrip`, the one rule of who rides a trip), with how many:
 * those of `date`, or the one trip `onlyId`.
 */
export async function runsCarrying(db: Executor, children: SQL, where: { date?: string; onlyId?: string }) {
  const filter = where.onlyId !== undefined ? sql`t.id = ${where.onlyId}` : sql`t.trip_date = ${where.date}`;
  const counted = (await db.execute(sql`
    select t.id, (select count(*)::int from ${ridersOfTrip(sql`t`)} rider
      where rider.student_id in (${children})) as children
    from trips t where ${filter}`)) as { rows: { id: string; children: number }[] };
  const carrying = new Map(
    counted.rows.filter((row) => row.children > 0).map((row) => [row.id, row.children]),
  );
  if (carrying.size === 0) return [];
  const rows = await db
    .select()
    .from(trips)
    .where(inArray(trips.id, [...carrying.keys()]))
    .orderBy(asc(trips.plannedStartAt), asc(trips.routeName), asc(trips.id));
  return rows.map((row) => ({ ...row, children: carrying.get(row.id)! }));
}

/** Which of `children` ride this trip. */
export function ridersAmong(db: Executor, tripId: string, children: SQL) {
  return childrenIn(
    db,
    sql`select rider.student_id from trips t cross join lateral ${ridersOfTrip(sql`t`)} rider
      where t.id = ${tripId} and rider.student_id in (${children})`,
  );
}
