import { and, count, eq, ilike, isNull, or } from 'drizzle-orm';
import type { ListQuery, ListSort } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { listOrder, newestFirst, ownSorts } from '../../../db/list-queries.js';
import { users } from '../../../db/schema/index.js';
import { containsPattern, offsetOf } from '../../../lib/pagination.js';
import type { UserRow } from '../users/index.js';

/** The SQL of staff users: the administrators' accounts (rules in staff-service.ts). */

/** Read along `users (role, column, id)` (migration 0022), the role being every row's. */
const ADMIN_SORTS = ownSorts(users, {
  name: [users.name],
  email: [users.email],
  createdAt: [users.createdAt],
});

export async function listAdmins(
  db: Executor,
  query: ListQuery & ListSort,
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = containsPattern(query.search);
  const where = and(
    eq(users.role, 'admin'),
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

/** The administrator with this id; with `lock`, their row stays locked until the transaction ends. */
export async function findAdmin(db: Executor, id: string, lock = false): Promise<UserRow | undefined> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'admin')));
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

/** A new administrator without a password. */
export async function insertAdmin(db: Executor, admin: { name: string; email: string }): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ name: admin.name, email: admin.email, role: 'admin', passwordHash: null })
    .returning();
  return row!;
}
