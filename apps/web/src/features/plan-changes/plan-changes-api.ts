import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PLAN_CHANGE_PATHS as PATHS,
  type OfficePlanChangesAnswer,
  type PlanChangeRemindAnswer,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';

/** Every answer of this screen is under one key: a reminder reloads the list (its "last reminded"). */
const ROOT = ['plan-changes'] as const;

export interface PlanChangeFilter {
  routeId: string;
  schoolId: string;
}

export const usePlanChanges = ({ routeId, schoolId }: PlanChangeFilter) =>
  useQuery({
    queryKey: [...ROOT, 'list', routeId, schoolId],
    queryFn: async () => {
      const query = new URLSearchParams();
      if (routeId) query.set('routeId', routeId);
      if (schoolId) query.set('schoolId', schoolId);
      const answer = await apiRequest<SuccessEnvelope<OfficePlanChangesAnswer>>(
        'GET',
        `${PATHS.officeList}?${query}`,
      );
      return answer.data!;
    },
  });

/** The routes or schools to filter by, by name (the first hundred). */
export const useFilterOptions = (resource: 'routes' | 'schools') =>
  useQuery({
    queryKey: [...ROOT, 'options', resource],
    queryFn: async () =>
      (
        await apiRequest<SuccessEnvelope<Array<{ id: string; name: string }>>>(
          'GET',
          `/${resource}/get-all?${new URLSearchParams({ page: '1', limit: '100', sort: 'name' })}`,
        )
      ).data ?? [],
    staleTime: 60_000,
  });

/** Reminds the guardians of these changes; answers the server's count and its words. */
export function useRemind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest<SuccessEnvelope<PlanChangeRemindAnswer>>('POST', PATHS.officeRemind, { ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}
