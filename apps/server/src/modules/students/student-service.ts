import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AssignableListQuery,
  Student,
  childInputSchema,
  studentInputSchema,
} from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import { parents, students } from '../../db/schema/index.js';
import type { ChangeContext } from '../../lib/change-context.js';
import { writerFor } from '../../lib/db-errors.js';
import { notFound } from '../../lib/errors.js';
import type { ResourceService } from '../../lib/resource-routes.js';
import { changedFields, recordAudit } from '../audit/audit-log.js';
import type { ImageUrls } from '../uploads/image-urls.js';
import { profileImageTarget, type ImageServiceDeps } from '../uploads/profile-image-target.js';
import type { ProfileImageTarget } from '../uploads/upload-routes.js';
import { assertNfcTagFree } from './nfc-tags.js';
import { findStudent, listStudents, lockStudent, type StudentRow } from './student-queries.js';

type StudentInput = z.output<typeof studentInputSchema>;
type ChildInput = z.output<typeof childInputSchema>;

export const STUDENT_CONFLICTS = {
  students_nfc_tag_id_unique: {
    field: 'nfcTagId',
    message: 'This NFC tag is already given to another student.',
  },
  students_parent_id_parents_id_fk: { field: 'parentId', message: 'The parent does not exist any more.' },
};

const studentNotFound = () => notFound('Student not found.');

/** Column values of a child, as the students table names them. */
export const studentValues = (child: ChildInput) => ({
  name: child.name,
  class: child.class,
  rollNo: child.rollNo,
  nfcTagId: child.nfcTagId,
  pickupLat: child.pickupAndDropLat,
  pickupLng: child.pickupAndDropLng,
  pickupAddress: child.pickupDropAddress,
});

export function studentAnswer(urls: ImageUrls) {
  return ({ parent, assignmentId, routeName, ...row }: StudentRow): Student => ({
    ...row,
    profileImage: urls.urlFor('student', row.profileImage),
    parent: { id: parent.id, user: { name: parent.name, email: parent.email }, phone: parent.phone },
    assignment: assignmentId && routeName ? { id: assignmentId, routeName } : null,
    createdAt: row.createdAt.toISOString(),
  });
}

/** Inserts one child of a parent with its audit entry; the caller's transaction decides what lands together. */
export async function insertStudent(
  tx: Executor,
  parentId: string,
  child: ChildInput,
  context: ChangeContext,
  nfcField: string,
) {
  await assertNfcTagFree(tx, child.nfcTagId, nfcField);
  const [row] = await tx
    .insert(students)
    .values({ parentId, ...studentValues(child) })
    .returning({ id: students.id });
  await recordAudit(tx, {
    ...context,
    action: 'student.created',
    entityType: 'student',
    entityId: row!.id,
    details: { name: child.name, class: child.class, parentId },
  });
  return row!.id;
}

export function createStudentService({
  db,
  urls,
  storage,
}: ImageServiceDeps): ResourceService<Student, StudentInput, StudentInput, AssignableListQuery> &
  ProfileImageTarget {
  const toAnswer = studentAnswer(urls);
  const write = writerFor(db, STUDENT_CONFLICTS);

  const get = async (id: string) => {
    const row = await findStudent(db, id);
    if (!row) throw studentNotFound();
    return toAnswer(row);
  };

  const assertParentExists = async (tx: Executor, parentId: string) => {
    const [parent] = await tx
      .select({ id: parents.id })
      .from(parents)
      .where(eq(parents.id, parentId))
      .for('share');
    if (!parent) throw notFound('Parent not found.');
  };

  return {
    async list(query) {
      const { rows, total } = await listStudents(db, query);
      return { rows: rows.map(toAnswer), total };
    },

    get,

    async create(input, context) {
      const id = await write(async (tx) => {
        await assertParentExists(tx, input.parentId);
        return insertStudent(tx, input.parentId, input, context, 'nfcTagId');
      });
      return get(id);
    },

    async update(id, input, context) {
      await write(async (tx) => {
        const before = await lockStudent(tx, id);
        if (!before) throw studentNotFound();
        if (input.parentId !== before.parentId) await assertParentExists(tx, input.parentId);
        await assertNfcTagFree(tx, input.nfcTagId, 'nfcTagId', id);
        const values = { parentId: input.parentId, ...studentValues(input) };
        await tx
          .update(students)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(students.id, id));
        await recordAudit(tx, {
          ...context,
          action: 'student.updated',
          entityType: 'student',
          entityId: id,
          details: changedFields(before, values),
        });
      });
      return get(id);
    },

    /** The child's seat in an assignment goes with them (on delete cascade). */
    async remove(id, context) {
      const removed = await write(async (tx) => {
        const row = await lockStudent(tx, id);
        if (!row) throw studentNotFound();
        await tx.delete(students).where(eq(students.id, id));
        await recordAudit(tx, {
          ...context,
          action: 'student.deleted',
          entityType: 'student',
          entityId: id,
          details: { name: row.name, class: row.class, parentId: row.parentId },
        });
        return row;
      });
      await storage.remove('student', removed.profileImage);
    },

    ...profileImageTarget(db, students, 'student'),
  };
}
