import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FAMILY_INBOX_PATHS as PATHS,
  type Colleague,
  type FamilyInboxFilter,
  type FamilyThread,
  type FamilyThreadSummary,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';
import { FAMILY_INBOX_KEY as ROOT } from '../../lib/api/family-inbox-unread-api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const data = async <T>(method: Method, path: string, body?: unknown) =>
  (await apiRequest<SuccessEnvelope<T>>(method, path, body)).data as T;

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export const useFamilyThreads = (filter: FamilyInboxFilter) =>
  useQuery({
    queryKey: [...ROOT, 'list', filter],
    queryFn: () => data<FamilyThreadSummary[]>('GET', `${PATHS.list}?${new URLSearchParams({ filter })}`),
  });

export const useFamilyThread = (id: string | null) =>
  useQuery({
    queryKey: [...ROOT, 'thread', id],
    queryFn: () => data<FamilyThread>('GET', withId(PATHS.one, id!)),
    enabled: id !== null,
  });

export const useColleagues = () =>
  useQuery({
    queryKey: [...ROOT, 'colleagues'],
    queryFn: () => data<Colleague[]>('GET', PATHS.colleagues),
    staleTime: 5 * 60_000,
  });

function useThreadMutation<V>(run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Whatever the outcome: a 409 may mean a colleague changed the thread meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}

export const useMarkRead = () =>
  useThreadMutation((id: string) => apiRequest('POST', withId(PATHS.read, id)));

export const useReply = () =>
  useThreadMutation(({ id, body }: { id: string; body: string }) =>
    apiRequest('POST', withId(PATHS.reply, id), { body }),
  );

export const useAssign = () =>
  useThreadMutation(({ id, userId }: { id: string; userId: string | null }) =>
    apiRequest('PUT', withId(PATHS.assignee, id), { userId }),
  );

export const useCloseThread = () =>
  useThreadMutation(({ id, close }: { id: string; close: boolean }) =>
    apiRequest('POST', withId(close ? PATHS.close : PATHS.reopen, id)),
  );

export const useManifestNote = () =>
  useThreadMutation(({ id, note }: { id: string; note: string | null }) =>
    note === null
      ? apiRequest('DELETE', withId(PATHS.manifestNote, id))
      : apiRequest('PUT', withId(PATHS.manifestNote, id), { note }),
  );
