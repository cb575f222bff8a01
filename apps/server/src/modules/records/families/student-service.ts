import type { z } from 'zod';
import type {
  AssignableListQuery,
  DeactivatableListQuery,
  ListSort,
  Student,
  studentInputSchema,
} from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { students } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { createResourceService, tableResource } from '../../platform/resources/index.js';
import { type ImageServiceDeps, type ImageUrls, profileImageTarget } from '../../platform/uploads/index.js';
import { assertNfcTagFree } from './nfc-tags.js';
import {
  findStudent,
  listStudents,
  lockParentShared,
  studentsByIds,
  studentsOfAssignment,
  type StudentRow,
} from './student-queries.js';
import { accessChanged } from '../../../lib/access-changes.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { GeocodingService } from '../geocoding/index.js';

type StudentInput = z.output<typeof studentInputSchema>;

export const STUDENT_CONFLICTS = {
  students_nfc_tag_id_unique: {
    field: 'nfcTagId',
    message: 'This NFC tag is already given to another student.',
  },
  students_parent_id_parents_id_fk: { field: 'parentId', message: 'The parent does not exist any more.' },
};

/** Searched and listed by student-queries.ts (one text column, the parent and the ride joined). */
const resource = tableResource(students, { searchColumns: [] });

export function studentAnswer(urls: ImageUrls) {
  return ({
    parent,
    assignmentId,
    routeId,
    routeName,
    parentId: _parentId,
    updatedAt: _updatedAt,
    ...row
  }: StudentRow): Student => ({
    ...row,
    profileImage: urls.urlFor('student', row.profileImage),
    parent: { id: parent.id, user: { name: parent.name, email: parent.email }, phone: parent.phone },
    assignment: assignmentId && routeId && routeName ? { id: assignmentId, routeId, routeName } : null,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });
}

const assertParentExists = async (tx: Executor, parentId: string) => {
  if (!(await lockParentShared(tx, parentId))) throw notFound('Parent not found.');
};

export interface StudentServiceDeps extends ImageServiceDeps {
  /** Where a home is when only its address is given (decision 072). */
  geocoding: Pick<GeocodingService, 'homeOf'>;
}

export function createStudentService({ db, urls, storage, geocoding }: StudentServiceDeps) {
  const toAnswer = studentAnswer(urls);
  const service = createResourceService({
    db,
    entity: 'student',
    notFoundMessage: 'Student not found.',
    conflicts: STUDENT_CONFLICTS,
    ...resource,
    list: (executor, query: AssignableListQuery & DeactivatableListQuery & ListSort) =>
      listStudents(executor, query),
    find: findStudent,
    async insert(tx, input: StudentInput) {
      await assertParentExists(tx, input.parentId);
      await assertNfcTagFree(tx, input.nfcTagId, 'nfcTagId');
      return resource.insert(tx, input);
    },
    async update(tx, before, input: StudentInput) {
      if (input.parentId !== before.parentId) {
        await assertParentExists(tx, input.parentId);
        // Both families' live streams are scoped again before the answer goes (live-access.ts).
        accessChanged();
      }
      await assertNfcTagFree(tx, input.nfcTagId, 'nfcTagId', before.id);
      await resource.update(tx, before, input);
    },
    // A deleted child's seat in an assignment goes with them (on delete cascade).
    toAnswer,
    toListAnswer: toAnswer,
    describe: (student) => ({ name: student.name, class: student.class, parentId: student.parentId }),
    afterRemove: (row) => storage.remove('student', row.profileImage),
  });
  /** The input with its home decided (the geocoder asked, if it must be, before the write's transaction). */
  const withHome = async <T extends StudentInput | Omit<StudentInput, 'parentId'>>(input: T, id?: string) => {
    const before = id ? await findStudent(db, id) : null;
    if (id && !before) throw notFound('Student not found.');
    return { ...input, ...(await geocoding.homeOf(input, before ?? undefined)) };
  };
  return {
    ...service,
    ...profileImageTarget(service, students),
    withHome,
    async create(input: StudentInput, context: ChangeContext) {
      return service.create(await withHome(input), context);
    },
    async update(id: string, input: StudentInput, context: ChangeContext) {
      return service.update(id, await withHome(input, id), context);
    },
    /** The children who ride with an assignment, in the order they were enrolled. */
    async ofAssignment(assignmentId: string): Promise<Student[]> {
      return (await studentsOfAssignment(db, assignmentId)).map(toAnswer);
    },
    /** These children, in no order (a manifest's riders moved in by a stop change). */
    async byIds(ids: string[]): Promise<Student[]> {
      return ids.length ? (await studentsByIds(db, ids)).map(toAnswer) : [];
    },
  };
}
export type StudentService = ReturnType<typeof createStudentService>;
