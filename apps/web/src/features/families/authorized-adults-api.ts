import {
  HAND_OVER_PATHS,
  MESSAGES,
  type AuthorizedAdultInput,
  type HandOverOfChild,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';
import { RESOURCES, useResourceMutation } from '../../lib/api/resource-api';

const STUDENTS = RESOURCES.students;

/** Under the students' key: a change of the child (their hand-over choice, a photo) refreshes it too. */
const handOverKey = (studentId: string) => [STUDENTS, 'authorized-adults', studentId] as const;
const adultsPath = (studentId: string) => `${HAND_OVER_PATHS.officeAdults.replace(':id', studentId)}`;

/** GET /api/students/{id}/authorized-adults: whether the child needs hand-over, and who may receive them. */
export function useHandOver(studentId: string) {
  return useQuery({
    queryKey: handOverKey(studentId),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<SuccessEnvelope<HandOverOfChild>>(
        'GET',
        adultsPath(studentId),
        undefined,
        {
          signal,
        },
      );
      return answer.data!;
    },
  });
}

/** POST /api/students/{id}/authorized-adults. */
export function useAddAdult(studentId: string) {
  return useResourceMutation({
    resource: STUDENTS,
    alsoRefresh: [RESOURCES.trips],
    request: (input: AuthorizedAdultInput) =>
      apiRequest<SuccessEnvelope<unknown>>('POST', adultsPath(studentId), input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

/** DELETE /api/authorized-adults/{id}. */
export function useRemoveAdult() {
  return useResourceMutation({
    resource: STUDENTS,
    alsoRefresh: [RESOURCES.trips],
    request: (adultId: string) =>
      apiRequest<SuccessEnvelope<unknown>>('DELETE', HAND_OVER_PATHS.officeAdult.replace(':id', adultId)),
    fallbackMessage: MESSAGES.deleteFailed,
  });
}
