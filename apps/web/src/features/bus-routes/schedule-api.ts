import type {
  BusRoute,
  RouteSchedule,
  Run,
  RunSchedule,
  RunScheduleInput,
  Student,
  SuccessEnvelope,
} from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';
import { RESOURCES, useResourceItem, useResourceMutation } from '../../lib/api/resource-api';

const ROUTES = RESOURCES.busRoutes;

export const useBusRoute = (id: string) => useResourceItem<BusRoute>(ROUTES, id);

/** Under the routes' key, so that any change of the route (or its stops) refreshes it. */
export function useRouteSchedule(routeId: string) {
  return useQuery({
    queryKey: [ROUTES, 'schedule', routeId],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<SuccessEnvelope<RouteSchedule>>(
        'GET',
        `/${ROUTES}/${routeId}/schedule`,
        undefined,
        { signal },
      );
      return answer.data ?? { routeId, runs: [] };
    },
  });
}

/** A seated child's pickup point, to suggest the stops near it. */
export const useRiderStudent = (studentId: string) => useResourceItem<Student>(RESOURCES.students, studentId);

interface RunVariables {
  routeId: string;
  run: Run;
}

/** PUT /api/routes/{id}/runs/{run}: the run's start and its stops in order, all at once. */
export function useSaveRun() {
  return useResourceMutation({
    resource: ROUTES,
    request: ({ routeId, run, input }: RunVariables & { input: RunScheduleInput }) =>
      apiRequest<SuccessEnvelope<RunSchedule>>('PUT', `/${ROUTES}/${routeId}/runs/${run}`, input),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

/** DELETE /api/routes/{id}/runs/{run}: the run goes back to having no schedule. */
export function useClearRun() {
  return useResourceMutation({
    resource: ROUTES,
    request: ({ routeId, run }: RunVariables) =>
      apiRequest<SuccessEnvelope<unknown>>('DELETE', `/${ROUTES}/${routeId}/runs/${run}`),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

/** POST …/stops-from-student/{studentId}: a stop at (or reused near) the child's pickup point, the child tied to it. */
export function useStopFromStudent() {
  return useResourceMutation({
    resource: ROUTES,
    request: ({ routeId, run, studentId }: RunVariables & { studentId: string }) =>
      apiRequest<SuccessEnvelope<RouteSchedule>>(
        'POST',
        `/${ROUTES}/${routeId}/runs/${run}/stops-from-student/${studentId}`,
      ),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

/** PUT /api/students/{id}/stops/{run}: which stop of the run the child waits at (null: none). */
export function useTieRider() {
  return useResourceMutation({
    resource: ROUTES,
    alsoRefresh: [RESOURCES.students],
    request: ({ studentId, run, stopId }: { studentId: string; run: Run; stopId: string | null }) =>
      apiRequest<SuccessEnvelope<unknown>>('PUT', `/${RESOURCES.students}/${studentId}/stops/${run}`, {
        stopId,
      }),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}
