import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STOP_CHANGE_PATHS as PATHS,
  type StopChange,
  type StopChangeInput,
  type StopChangeState,
  type StopOption,
  type Student,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';

/** Every answer of this screen is under one key: a decision reloads the queue, the count and the seats. */
const ROOT = ['stop-changes'] as const;

const data = async <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
  (await apiRequest<SuccessEnvelope<T>>(method, path, body)).data as T;

export const useStopChanges = (state: StopChangeState) =>
  useQuery({
    queryKey: [...ROOT, 'list', state],
    queryFn: () => data<StopChange[]>('GET', `${PATHS.list}?${new URLSearchParams({ state })}`),
  });

export const usePendingCount = () =>
  useQuery({
    queryKey: [...ROOT, 'pending'],
    queryFn: async () => (await data<{ pending: number }>('GET', PATHS.pendingCount)).pending,
  });

export const useStopOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...ROOT, 'options'],
    queryFn: () => data<StopOption[]>('GET', PATHS.options),
    enabled,
    staleTime: 60_000,
  });

/** Children whose name matches, for the entry's child picker. */
export const useStudentSearch = (search: string) =>
  useQuery({
    queryKey: ['students', 'pick', search],
    queryFn: () =>
      data<Student[]>('GET', `/students/get-all?${new URLSearchParams({ page: '1', limit: '20', search })}`),
  });

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

function useStopChangeMutation<V>(run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Whatever the outcome: a 409 may mean another admin decided it meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

export const useApproveStopChange = () =>
  useStopChangeMutation((id: string) => apiRequest('POST', withId(PATHS.approve, id)));

export const useDeclineStopChange = () =>
  useStopChangeMutation(({ id, reason }: { id: string; reason: string }) =>
    apiRequest('POST', withId(PATHS.decline, id), { reason }),
  );

export const useEnterStopChange = () =>
  useStopChangeMutation((input: StopChangeInput) => apiRequest('POST', PATHS.list, input));
