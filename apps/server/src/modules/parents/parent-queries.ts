import { desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import { parents, students, users } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/pagination.js';
import { listPage, pageIds } from '../../db/list-queries.js';

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

function selectParents<Extra extends Record<string, SQL>>(db: Executor, extra?: Extra) {
  return db
    .select({ ...parentColumns, ...(extra as Extra) })
    .from(parents)
    .innerJoin(users, eq(users.id, parents.userId));
}
export type ParentRow = Awaited<ReturnType<ReturnType<typeof selectParents>['execute']>>[number];

function searchCondition(db: Executor, search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(parents.phone, pattern),
    inArray(
      parents.userId,
      db
        .select({ id: users.id })
        .from(users)
        .where(or(ilike(users.name, pattern), ilike(users.email, pattern))),
    ),
  );
}

export async function listParents(db: Executor, query: ListQuery) {
  const where = searchCondition(db, query.search);
  return listPage(db, parents, where, query, 'parents', (total, paging) =>
    selectParents(db, { total })
      .where(inArray(parents.id, pageIds(db, parents, where, paging)))
      .orderBy(desc(parents.createdAt), desc(parents.id)),
  );
}

export async function findParent(db: Executor, id: string) {
  const [row] = await selectParents(db).where(eq(parents.id, id));
  return row;
}

export async function lockParent(db: Executor, id: string) {
  const [row] = await db.select().from(parents).where(eq(parents.id, id)).for('update');
  return row;
}
