import type { FamilyThreadData, ParentThread } from '@school-transport/shared';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { FamilyInboxService, GuardianScope } from '../../operations/family-inbox/index.js';
import { family, ownChild, type ParentPortalServiceDeps } from './parent-portal-service.js';

export type ParentFamilyInboxDeps = Pick<ParentPortalServiceDeps, 'db'> & { familyInbox: FamilyInboxService };

/**
 * A guardian's messages to the office (decision 067). The children are the portal's own scoping (`family`, the one
 * function that says whose children a signed-in guardian has): a thread may be started only about one of them, and
 * a guardian reads only the threads they wrote about a child still theirs. Another's thread answers 404 as one
 * that does not exist.
 */
export function createParentFamilyInbox({ db, familyInbox }: ParentFamilyInboxDeps) {
  async function scopeOf(userId: string): Promise<GuardianScope> {
    const { children } = await family(db, userId);
    return { authorId: userId, studentIds: children.map((child) => child.id) };
  }

  return {
    list: async (userId: string): Promise<ParentThread[]> => familyInbox.ofGuardian(await scopeOf(userId)),

    get: async (userId: string, id: string): Promise<ParentThread> =>
      familyInbox.guardianGet(id, await scopeOf(userId)),

    async start(userId: string, input: FamilyThreadData, context: ChangeContext): Promise<ParentThread> {
      await ownChild(db, userId, input.studentId);
      return familyInbox.start(userId, input, context);
    },

    write: async (userId: string, id: string, body: string, context: ChangeContext): Promise<ParentThread> =>
      familyInbox.guardianWrite(id, body, await scopeOf(userId), context),

    markRead: async (userId: string, id: string): Promise<void> =>
      familyInbox.guardianMarkRead(id, await scopeOf(userId)),
  };
}
export type ParentFamilyInbox = ReturnType<typeof createParentFamilyInbox>;
