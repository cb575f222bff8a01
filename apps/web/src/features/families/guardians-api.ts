import {
  GUARDIAN_PATHS,
  MESSAGES,
  type Guardian,
  type GuardianRequest,
  type GuardianRequestApprove,
  type GuardianRequestDecline,
  type GuardianRequestState,
  type SuccessEnvelope,
  type guardianLinkSchema,
} from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { RESOURCES, useResourceMutation } from '../../lib/api/resource-api';
import { dataQuery } from '../../lib/api/resource-queries';

const { students: STUDENTS, parents: PARENTS } = RESOURCES;

/** What the link form hands over once the shared schema has parsed it. */
export type GuardianLinkPayload = z.output<typeof guardianLinkSchema>;

const studentGuardiansPath = (studentId: string) => GUARDIAN_PATHS.ofStudent.replace(':id', studentId);

/**
 * Under the students' key: unlinking the primary guardian changes the child's contact of record, which the
 * child's page and the student list show, so a guardian change refreshes them all.
 */
export const useGuardians = (studentId: string) =>
  useQuery(dataQuery<Guardian[]>([STUDENTS, 'guardians', studentId], studentGuardiansPath(studentId)));

/** A guardian change shows on the parents' screens too (their children, the Children count). */
const GUARDIAN_FAMILY = { resource: STUDENTS, alsoRefresh: [PARENTS] };

/** POST /api/students/{id}/guardians: link an existing parent record, with a relation. */
export function useLinkGuardian(studentId: string) {
  return useResourceMutation({
    ...GUARDIAN_FAMILY,
    request: (input: GuardianLinkPayload) =>
      apiRequest<SuccessEnvelope<Guardian[]>>('POST', studentGuardiansPath(studentId), input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
    // The form places the refusal under its field (an already linked parent, a parent gone).
    reportFailure: false,
  });
}

/** DELETE /api/students/{id}/guardians/{parentId}; the server's 409 says why the last guardian stays. */
export function useUnlinkGuardian(studentId: string) {
  return useResourceMutation({
    ...GUARDIAN_FAMILY,
    request: (parentId: string) =>
      apiRequest<SuccessEnvelope<Guardian[]>>(
        'DELETE',
        GUARDIAN_PATHS.link.replace(':id', studentId).replace(':parentId', parentId),
      ),
    fallbackMessage: MESSAGES.deleteFailed,
  });
}

/** The guardian requests queue's key; approving links a guardian, so the children's screens follow too. */
const GUARDIAN_REQUESTS = 'guardian-requests';

/** GET /api/guardian-requests?state=: the office's queue in one state, oldest first. */
export const useGuardianRequests = (state: GuardianRequestState) =>
  useQuery(
    dataQuery<GuardianRequest[]>([GUARDIAN_REQUESTS, state], `${GUARDIAN_PATHS.requests}?state=${state}`),
  );

const decisionPath = (path: string, id: string) => path.replace(':id', id);

/** POST /api/guardian-requests/{id}/approve with the new guardian's parent record. */
export function useApproveGuardianRequest() {
  return useResourceMutation({
    resource: GUARDIAN_REQUESTS,
    alsoRefresh: [STUDENTS, PARENTS],
    request: ({ id, record }: { id: string; record: GuardianRequestApprove }) =>
      apiRequest<SuccessEnvelope<GuardianRequest>>('POST', decisionPath(GUARDIAN_PATHS.approve, id), record),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
    reportFailure: false,
  });
}

/** POST /api/guardian-requests/{id}/decline with the reason the asking guardian reads. */
export function useDeclineGuardianRequest() {
  return useResourceMutation({
    resource: GUARDIAN_REQUESTS,
    request: ({ id, decline }: { id: string; decline: GuardianRequestDecline }) =>
      apiRequest<SuccessEnvelope<GuardianRequest>>('POST', decisionPath(GUARDIAN_PATHS.decline, id), decline),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
    reportFailure: false,
  });
}
