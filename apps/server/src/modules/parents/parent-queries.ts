import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import { parents, students, users } from '../../db/schema/index.js';
import { containsPattern, offsetOf } from '../../lib/pagination.js';

const parentColumns = {
  id: parents.id,
  phone: parents.phone,
  alternativePhone: parents.alternativePhone,
  address: parents.address,
  city: parents.city,
  state: parents.state,
  pinCode: parents.pinCode,
  profileImage: parents.profileImage,
  createdAt: parents.createdAt,
  user: { id: users.id, name: users.name, email: users.email },
  // A correlated count uses the parent_id index per row of the page, instead of grouping every student.
  childrenCount: sql<number>`(select count(*)::int from ${students} where ${students.parentId} = ${parents.id})`,
};

function selectParents(db: Executor) {
  return db.select(parentColumns).from(parents).innerJoin(users, eq(users.id, parents.userId));
}
export type ParentRow = Awaited<ReturnType<ReturnType<typeof selectParents>['execute']>>[number];

function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(parents.phone, pattern));
}

export async function listParents(db: Executor, query: ListQuery) {
  const where = searchCondition(query.search);
  const [rows, [total]] = await Promise.all([
    selectParents(db)
      .where(where)
      .orderBy(desc(parents.createdAt), desc(parents.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(parents).innerJoin(users, eq(users.id, parents.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findParent(db: Executor, id: string) {
  const [row] = await selectParents(db).where(eq(parents.id, id));
  return row;
}

export async function lockParent(db: Executor, id: string) {
  const [row] = await db.select().from(parents).where(eq(parents.id, id)).for('update');
  return row;
}
