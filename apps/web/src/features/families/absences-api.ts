import type { Absence, AbsenceInput, SuccessEnvelope } from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';
import { RESOURCES, useResourceMutation } from '../../lib/api/resource-api';

const STUDENTS = RESOURCES.students;

/** Under the students' key: a change of the child refreshes their absences too. */
const absencesKey = (studentId: string) => [STUDENTS, 'absences', studentId] as const;

/** GET /api/students/{id}/absences: the child's "not riding" entries, upcoming and of the last 30 days. */
export function useAbsences(studentId: string) {
  return useQuery({
    queryKey: absencesKey(studentId),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<SuccessEnvelope<Absence[]>>(
        'GET',
        `/${STUDENTS}/${studentId}/absences`,
        undefined,
        { signal },
      );
      return answer.data ?? [];
    },
  });
}

/** POST /api/students/{id}/absences: BOTH makes one entry per run. */
export function useAddAbsence(studentId: string) {
  return useResourceMutation({
    resource: STUDENTS,
    // The trips' manifests show who is not riding.
    alsoRefresh: [RESOURCES.trips],
    request: (input: AbsenceInput) =>
      apiRequest<SuccessEnvelope<unknown>>('POST', `/${STUDENTS}/${studentId}/absences`, input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

/** DELETE /api/absences/{id}. */
export function useRemoveAbsence() {
  return useResourceMutation({
    resource: STUDENTS,
    alsoRefresh: [RESOURCES.trips],
    request: (absenceId: string) => apiRequest<SuccessEnvelope<unknown>>('DELETE', `/absences/${absenceId}`),
    fallbackMessage: MESSAGES.deleteFailed,
  });
}
