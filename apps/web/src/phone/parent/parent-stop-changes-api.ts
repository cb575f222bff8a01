import {
  STOP_CHANGE_PATHS,
  type StopChange,
  type StopChangeInput,
  type StopOption,
} from '@school-transport/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParentToken } from './parent-session';
import { PARENT, parentRequest, withId } from './parent-api';

/**
 * The stop-changes screen's calls, apart from parent-api.ts: only that lazy screen imports them, so the first
 * screen's code does not carry the stop-changes module of the contract.
 */
const stopChangeKeys = {
  list: [PARENT, 'stop-changes'] as const,
  options: [PARENT, 'stop-options'] as const,
};

async function parentData<T>(token: string, path: string, signal: AbortSignal): Promise<T> {
  return (await parentRequest<T>(token, 'GET', path, undefined, signal)).data as T;
}

export function useStopChangeRequests() {
  const token = useParentToken();
  return useQuery({
    queryKey: stopChangeKeys.list,
    queryFn: ({ signal }) => parentData<StopChange[]>(token, STOP_CHANGE_PATHS.parentList, signal),
  });
}

export function useStopOptions() {
  const token = useParentToken();
  return useQuery({
    queryKey: stopChangeKeys.options,
    queryFn: ({ signal }) => parentData<StopOption[]>(token, STOP_CHANGE_PATHS.parentOptions, signal),
    staleTime: 5 * 60_000,
  });
}

function useStopChangeMutation<V>(request: (token: string, variables: V) => Promise<unknown>) {
  const token = useParentToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => request(token, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stopChangeKeys.list }),
  });
}

export const useRequestStopChange = () =>
  useStopChangeMutation((token, input: StopChangeInput) =>
    parentRequest<StopChange>(token, 'POST', STOP_CHANGE_PATHS.parentList, input),
  );

export const useWithdrawStopChange = () =>
  useStopChangeMutation((token, id: string) =>
    parentRequest(token, 'POST', withId(STOP_CHANGE_PATHS.parentWithdraw, id)),
  );
