import type { DashboardSummary, SuccessEnvelope } from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api/api-client';

/** GET /api/dashboard/summary: every figure of the dashboard in one answer, fetched afresh on each visit. */
export function useDashboardSummary() {
  return useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<SuccessEnvelope<DashboardSummary>>(
        'GET',
        '/dashboard/summary',
        undefined,
        {
          signal,
        },
      );
      if (answer.data === undefined) throw new ApiError(500, MESSAGES.serverError);
      return answer.data;
    },
  });
}
