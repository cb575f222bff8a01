import type { z } from 'zod';
import type { ParentProfile, parentProfileInputSchema } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { refusal } from '../../../lib/errors.js';
import { changedFields, recordAudit } from '../audit/index.js';
import { findParentProfile, updateParentContact } from './parent-profile-queries.js';

type ParentProfileInput = z.output<typeof parentProfileInputSchema>;

/** A parent account without a parent record (the office deleted the family meanwhile, or none was ever made). */
const NO_RECORD = { code: 'refusal.noParentRecord' };

const toProfile = ({ id: _id, ...profile }: NonNullable<Awaited<ReturnType<typeof findParentProfile>>>) =>
  profile satisfies ParentProfile;

export interface ParentProfileServiceDeps {
  db: Database;
  clock: Clock;
}

export async function parentProfileOf(
  { db }: ParentProfileServiceDeps,
  userId: string,
): Promise<ParentProfile> {
  const found = await findParentProfile(db, userId);
  if (!found) throw refusal(404, NO_RECORD);
  return toProfile(found);
}

/**
 * Audited on the parent's record as an office edit is: which fields changed, never their values (the trigger of
 * docs/decisions/020 keeps "changed" of each).
 */
export async function updateParentProfile(
  { db, clock }: ParentProfileServiceDeps,
  userId: string,
  input: ParentProfileInput,
  context: ChangeContext,
): Promise<ParentProfile> {
  return db.transaction(async (tx) => {
    const before = await findParentProfile(tx, userId, true);
    if (!before) throw refusal(404, NO_RECORD);
    const changes = changedFields(before, input);
    if (Object.keys(changes).length > 0) {
      await updateParentContact(tx, before.id, input, clock());
      await recordAudit(tx, {
        ...context,
        action: 'parent.updated',
        entityType: 'parent',
        entityId: before.id,
        details: changes,
      });
    }
    return toProfile({ ...before, ...input });
  });
}

/**
 * A signed-in parent's own contact details (the parent portal). Only the contact fields of their record: the
 * name and e-mail are the office's (parentProfileInputSchema says why), and the children are the office's too.
 */
export function createParentProfileService(deps: ParentProfileServiceDeps) {
  return {
    get: parentProfileOf.bind(null, deps),
    update: updateParentProfile.bind(null, deps),
  };
}
export type ParentProfileService = ReturnType<typeof createParentProfileService>;
