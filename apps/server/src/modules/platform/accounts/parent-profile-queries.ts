import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { parents, users } from '../../../db/schema/index.js';

/** The SQL of a parent's own contact details (rules in parent-profile-service.ts). */

/** A parent's contact details with the name and e-mail of their account (parentProfileSchema). */
export const parentProfileColumns = {
  name: users.name,
  email: users.email,
  phone: parents.phone,
  alternativePhone: parents.alternativePhone,
  address: parents.address,
  city: parents.city,
  state: parents.state,
  pinCode: parents.pinCode,
};

/** The parent record of this account; with `lock`, the parent's row stays locked until the transaction ends. */
export async function findParentProfile(db: Executor, userId: string, lock = false) {
  const query = db
    .select({ id: parents.id, ...parentProfileColumns })
    .from(parents)
    .innerJoin(users, eq(users.id, parents.userId))
    .where(eq(parents.userId, userId));
  const [row] = lock ? await query.for('update', { of: parents }) : await query;
  return row;
}

export type ParentContactChanges = Partial<
  Pick<typeof parents.$inferInsert, 'phone' | 'alternativePhone' | 'address' | 'city' | 'state' | 'pinCode'>
>;

export async function updateParentContact(
  tx: Executor,
  parentId: string,
  changes: ParentContactChanges,
  now: Date,
): Promise<void> {
  await tx
    .update(parents)
    .set({ ...changes, updatedAt: now })
    .where(eq(parents.id, parentId));
}
