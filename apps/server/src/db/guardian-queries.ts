import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { guardianIsActive, isActive } from './active-records.js';
import type { Executor } from './client.js';
import { parents, studentGuardians, students, users } from './schema/index.js';

/**
 * THE rule of who is a child's guardian (decision 064): a link in student_guardians. Every read that decides who may
 * see a child, or who is told about one, goes through these, never through students.parent_id (the primary
 * guardian, the contact of record, which a trigger keeps linked too). They sit in db/ because the operations wing
 * (notifications of boardings, delays, covers, stop changes) lies below records, where families lives; the families
 * module's front door offers them to the wings above.
 */

/** One guardian of one child, with the account they sign in with. */
export interface GuardianOfStudent {
  studentId: string;
  studentName: string;
  parentId: string;
  userId: string;
  /** The guardian's contact and language, as the office keeps them (the students CSV writes them: decision 075). */
  name: string;
  email: string;
  phone: string;
  language: string | null;
  relation: string;
  primary: boolean;
}

/**
 * Every guardian of each of `studentIds` (a child appears once per guardian), primary first. `told`: only those who
 * are told anything, the active ones (a deactivated guardian gets no push nor mail: decision 076).
 */
export function guardiansOfStudents(
  db: Executor,
  studentIds: readonly string[],
  { told = false } = {},
): Promise<GuardianOfStudent[]> {
  if (!studentIds.length) return Promise.resolve([]);
  return db
    .select({
      studentId: studentGuardians.studentId,
      studentName: students.name,
      parentId: studentGuardians.parentId,
      userId: parents.userId,
      name: users.name,
      email: users.email,
      phone: parents.phone,
      language: users.language,
      relation: studentGuardians.relation,
      primary: sql<boolean>`${students.parentId} = ${studentGuardians.parentId}`,
    })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .innerJoin(parents, eq(parents.id, studentGuardians.parentId))
    .innerJoin(users, eq(users.id, parents.userId))
    .where(and(inArray(studentGuardians.studentId, [...studentIds]), told ? guardianIsActive : undefined))
    .orderBy(
      asc(studentGuardians.studentId),
      sql`${students.parentId} = ${studentGuardians.parentId} desc`,
      asc(studentGuardians.createdAt),
      // Links made in one statement (an import) share their time: an order that is the same each time.
      asc(studentGuardians.parentId),
    );
}

/** The ids of the children `parentId` is a guardian of: a subquery to filter students by (`inArray(students.id, …)`). */
export function childrenOfGuardian(db: Executor, parentId: string) {
  return db
    .select({ id: studentGuardians.studentId })
    .from(studentGuardians)
    .where(eq(studentGuardians.parentId, parentId));
}

/** Whether `parentId` is a guardian of `studentId`. */
export async function isGuardianOf(db: Executor, parentId: string, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(studentGuardians)
    .where(and(eq(studentGuardians.parentId, parentId), eq(studentGuardians.studentId, studentId)));
  return row !== undefined;
}

/**
 * For raw SQL: the accounts of the guardians of the child whose id is `studentId` (an SQL expression), as a lateral
 * row source with one column, `user_id`, of the active guardians only (decision 076):
 * `cross join lateral ${guardianUsersOf(sql`st.id`)} guardian`.
 */
export const guardianUsersOf = (studentId: SQL): SQL =>
  sql`(select gp.user_id from student_guardians gsg join parents gp on gp.id = gsg.parent_id
    where gsg.student_id = ${studentId} and ${isActive(sql`gp`)})`;

/**
 * For raw SQL: every child–guardian-account link of an active guardian (decision 076) as a row source with columns
 * `student_id`, `user_id`.
 */
export const guardianAccountLinks = (): SQL =>
  sql`(select gsg.student_id, gp.user_id from student_guardians gsg join parents gp on gp.id = gsg.parent_id
    where ${isActive(sql`gp`)})`;
