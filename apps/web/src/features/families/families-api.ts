import {
  MESSAGES,
  type ParentDetails,
  type parentCreateSchema,
  type parentInputSchema,
  type Student,
  type studentInputSchema,
  type SuccessEnvelope,
} from '@school-transport/shared';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import {
  RESOURCES,
  useDeleteResource,
  useResourceItem,
  useResourceMutation,
  useSaveResource,
} from '../../lib/api/resource-api';

const { parents: PARENTS, students: STUDENTS } = RESOURCES;

/** What the form hands over once the shared schema has parsed it (trimmed, email lower-cased, blanks null). */
export type ParentPayload = z.output<typeof parentInputSchema>;
/** A parent with the children enrolled together. */
export type FamilyPayload = z.output<typeof parentCreateSchema>;
/** What the form hands over once the shared schema has parsed it (NFC tag normalised, coordinates numbers). */
export type StudentPayload = z.output<typeof studentInputSchema>;

/** A parent's changes show on the screens of their children too (deleting a parent deletes the children). */
const PARENT_FAMILY = { alsoRefresh: [STUDENTS] };
/** A child's change shows on its parent's screens too (the children listed, the Children count). */
const STUDENT_FAMILY = { alsoRefresh: [PARENTS] };

export const useParent = (id: string) => useResourceItem<ParentDetails>(PARENTS, id);
export const useSaveParent = () => useSaveResource<ParentPayload>(PARENTS);
export const useDeleteParent = () => useDeleteResource(PARENTS, PARENT_FAMILY);

/** POST /api/parents/create: the parent and their children at once, all saved or none (the server's transaction). */
export function useEnrolFamily() {
  return useResourceMutation({
    resource: PARENTS,
    ...PARENT_FAMILY,
    request: (family: FamilyPayload) =>
      apiRequest<SuccessEnvelope<ParentDetails>>('POST', `/${PARENTS}/create`, family),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

export const useStudent = (id: string) => useResourceItem<Student>(STUDENTS, id);
export const useSaveStudent = () => useSaveResource<StudentPayload>(STUDENTS, STUDENT_FAMILY);
export const useDeleteStudent = () => useDeleteResource(STUDENTS, STUDENT_FAMILY);
