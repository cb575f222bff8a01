import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { GuardianRelation, GuardianRequestState } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { guardianRequests, parents, studentGuardians, students, users } from '../../../db/schema/index.js';

/**
 * The SQL of the office's guardian links and the guardians' requests (decision 064). Who is a guardian of whom is
 * read through db/guardian-queries.ts everywhere else; this file writes the links and lists them for the office.
 */

/** The child's guardians with their names and contacts, primary first, then in the order they were linked. */
export function guardiansOfChild(db: Executor, studentId: string) {
  return db
    .select({
      parentId: studentGuardians.parentId,
      name: users.name,
      email: users.email,
      phone: parents.phone,
      relation: studentGuardians.relation,
      primary: sql<boolean>`${students.parentId} = ${studentGuardians.parentId}`,
      linkedAt: studentGuardians.createdAt,
    })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .innerJoin(parents, eq(parents.id, studentGuardians.parentId))
    .innerJoin(users, eq(users.id, parents.userId))
    .where(eq(studentGuardians.studentId, studentId))
    .orderBy(sql`${students.parentId} = ${studentGuardians.parentId} desc`, asc(studentGuardians.createdAt));
}

/** The child, locked until the transaction ends (links of one child are written one at a time). */
export async function lockStudentForLinks(tx: Executor, studentId: string) {
  const [row] = await tx
    .select({ id: students.id, name: students.name, parentId: students.parentId })
    .from(students)
    .where(eq(students.id, studentId))
    .for('update');
  return row;
}

/** Links `parentId` to the child; false when they were linked already. */
export async function insertLink(
  tx: Executor,
  link: { studentId: string; parentId: string; relation: GuardianRelation },
): Promise<boolean> {
  const rows = await tx.insert(studentGuardians).values(link).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Removes the link; false when there was none. */
export async function deleteLink(tx: Executor, studentId: string, parentId: string): Promise<boolean> {
  const rows = await tx
    .delete(studentGuardians)
    .where(and(eq(studentGuardians.studentId, studentId), eq(studentGuardians.parentId, parentId)))
    .returning();
  return rows.length > 0;
}

/** The guardian linked longest, other than `exceptParentId`: who becomes primary when the primary goes. */
export async function nextPrimary(tx: Executor, studentId: string, exceptParentId: string) {
  const [row] = await tx
    .select({ parentId: studentGuardians.parentId })
    .from(studentGuardians)
    .where(and(eq(studentGuardians.studentId, studentId), ne(studentGuardians.parentId, exceptParentId)))
    .orderBy(asc(studentGuardians.createdAt), asc(studentGuardians.parentId))
    .limit(1);
  return row?.parentId;
}

/** Makes `parentId` the child's primary guardian (the trigger students_primary_guardian unlinks the one before). */
export async function setPrimary(tx: Executor, studentId: string, parentId: string) {
  await tx.update(students).set({ parentId }).where(eq(students.id, studentId));
}

/**
 * Before a parent record is deleted: each child of theirs who has another guardian gets that one as primary, so
 * deleting the parent (which cascades to the children whose primary they are) takes only the children no one else
 * looks after.
 */
export async function handOverChildrenOf(tx: Executor, parentId: string) {
  await tx.execute(sql`
    update students s set parent_id = (
      select g.parent_id from student_guardians g
      where g.student_id = s.id and g.parent_id <> ${parentId}
      order by g.created_at, g.parent_id limit 1)
    where s.parent_id = ${parentId}
      and exists (select 1 from student_guardians g where g.student_id = s.id and g.parent_id <> ${parentId})`);
}

/** The parent record of an account (a guardian signed in to the portal). */
export async function parentIdOfUser(db: Executor, userId: string) {
  const [row] = await db.select({ id: parents.id }).from(parents).where(eq(parents.userId, userId));
  return row?.id;
}

/** The parent record whose account has this e-mail (case-insensitively), and whether one is another role's. */
export async function accountByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ userId: users.id, role: users.role, parentId: parents.id })
    .from(users)
    .leftJoin(parents, eq(parents.userId, users.id))
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

const requestColumns = {
  id: guardianRequests.id,
  studentId: guardianRequests.studentId,
  studentName: students.name,
  name: guardianRequests.name,
  email: guardianRequests.email,
  phone: guardianRequests.phone,
  relation: guardianRequests.relation,
  state: guardianRequests.state,
  reason: guardianRequests.reason,
  requestedByName: users.name,
  requestedAt: guardianRequests.requestedAt,
  decidedAt: guardianRequests.decidedAt,
  requestedByParentId: guardianRequests.requestedByParentId,
};

function selectRequests(db: Executor) {
  return db
    .select(requestColumns)
    .from(guardianRequests)
    .innerJoin(students, eq(students.id, guardianRequests.studentId))
    .leftJoin(parents, eq(parents.id, guardianRequests.requestedByParentId))
    .leftJoin(users, eq(users.id, parents.userId));
}
export type GuardianRequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

/** The requests in `state`, oldest first (the office's queue). */
export function requestsByState(db: Executor, state: GuardianRequestState) {
  return selectRequests(db)
    .where(eq(guardianRequests.state, state))
    .orderBy(asc(guardianRequests.requestedAt), asc(guardianRequests.id));
}

/** The requests about these children, newest first (what a guardian sees of theirs and their co-guardians'). */
export function requestsOfChildren(db: Executor, studentIds: string[]) {
  if (!studentIds.length) return Promise.resolve([]);
  return selectRequests(db)
    .where(inArray(guardianRequests.studentId, studentIds))
    .orderBy(sql`${guardianRequests.requestedAt} desc`, asc(guardianRequests.id));
}

export async function requestById(db: Executor, id: string) {
  const [row] = await selectRequests(db).where(eq(guardianRequests.id, id));
  return row;
}

/** The request, locked until the transaction ends (one decision at a time). */
export async function lockRequest(tx: Executor, id: string) {
  const [row] = await tx.select().from(guardianRequests).where(eq(guardianRequests.id, id)).for('update');
  return row;
}

export async function insertRequest(tx: Executor, values: typeof guardianRequests.$inferInsert) {
  const [row] = await tx.insert(guardianRequests).values(values).returning({ id: guardianRequests.id });
  return row!.id;
}

export async function decideRequest(
  tx: Executor,
  id: string,
  decision: Pick<
    typeof guardianRequests.$inferInsert,
    'state' | 'reason' | 'decidedBy' | 'decidedAt' | 'guardianParentId'
  >,
) {
  await tx.update(guardianRequests).set(decision).where(eq(guardianRequests.id, id));
}
