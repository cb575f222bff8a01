import type { Cover, CoverAnswer, CoverData, CoverUndone, SuccessEnvelope } from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';
import { useResourceMutation } from '../../lib/api/resource-api';
import { RESOURCES } from '../../lib/api/resource-queries';

export const COVERS = 'covers';

/** GET /api/covers/get-all?dateFrom&dateTo: the covers whose days meet the range. */
export function useCovers(dateFrom: string, dateTo: string) {
  return useQuery({
    queryKey: [COVERS, dateFrom, dateTo],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ dateFrom, dateTo });
      const answer = await apiRequest<SuccessEnvelope<Cover[]>>(
        'GET',
        `/${COVERS}/get-all?${params}`,
        undefined,
        {
          signal,
        },
      );
      return answer.data ?? [];
    },
  });
}

/** POST /api/covers/create: the server's message says how many trips now name the substitute. */
export function useCreateCover() {
  return useResourceMutation({
    resource: COVERS,
    // The covered trips name the substitute: their lists and pages change.
    alsoRefresh: [RESOURCES.trips],
    request: (input: CoverData) =>
      apiRequest<SuccessEnvelope<CoverAnswer>>('POST', `/${COVERS}/create`, input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
    // A refusal is shown in the form, beside its fields, rather than as a toast too.
    reportFailure: false,
  });
}

/** DELETE /api/covers/delete/{id}: the pending trips go back to the plan. */
export function useUndoCover() {
  return useResourceMutation({
    resource: COVERS,
    alsoRefresh: [RESOURCES.trips],
    request: (id: string) => apiRequest<SuccessEnvelope<CoverUndone>>('DELETE', `/${COVERS}/delete/${id}`),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}
