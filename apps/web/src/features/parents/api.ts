import {
  MESSAGES,
  type ParentDetails,
  type parentCreateSchema,
  type parentInputSchema,
  type SuccessEnvelope,
} from '@school-transport/shared';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import {
  useDeleteResource,
  useResourceItem,
  useResourceMutation,
  useSaveResource,
} from '../../lib/resource-api';
import { STUDENTS } from '../students';
import { PARENTS } from './paths';

/** What the form hands over once the shared schema has parsed it (trimmed, email lower-cased, blanks null). */
export type ParentPayload = z.output<typeof parentInputSchema>;
/** A parent with the children enrolled together. */
export type FamilyPayload = z.output<typeof parentCreateSchema>;

/** A parent's changes show on the screens of their children too (deleting a parent deletes the children). */
const FAMILY = { alsoRefresh: [STUDENTS] };

export const useParent = (id: string) => useResourceItem<ParentDetails>(PARENTS, id);
export const useSaveParent = () => useSaveResource<ParentPayload>(PARENTS);
export const useDeleteParent = () => useDeleteResource(PARENTS, FAMILY);

/** POST /api/parents/create: the parent and their children at once, all saved or none (the server's transaction). */
export function useEnrolFamily() {
  return useResourceMutation({
    resource: PARENTS,
    ...FAMILY,
    request: (family: FamilyPayload) =>
      apiRequest<SuccessEnvelope<ParentDetails>>('POST', `/${PARENTS}/create`, family),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}
