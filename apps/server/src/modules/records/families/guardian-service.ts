import type { z } from 'zod';
import type {
  Guardian,
  GuardianLinkInput,
  GuardianRequest,
  GuardianRequestState,
  guardianRequestApproveSchema,
  guardianRequestInputSchema,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import { childrenOfGuardian, isGuardianOf } from '../../../db/guardian-queries.js';
import { accessChanged } from '../../../lib/access-changes.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { recordAudit } from '../../platform/audit/index.js';
import {
  accountByEmail,
  decideRequest,
  deleteLink,
  guardiansOfChild,
  insertLink,
  insertRequest,
  lockRequest,
  lockStudentForLinks,
  nextPrimary,
  parentIdOfUser,
  requestById,
  requestsByState,
  requestsOfChildren,
  setPrimary,
  type GuardianRequestRow,
} from './guardian-queries.js';
import type { ParentService } from './parent-service.js';
import { lockParentShared } from './student-queries.js';

type RequestInput = z.output<typeof guardianRequestInputSchema>;
type ApproveInput = z.output<typeof guardianRequestApproveSchema>;

export interface GuardianServiceDeps {
  db: Database;
  clock: Clock;
  /** A new guardian's parent record is written as the office's Add Parent writes one (audited, 409s in words). */
  parents: ParentService;
  /** The app invitation the office's Invite button sends (platform/accounts: inviteToApp). */
  invite(parentId: string, context: ChangeContext): Promise<unknown>;
}

const requestAnswer = ({ requestedByParentId: _by, ...row }: GuardianRequestRow): GuardianRequest => ({
  ...row,
  requestedAt: row.requestedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/**
 * Several guardians per child (decision 064): the office links and unlinks them (audited on the child; a child
 * keeps at least one), and decides the requests guardians make for another guardian. Each link or unlink changes
 * who the live stream may carry a child to: the trigger tells every process, and `accessChanged` holds this
 * request's answer until this process's streams have followed.
 */
export function createGuardianService({ db, clock, parents, invite }: GuardianServiceDeps) {
  const lockChild = async (tx: Executor, studentId: string) => {
    const child = await lockStudentForLinks(tx, studentId);
    if (!child) throw notFound('Student not found.');
    return child;
  };

  const list = async (studentId: string): Promise<Guardian[]> => {
    const rows = await db.transaction(async (tx) => {
      await lockChild(tx, studentId);
      return guardiansOfChild(tx, studentId);
    });
    return rows.map((row) => ({ ...row, linkedAt: row.linkedAt.toISOString() }));
  };

  /** Links the parent to the child inside `tx` (the caller holds the child's lock); audited on the child. */
  async function linkIn(
    tx: Executor,
    studentId: string,
    { parentId, relation }: GuardianLinkInput,
    context: ChangeContext,
  ) {
    if (!(await insertLink(tx, { studentId, parentId, relation })))
      throw conflict('This parent is already a guardian of the child.');
    await recordAudit(tx, {
      ...context,
      action: 'student.guardian_linked',
      entityType: 'student',
      entityId: studentId,
      details: { parentId, relation },
    });
    accessChanged();
  }

  return {
    list,

    async link(studentId: string, input: GuardianLinkInput, context: ChangeContext): Promise<Guardian[]> {
      await db.transaction(async (tx) => {
        await lockChild(tx, studentId);
        // The parent record is held so it cannot go while the link is written.
        if (!(await lockParentShared(tx, input.parentId))) throw notFound('Parent not found.');
        await linkIn(tx, studentId, input, context);
      });
      return list(studentId);
    },

    /**
     * Unlinks a guardian. The last one cannot go (a child always has someone to tell); the primary guardian can,
     * the guardian linked longest after them becoming primary (the trigger removes the old primary's link).
     */
    async unlink(studentId: string, parentId: string, context: ChangeContext): Promise<Guardian[]> {
      await db.transaction(async (tx) => {
        const child = await lockChild(tx, studentId);
        if (!(await isGuardianOf(tx, parentId, studentId)))
          throw notFound('This parent is not a guardian of the child.');
        const next = await nextPrimary(tx, studentId, parentId);
        if (!next)
          throw conflict(
            'A child keeps at least one guardian: link another guardian first, or delete the child instead.',
          );
        if (child.parentId === parentId) await setPrimary(tx, studentId, next);
        else await deleteLink(tx, studentId, parentId);
        await recordAudit(tx, {
          ...context,
          action: 'student.guardian_unlinked',
          entityType: 'student',
          entityId: studentId,
          details: { parentId, ...(child.parentId === parentId && { primaryParentId: next }) },
        });
        accessChanged();
      });
      return list(studentId);
    },

    /** The office's queue: requests in `state`, oldest first. */
    async requests(state: GuardianRequestState): Promise<GuardianRequest[]> {
      return (await requestsByState(db, state)).map(requestAnswer);
    },

    /** A signed-in guardian's requests: those about the children they are a guardian of. */
    async requestsOfGuardian(userId: string): Promise<GuardianRequest[]> {
      const parentId = await parentIdOfUser(db, userId);
      if (!parentId) return [];
      const children = (await childrenOfGuardian(db, parentId)).map((row) => row.id);
      return (await requestsOfChildren(db, children)).map(requestAnswer);
    },

    /** A guardian asks for another guardian of their own child (404 for any other child, as for none). */
    async request(userId: string, input: RequestInput, context: ChangeContext): Promise<GuardianRequest> {
      const id = await db.transaction(async (tx) => {
        const parentId = await parentIdOfUser(tx, userId);
        if (!parentId || !(await isGuardianOf(tx, parentId, input.studentId)))
          throw notFound('Child not found.');
        const made = await insertRequest(tx, {
          studentId: input.studentId,
          requestedByParentId: parentId,
          name: input.name,
          email: input.email,
          phone: input.phone,
          relation: input.relation,
          requestedAt: clock(),
        });
        await recordAudit(tx, {
          ...context,
          action: 'guardian_request.requested',
          entityType: 'guardian_request',
          entityId: made,
          details: { studentId: input.studentId, parentId },
        });
        return made;
      });
      return requestAnswer((await requestById(db, id))!);
    },

    /**
     * Approves a request: the new guardian's parent record (or the parent who already has that e-mail), the link,
     * in one transaction; then the app invitation to a new record, as the office's Invite button sends it.
     */
    async approve(id: string, input: ApproveInput, context: ChangeContext): Promise<GuardianRequest> {
      const { created } = await db.transaction(async (tx) => {
        const request = await lockRequest(tx, id);
        if (!request) throw notFound('Request not found.');
        if (request.state !== 'REQUESTED') throw conflict('This request has been decided already.');
        await lockChild(tx, request.studentId);
        const existing = await accountByEmail(tx, input.email);
        if (existing && !existing.parentId)
          throw conflict('This e-mail address belongs to a staff or driver account: use another one.', [
            { field: 'email', message: 'This e-mail address belongs to a staff or driver account.' },
          ]);
        const parentId =
          existing?.parentId ?? (await parents.createIn(tx, { ...input, children: [] }, context));
        await linkIn(tx, request.studentId, { parentId, relation: request.relation }, context);
        await decideRequest(tx, id, {
          state: 'APPROVED',
          decidedBy: context.actor.id,
          decidedAt: clock(),
          guardianParentId: parentId,
        });
        await recordAudit(tx, {
          ...context,
          action: 'guardian_request.approved',
          entityType: 'guardian_request',
          entityId: id,
          details: { studentId: request.studentId, parentId },
        });
        return { created: existing ? null : parentId };
      });
      // After commit: the invitation is its own transaction and mail (a failed mail leaves the link, and the
      // office's Invite button can send it again).
      if (created) await invite(created, context);
      return requestAnswer((await requestById(db, id))!);
    },

    async decline(id: string, reason: string, context: ChangeContext): Promise<GuardianRequest> {
      await db.transaction(async (tx) => {
        const request = await lockRequest(tx, id);
        if (!request) throw notFound('Request not found.');
        if (request.state !== 'REQUESTED') throw conflict('This request has been decided already.');
        await decideRequest(tx, id, {
          state: 'DECLINED',
          reason,
          decidedBy: context.actor.id,
          decidedAt: clock(),
        });
        await recordAudit(tx, {
          ...context,
          action: 'guardian_request.declined',
          entityType: 'guardian_request',
          entityId: id,
          details: { studentId: request.studentId },
        });
      });
      return requestAnswer((await requestById(db, id))!);
    },
  };
}
export type GuardianService = ReturnType<typeof createGuardianService>;
