import { PARENT_PORTAL_PATHS, type ParentMessage } from '@school-transport/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParentToken } from './parent-session';
import { PARENT, parentRequest, withId } from './parent-api';

/** The office's messages to this guardian (decision 066): only the lazy messages screen imports these calls. */
const messageKeys = { list: [PARENT, 'messages'] as const };

export function useParentMessages() {
  const token = useParentToken();
  return useQuery({
    queryKey: messageKeys.list,
    queryFn: async ({ signal }) =>
      (await parentRequest<ParentMessage[]>(token, 'GET', PARENT_PORTAL_PATHS.messages, undefined, signal))
        .data as ParentMessage[],
  });
}

/** Opening a message marks it read; the list is refreshed so the unread mark goes. */
export function useMarkMessageRead() {
  const token = useParentToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => parentRequest(token, 'POST', withId(PARENT_PORTAL_PATHS.messageRead, id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.list }),
  });
}
