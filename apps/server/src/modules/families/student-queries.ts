import { and, asc, eq, getTableColumns, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { AssignableListQuery, ListSort } from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import {
  listOrder,
  listPage,
  newestFirst,
  ownSorts,
  pageIds,
  type ListOrder,
  type Paging,
} from '../../db/list-queries.js';
import {
  assignmentStudents,
  busRoutes,
  parents,
  routeAssignments,
  students,
  users,
} from '../../db/schema/index.js';
import { containsPattern } from '../../lib/pagination.js';
import { notAssigned } from '../resources/resource-queries.js';

/** What the search reads and the triggers keep are not a student's fields: every other column is. */
const { searchText: _searchText, parentName: _parentName, ...studentFields } = getTableColumns(students);
const studentColumns = {
  ...studentFields,
  parent: { id: parents.id, phone: parents.phone, name: users.name, email: users.email },
  assignmentId: routeAssignments.id,
  routeId: busRoutes.id,
  routeName: busRoutes.name,
};

/**
 * The students that match `where` (the asked page of them, given `page`), with their parent's name and phone and
 * the assignment they ride with (if any). The id set comes first in FROM: PostgreSQL then plans the joins in a
 * third of the time an `id IN (…)` takes, which at a million children was most of a list request's cost
 * (docs/benchmarks.md).
 */
function selectStudents<Extra extends Record<string, SQL>>(
  db: Executor,
  where: SQL | undefined,
  page?: Paging & { order: ListOrder },
  extra?: Extra,
) {
  const ids = (
    page
      ? pageIds(db, students, where, page, page.order)
      : db.select({ id: students.id }).from(students).where(where)
  ).as('chosen');
  return db
    .select({ ...studentColumns, ...(extra as Extra) })
    .from(ids)
    .innerJoin(students, eq(students.id, ids.id))
    .innerJoin(parents, eq(parents.id, students.parentId))
    .innerJoin(users, eq(users.id, parents.userId))
    .leftJoin(assignmentStudents, eq(assignmentStudents.studentId, students.id))
    .leftJoin(routeAssignments, eq(routeAssignments.id, assignmentStudents.assignmentId))
    .leftJoin(busRoutes, eq(busRoutes.id, routeAssignments.routeId));
}
export type StudentRow = Awaited<ReturnType<ReturnType<typeof selectStudents>['execute']>>[number];

/**
 * Search over the student's own fields and their parent's name, all in `search_text` (a generated column; the
 * parent's name is copied onto the student by a trigger): for a common term PostgreSQL walks the newest-first
 * index and stops after a page of matches; for a rare one it reads the column's trigram index (plans in
 * docs/benchmarks.md).
 */
function searchCondition(search: string): SQL | undefined {
  return search ? ilike(students.searchText, containsPattern(search)) : undefined;
}

/**
 * What the list sorts by, each along its index (migration 0022): a class in roll-number order, and the parent's
 * name from the copy on the student row, so no sort needs a join.
 */
const STUDENT_SORTS = ownSorts(students, {
  name: [students.name],
  class: [students.class, students.rollNo],
  parentName: [students.parentName],
  createdAt: [students.createdAt],
});

/** Picks the page's ten (or so) ids on `students` alone, in the asked order, then joins the details for those only. */
export async function listStudents(db: Executor, query: AssignableListQuery & ListSort) {
  const where = and(
    searchCondition(query.search),
    query.unassigned ? notAssigned(assignmentStudents.studentId, students.id) : undefined,
  );
  const order = listOrder(STUDENT_SORTS, query, newestFirst(students));
  return listPage(db, students, where, query, `students_${order.name}`, (total, paging) =>
    selectStudents(db, where, { ...paging, order }, { total }).orderBy(...order.terms),
  );
}

export async function findStudent(db: Executor, id: string) {
  const [row] = await selectStudents(db, eq(students.id, id));
  return row;
}

/** A parent's children, oldest first (the order they were enrolled). */
export function studentsOfParent(db: Executor, parentId: string) {
  return selectStudents(db, eq(students.parentId, parentId)).orderBy(
    asc(students.createdAt),
    asc(students.id),
  );
}

/** The student who already has this NFC tag (other than `exceptId`), for a 409 that names them. */
export async function studentWithNfcTag(db: Executor, tag: string, exceptId?: string) {
  const [row] = await db
    .select({ name: students.name, class: students.class })
    .from(students)
    .where(and(eq(students.nfcTagId, tag), exceptId ? ne(students.id, exceptId) : undefined));
  return row;
}

/** The parent, read under a share lock so it cannot be deleted until the child is written; undefined if none. */
export async function lockParentShared(tx: Executor, parentId: string) {
  const [parent] = await tx
    .select({ id: parents.id })
    .from(parents)
    .where(eq(parents.id, parentId))
    .for('share');
  return parent;
}

/** A parent's children as their deletion needs them: who they were, and their photos to move away. */
export function childrenToRemove(tx: Executor, parentId: string) {
  return tx
    .select({ id: students.id, name: students.name, profileImage: students.profileImage })
    .from(students)
    .where(eq(students.parentId, parentId));
}

/** The children who ride with an assignment, in the order they were enrolled. */
export function studentsOfAssignment(db: Executor, assignmentId: string) {
  const seated = db
    .select({ id: assignmentStudents.studentId })
    .from(assignmentStudents)
    .where(eq(assignmentStudents.assignmentId, assignmentId));
  return selectStudents(db, inArray(students.id, seated)).orderBy(asc(students.createdAt), asc(students.id));
}
