import type {
  PlanAccepted,
  PlanProposal,
  PlanRequest,
  PlanReview,
  SuccessEnvelope,
} from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';
import { RESOURCES, useResourceMutation } from '../../lib/api/resource-api';
import { STOPS } from '../../lib/api/stop-search-api';

/** `/api/planner/proposals/…`; also the first part of every planner query key. */
const PROPOSALS = 'planner/proposals';

/** How often a running job's progress is asked for: the solver reports its best plan about this often. */
const PROGRESS_POLL_MS = 1000;

const proposalKey = (id: string) => [PROPOSALS, id] as const;

/** A planning job: polled while it runs, left alone once it is done, failed or cancelled. */
export function useProposal(id: string) {
  return useQuery({
    queryKey: proposalKey(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<SuccessEnvelope<PlanProposal>>('GET', `/${PROPOSALS}/${id}`, undefined, { signal }))
        .data as PlanProposal,
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? PROGRESS_POLL_MS : false),
  });
}

/** A finished job's proposal beside the vehicles' routes as they are now. */
export function usePlanReview(id: string) {
  return useQuery({
    queryKey: [...proposalKey(id), 'review'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<SuccessEnvelope<PlanReview>>('GET', `/${PROPOSALS}/${id}/review`, undefined, {
          signal,
        })
      ).data as PlanReview,
  });
}

/** A change of a job, reported and refreshed the usual way (useResourceMutation). */
const usePlannerChange = <TVariables, TAnswer extends SuccessEnvelope<unknown>>(
  request: (variables: TVariables) => Promise<TAnswer>,
  alsoRefresh: readonly string[] = [],
) =>
  useResourceMutation({
    resource: PROPOSALS,
    alsoRefresh,
    request,
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });

export const useStartPlan = () =>
  usePlannerChange((request: PlanRequest) =>
    apiRequest<SuccessEnvelope<PlanProposal>>('POST', `/${PROPOSALS}`, request),
  );

export const useCancelPlan = () =>
  usePlannerChange((id: string) =>
    apiRequest<SuccessEnvelope<PlanProposal>>('POST', `/${PROPOSALS}/${id}/cancel`),
  );

/** Accepting writes stops, the routes' runs and the children's seats: their screens are refreshed too. */
export const useAcceptPlan = () =>
  usePlannerChange(
    (id: string) => apiRequest<SuccessEnvelope<PlanAccepted>>('POST', `/${PROPOSALS}/${id}/accept`),
    [STOPS, RESOURCES.busRoutes, RESOURCES.assignments, RESOURCES.students, RESOURCES.trips],
  );
