import { and, asc, eq, getTableColumns, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AssignableListQuery, DeactivatableListQuery, ListSort } from '@school-transport/shared';
import { studentIsActive } from '../../../db/active-records.js';
import type { Executor } from '../../../db/client.js';
import { listOrder, listPage, newestFirst, ownSorts } from '../../../db/list-queries.js';
import { childrenOfGuardian } from '../../../db/guardian-queries.js';
import { preparedOnce } from '../../../db/prepared.js';
import {
  assignmentStudents,
  busRoutes,
  parents,
  routeAssignments,
  students,
  users,
} from '../../../db/schema/index.js';
import { containsPattern } from '../../../lib/pagination.js';
import { notAssigned } from '../../platform/resources/index.js';

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
 * The students that match `where`, with their parent's name and phone and the assignment they ride with (if any).
 * The id set comes first in FROM: PostgreSQL then plans the joins in a third of the time an `id IN (…)` takes
 * (docs/benchmarks.md).
 */
function selectStudents(db: Executor, where: SQL | undefined) {
  const ids = db.select({ id: students.id }).from(students).where(where).as('chosen');
  return db
    .select(studentColumns)
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

/**
 * Picks the page's ten (or so) ids, with the total, on `students` alone (prepared when unfiltered; a search plans
 * only this one-table statement for its term), then reads the details of those ids through one prepared statement
 * whose plan PostgreSQL keeps: planning the six-table join afresh for every search was most of its database time
 * (docs/benchmarks.md).
 */
export async function listStudents(
  db: Executor,
  query: AssignableListQuery & DeactivatableListQuery & ListSort,
) {
  const where = and(
    searchCondition(query.search),
    query.unassigned ? notAssigned(assignmentStudents.studentId, students.id) : undefined,
    // Deactivated children are listed only when asked (decision 076).
    query.withDeactivated ? undefined : studentIsActive,
  );
  const order = listOrder(STUDENT_SORTS, query, newestFirst(students));
  const { rows: page, total } = await listPage(db, students, where, query, order, (columns, window) =>
    db
      .select({ id: students.id, ...columns })
      .from(students)
      .where(window.where)
      .orderBy(...window.order.terms)
      .limit(window.limit)
      .offset(window.offset),
  );
  const ids = page.map((row) => row.id);
  const details = ids.length === 0 ? [] : await studentsWithIds(db).execute({ ids: `{${ids.join(',')}}` });
  const byId = new Map(details.map((row) => [row.id, row]));
  return { rows: ids.map((id) => byId.get(id)!), total };
}

/** The students whose ids are in `ids` (a uuid[] literal), in no order: prepared once, planned once per connection. */
const studentsWithIds = (db: Executor) =>
  preparedOnce(db, 'students_with_ids', (name) =>
    selectStudents(db, sql`${students.id} = any(${sql.placeholder('ids')}::uuid[])`).prepare(name),
  );

/** These students, in no order (the prepared statement of the list's pages). */
export const studentsByIds = (db: Executor, ids: string[]) =>
  studentsWithIds(db).execute({ ids: `{${ids.join(',')}}` });

export async function findStudent(db: Executor, id: string) {
  const [row] = await selectStudents(db, eq(students.id, id));
  return row;
}

/** The children a parent is a guardian of (decision 064), oldest first (the order they were enrolled). */
export function studentsOfParent(db: Executor, parentId: string) {
  return selectStudents(db, inArray(students.id, childrenOfGuardian(db, parentId))).orderBy(
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

/**
 * The children a parent's deletion takes (those whose primary guardian they are: handOverChildrenOf has first
 * given each child with another guardian that one), as the deletion needs them: who they were, their photos.
 */
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
