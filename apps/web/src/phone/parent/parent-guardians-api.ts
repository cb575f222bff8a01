import { GUARDIAN_PATHS, type GuardianRequest, type GuardianRequestInput } from '@school-transport/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParentToken } from './parent-session';
import { PARENT, parentRequest } from './parent-api';

/** The guardians screen's calls, apart from parent-api.ts: only that lazy screen imports them. */
const requestsKey = [PARENT, 'guardian-requests'] as const;

/** GET /api/parent/guardian-requests: the requests about the children this guardian is linked to. */
export function useGuardianRequests() {
  const token = useParentToken();
  return useQuery({
    queryKey: requestsKey,
    queryFn: async ({ signal }) =>
      (await parentRequest<GuardianRequest[]>(token, 'GET', GUARDIAN_PATHS.parentRequests, undefined, signal))
        .data ?? [],
  });
}

/** POST /api/parent/guardian-requests: ask the office for another guardian of one of their children. */
export function useRequestGuardian() {
  const token = useParentToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GuardianRequestInput) =>
      parentRequest<GuardianRequest>(token, 'POST', GUARDIAN_PATHS.parentRequests, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
}
