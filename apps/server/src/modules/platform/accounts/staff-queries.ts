import { and, asc, count, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import { STAFF_ROLES, type ListQuery, type ListSort, type StaffRole } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { listOrder, newestFirst, ownSorts } from '../../../db/list-queries.js';
import { schools, staffSchools, users } from '../../../db/schema/index.js';
import { containsPattern, offsetOf } from '../../../lib/pagination.js';
import type { UserRow } from '../users/index.js';

/** The SQL of staff users: the back-office's accounts, of the four staff roles (rules in staff-service.ts). */

/** Sorted by `users (role, column, id)` (migration 0022); the staff list is the four staff roles' rows. */
const ADMIN_SORTS = ownSorts(users, {
  name: [users.name],
  email: [users.email],
  createdAt: [users.createdAt],
});

export async function listStaffUsers(
  db: Executor,
  query: ListQuery & ListSort,
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = containsPattern(query.search);
  const where = and(
    inArray(users.role, STAFF_ROLES),
    query.search ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...listOrder(ADMIN_SORTS, query, newestFirst(users)).terms)
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The staff user with this id; with `lock`, their row stays locked until the transaction ends. */
export async function findStaffUser(db: Executor, id: string, lock = false): Promise<UserRow | undefined> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, STAFF_ROLES)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Locks every enabled administrator's row until the transaction ends. */
export async function lockEnabledAdmins(tx: Executor): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .for('update');
}

/** A new staff user without a password. */
export async function insertStaffUser(
  db: Executor,
  user: { name: string; email: string; role: StaffRole },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ name: user.name, email: user.email, role: user.role, passwordHash: null })
    .returning();
  return row!;
}

/** The schools of these school-staff users, by name, per user. */
export async function schoolsOfStaff(db: Executor, userIds: string[]) {
  const bySchool = new Map<string, { id: string; name: string }[]>();
  if (userIds.length === 0) return bySchool;
  const rows = await db
    .select({ userId: staffSchools.userId, id: schools.id, name: schools.name })
    .from(staffSchools)
    .innerJoin(schools, eq(schools.id, staffSchools.schoolId))
    .where(inArray(staffSchools.userId, userIds))
    .orderBy(asc(schools.name), asc(schools.id));
  for (const { userId, ...school } of rows) bySchool.set(userId, [...(bySchool.get(userId) ?? []), school]);
  return bySchool;
}

/** How many of these ids are schools: a role change checks its schools before linking them. */
export async function countSchools(db: Executor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db.select({ n: count() }).from(schools).where(inArray(schools.id, ids));
  return row?.n ?? 0;
}

/** Replaces a user's schools with these (none: the user is no school staff). */
export async function replaceStaffSchools(tx: Executor, userId: string, schoolIds: string[]): Promise<void> {
  await tx.delete(staffSchools).where(eq(staffSchools.userId, userId));
  if (schoolIds.length > 0)
    await tx.insert(staffSchools).values(schoolIds.map((schoolId) => ({ userId, schoolId })));
}
