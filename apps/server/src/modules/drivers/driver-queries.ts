import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { AssignableListQuery } from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import { drivers, routeAssignments, users } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/pagination.js';
import { listPage, pageIds } from '../../db/list-queries.js';
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

/** Conditions on `drivers` only (name and e-mail through their users), so the page is chosen before any join. */
const searchCondition = (db: Executor, search: string) => {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(drivers.phone, pattern),
    ilike(drivers.licenseNo, pattern),
    inArray(
      drivers.userId,
      db
        .select({ id: users.id })
        .from(users)
        .where(or(ilike(users.name, pattern), ilike(users.email, pattern))),
    ),
  );
};

export async function listDrivers(db: Executor, query: AssignableListQuery) {
  const where = and(
    searchCondition(db, query.search),
    query.unassigned ? notAssigned(routeAssignments.driverId, drivers.id) : undefined,
  );
  return listPage(db, drivers, where, query, 'drivers', (total, paging) =>
    db
      .select({ ...driverColumns, total })
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .where(inArray(drivers.id, pageIds(db, drivers, where, paging)))
      .orderBy(desc(drivers.createdAt), desc(drivers.id)),
  );
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
