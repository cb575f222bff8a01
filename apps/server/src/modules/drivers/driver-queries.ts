import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { AssignableListQuery } from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import { drivers, routeAssignments, users } from '../../db/schema/index.js';
import { containsPattern, offsetOf } from '../../lib/pagination.js';
import { notAssigned } from '../route-assignments/assignment-queries.js';

const driverColumns = {
  id: drivers.id,
  phone: drivers.phone,
  alternativePhone: drivers.alternativePhone,
  licenseNo: drivers.licenseNo,
  address: drivers.address,
  profileImage: drivers.profileImage,
  createdAt: drivers.createdAt,
  user: { id: users.id, name: users.name, email: users.email },
};
export type DriverRow = NonNullable<Awaited<ReturnType<typeof findDriver>>>;

const searchCondition = (search: string) => {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(users.name, pattern),
    ilike(users.email, pattern),
    ilike(drivers.phone, pattern),
    ilike(drivers.licenseNo, pattern),
  );
};

export async function listDrivers(db: Executor, query: AssignableListQuery) {
  const where = and(
    searchCondition(query.search),
    query.unassigned ? notAssigned(routeAssignments.driverId, drivers.id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(driverColumns)
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .where(where)
      .orderBy(desc(drivers.createdAt), desc(drivers.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(drivers).innerJoin(users, eq(users.id, drivers.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDriver(db: Executor, id: string) {
  const [row] = await db
    .select(driverColumns)
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.id, id))
    .limit(1);
  return row;
}

/** Locks the driver's row for the rest of the transaction, so two changes to one driver queue up. */
export async function lockDriver(db: Executor, id: string) {
  const [row] = await db.select().from(drivers).where(eq(drivers.id, id)).for('update');
  return row;
}
