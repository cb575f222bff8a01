import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Parent, ParentDetails, parentCreateSchema, parentInputSchema } from '@school-transport/shared';
import { parents, students, users } from '../../db/schema/index.js';
import type { ChangeContext } from '../../lib/change-context.js';
import { writerFor } from '../../lib/db-errors.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { ResourceService } from '../../lib/resource-routes.js';
import { changedFields, recordAudit } from '../audit/audit-log.js';
import { insertStudent, STUDENT_CONFLICTS, studentAnswer } from '../students/student-service.js';
import { studentsOfParent } from '../students/student-queries.js';
import { profileImageTarget, type ImageServiceDeps } from '../uploads/profile-image-target.js';
import type { ProfileImageTarget } from '../uploads/upload-routes.js';
import { findParent, listParents, lockParent, type ParentRow } from './parent-queries.js';

type ParentInput = z.output<typeof parentInputSchema>;
type ParentCreateInput = z.output<typeof parentCreateSchema>;

const CONFLICTS = {
  ...STUDENT_CONFLICTS,
  users_email_lower_unique: { field: 'email', message: 'An account with this email address already exists.' },
};

const parentNotFound = () => notFound('Parent not found.');

/** Two children of one enrolment with the same tag would only fail at the second insert: say which, up front. */
function assertDistinctNfcTags(children: ParentCreateInput['children']) {
  const seen = new Map<string, number>();
  children.forEach((child, index) => {
    if (!child.nfcTagId) return;
    const first = seen.get(child.nfcTagId);
    if (first !== undefined) {
      const message = `Child ${index + 1} has the same NFC tag as child ${first + 1}.`;
      throw badRequest(message, [{ field: `children.${index}.nfcTagId`, message }]);
    }
    seen.set(child.nfcTagId, index);
  });
}

const parentValues = ({ name: _name, email: _email, ...rest }: ParentInput) => rest;

export function createParentService({
  db,
  urls,
  storage,
}: ImageServiceDeps): ResourceService<ParentDetails, ParentInput, ParentCreateInput> & ProfileImageTarget {
  const toStudent = studentAnswer(urls);
  const toAnswer = (row: ParentRow): Parent => ({
    ...row,
    profileImage: urls.urlFor('parent', row.profileImage),
    createdAt: row.createdAt.toISOString(),
  });
  const write = writerFor(db, CONFLICTS);

  const get = async (id: string): Promise<ParentDetails> => {
    const row = await findParent(db, id);
    if (!row) throw parentNotFound();
    const children = await studentsOfParent(db, id);
    return { ...toAnswer(row), students: children.map(toStudent) };
  };

  /**
   * The parent's account, the parent and every child in one transaction: a refused child (bad field, NFC tag
   * taken) leaves no parent behind.
   */
  const create = async (input: ParentCreateInput, context: ChangeContext) => {
    assertDistinctNfcTags(input.children);
    const id = await write(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, role: 'parent', passwordHash: null })
        .returning({ id: users.id });
      const { children, ...parentInput } = input;
      const [parent] = await tx
        .insert(parents)
        .values({ userId: user!.id, ...parentValues(parentInput) })
        .returning({ id: parents.id });
      await recordAudit(tx, {
        ...context,
        action: 'parent.created',
        entityType: 'parent',
        entityId: parent!.id,
        details: { name: input.name, email: input.email, children: children.length },
      });
      for (const [index, child] of children.entries()) {
        await insertStudent(tx, parent!.id, child, context, `children.${index}.nfcTagId`);
      }
      return parent!.id;
    });
    return get(id);
  };

  return {
    async list(query) {
      const { rows, total } = await listParents(db, query);
      return { rows: rows.map(toAnswer), total };
    },

    get,
    create,

    async update(id, input, context) {
      await write(async (tx) => {
        const before = await lockParent(tx, id);
        if (!before) throw parentNotFound();
        const beforeView = (await findParent(tx, id))!;
        await tx
          .update(users)
          .set({ name: input.name, email: input.email, updatedAt: new Date() })
          .where(eq(users.id, before.userId));
        await tx
          .update(parents)
          .set({ ...parentValues(input), updatedAt: new Date() })
          .where(eq(parents.id, id));
        await recordAudit(tx, {
          ...context,
          action: 'parent.updated',
          entityType: 'parent',
          entityId: id,
          details: changedFields(
            { ...before, name: beforeView.user.name, email: beforeView.user.email },
            input,
          ),
        });
      });
      return get(id);
    },

    /** The account, the parent, the children and their seats in assignments go together (on delete cascade). */
    async remove(id, context) {
      const images = await write(async (tx) => {
        const parent = await lockParent(tx, id);
        if (!parent) throw parentNotFound();
        const view = (await findParent(tx, id))!;
        const children = await tx
          .select({ id: students.id, name: students.name, profileImage: students.profileImage })
          .from(students)
          .where(eq(students.parentId, id));
        await tx.delete(users).where(eq(users.id, parent.userId));
        await recordAudit(tx, {
          ...context,
          action: 'parent.deleted',
          entityType: 'parent',
          entityId: id,
          details: {
            name: view.user.name,
            email: view.user.email,
            children: children.map((c) => ({ id: c.id, name: c.name })),
          },
        });
        return { parent: parent.profileImage, children: children.map((c) => c.profileImage) };
      });
      await storage.remove('parent', images.parent);
      await Promise.all(images.children.map((file) => storage.remove('student', file)));
    },

    ...profileImageTarget(db, parents, 'parent'),
  };
}
