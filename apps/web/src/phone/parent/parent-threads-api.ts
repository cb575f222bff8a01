import {
  FAMILY_INBOX_PATHS,
  type ThreadMessageInput,
  type FamilyThreadInput,
  type ParentThread,
} from '@school-transport/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParentToken } from './parent-session';
import { PARENT, parentRequest, withId } from './parent-api';

/**
 * The threads screen's calls (decision 067), apart from parent-api.ts: only that lazy screen imports them, so the
 * first screen's code does not carry the family-inbox module of the contract.
 */
const messageKeys = { list: [PARENT, 'threads'] as const };

export function useParentThreads() {
  const token = useParentToken();
  return useQuery({
    queryKey: messageKeys.list,
    queryFn: async ({ signal }) =>
      (await parentRequest<ParentThread[]>(token, 'GET', FAMILY_INBOX_PATHS.parentList, undefined, signal))
        .data as ParentThread[],
  });
}

function useMessageMutation<V>(request: (token: string, variables: V) => Promise<unknown>) {
  const token = useParentToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => request(token, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.list }),
  });
}

export const useStartThread = () =>
  useMessageMutation((token, input: FamilyThreadInput) =>
    parentRequest<ParentThread>(token, 'POST', FAMILY_INBOX_PATHS.parentList, input),
  );

export const useWriteInThread = () =>
  useMessageMutation((token, { id, ...input }: ThreadMessageInput & { id: string }) =>
    parentRequest<ParentThread>(token, 'POST', withId(FAMILY_INBOX_PATHS.parentMessages, id), input),
  );

export const useMarkThreadRead = () =>
  useMessageMutation((token, id: string) =>
    parentRequest(token, 'POST', withId(FAMILY_INBOX_PATHS.parentRead, id)),
  );
