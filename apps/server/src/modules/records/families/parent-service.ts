import type { z } from 'zod';
import type { Parent, ParentDetails, parentCreateSchema } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { parents } from '../../../db/schema/index.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { accountRecordAnswer } from '../../platform/accounts/index.js';
import { createResourceService } from '../../platform/resources/index.js';
import { type ImageServiceDeps, profileImageTarget } from '../../platform/uploads/index.js';
import { handOverChildrenOf } from './guardian-queries.js';
import { parentResource, type ParentRow } from './parent-queries.js';
import { childrenToRemove, studentsOfParent } from './student-queries.js';
import { STUDENT_CONFLICTS, studentAnswer, type StudentService } from './student-service.js';

type ParentCreateInput = z.output<typeof parentCreateSchema>;

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

/** A refusal of one child of an enrolment names the child's fields where the form has them: `children.1.nfcTagId`. */
const asChild = (index: number) => (error: unknown) => {
  if (!(error instanceof AppError) || !error.errors) throw error;
  const errors = error.errors.map((e) => ({ ...e, field: e.field && `children.${index}.${e.field}` }));
  throw new AppError(error.statusCode, error.message, errors);
};

export interface ParentServiceDeps extends ImageServiceDeps {
  /** The children are written as students are, each with its own audit entry. */
  students: StudentService;
  /**
   * Whether an invitation to the parent portal still works is the server clock's to say. Optional only until
   * app.ts passes the app's clock.
   */
  clock: Clock;
}

export function createParentService({ db, urls, storage, students, clock }: ParentServiceDeps) {
  const toStudent = studentAnswer(urls);
  const toAnswer = (found: ParentRow): Parent => ({
    ...accountRecordAnswer(found, clock(), (fileName) => urls.urlFor('parent', fileName)),
    deactivatedAt: found.deactivatedAt?.toISOString() ?? null,
  });

  const service = createResourceService({
    db,
    entity: 'parent',
    notFoundMessage: 'Parent not found.',
    conflicts: {
      ...STUDENT_CONFLICTS,
      users_email_lower_unique: {
        field: 'email',
        message: 'An account with this email address already exists.',
      },
    },
    ...parentResource,
    /**
     * The parent's account, the parent and every child in one transaction: a refused child (bad field, NFC tag
     * taken) leaves no parent behind.
     */
    insert(tx, { children, ...input }: ParentCreateInput) {
      assertDistinctNfcTags(children);
      return parentResource.insert(tx, input);
    },
    async afterCreate(tx: Executor, parentId, input, context) {
      for (const [index, child] of input.children.entries()) {
        await students.createIn(tx, { ...child, parentId }, context).catch(asChild(index));
      }
    },
    /**
     * The account, the parent, and the children no other guardian looks after, with their seats, go together (on
     * delete cascade); a child with another guardian stays, that guardian becoming primary (decision 064).
     */
    async remove(tx, row) {
      await handOverChildrenOf(tx, row.id);
      const children = await childrenToRemove(tx, row.id);
      await parentResource.remove(tx, row);
      return { ...row, children };
    },
    async toAnswer(row): Promise<ParentDetails> {
      const children = await studentsOfParent(db, row.id);
      return { ...toAnswer(row), students: children.map(toStudent) };
    },
    toListAnswer: toAnswer,
    describeCreated: (input) => ({ name: input.name, email: input.email, children: input.children.length }),
    describeRemoved: (removed) => ({
      name: removed.name,
      email: removed.email,
      children: removed.children.map((c) => ({ id: c.id, name: c.name })),
    }),
    async afterRemove(removed) {
      await storage.remove('parent', removed.profileImage);
      await Promise.all(removed.children.map((child) => storage.remove('student', child.profileImage)));
    },
  });

  return {
    ...service,
    ...profileImageTarget(service, parents),
    /** Each child's home decided first (the geocoder may be asked), then all written in one transaction. */
    async create(input: ParentCreateInput, context: ChangeContext) {
      const children = await Promise.all(
        input.children.map((child, index) => students.withHome(child).catch(asChild(index))),
      );
      return service.create({ ...input, children }, context);
    },
  };
}
export type ParentService = ReturnType<typeof createParentService>;
