import {
  HAND_OVER_PATHS,
  MESSAGES,
  type AuthorizedAdult,
  type AuthorizedAdultInput,
  type HandOverOfChild,
  type ProfileImageAnswer,
} from '@school-transport/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PARENT, parentRequest, withId } from './parent-api';
import { useParentToken } from './parent-session';

/** The "Who may collect" screen's calls (decision 065), apart from parent-api.ts: only that lazy screen imports them. */
const handOverKey = (childId: string) => [PARENT, 'authorized-adults', childId] as const;

/** GET /api/parent/children/{id}/authorized-adults: whether the child needs hand-over, and who may receive them. */
export function useChildHandOver(childId: string) {
  const token = useParentToken();
  return useQuery({
    queryKey: handOverKey(childId),
    queryFn: async ({ signal }) => {
      const answer = await parentRequest<HandOverOfChild>(
        token,
        'GET',
        withId(HAND_OVER_PATHS.parentAdults, childId),
        undefined,
        signal,
      );
      if (!answer.data) throw new Error(MESSAGES.serverError);
      return answer.data;
    },
  });
}

/** A change of the child's adults: the list is read again afterwards, whatever the outcome. */
function useAdultsChange<TVariables, TData>(
  childId: string,
  mutationFn: (token: string, variables: TVariables) => Promise<TData>,
) {
  const token = useParentToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => mutationFn(token, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: handOverKey(childId) }),
  });
}

/** POST /api/parent/children/{id}/authorized-adults. */
export const useAddAdult = (childId: string) =>
  useAdultsChange(childId, async (token, input: AuthorizedAdultInput) => {
    const answer = await parentRequest<AuthorizedAdult>(
      token,
      'POST',
      withId(HAND_OVER_PATHS.parentAdults, childId),
      input,
    );
    if (!answer.data) throw new Error(MESSAGES.serverError);
    return answer.data;
  });

/** DELETE /api/parent/authorized-adults/{id}. */
export const useRemoveAdult = (childId: string) =>
  useAdultsChange(childId, (token, adultId: string) =>
    parentRequest<undefined>(token, 'DELETE', withId(HAND_OVER_PATHS.parentAdult, adultId)),
  );

/** POST /api/parent/authorized-adults/{id}/photo: multipart `image` and the adult's `id`, as every upload. */
export const useAdultPhoto = (childId: string) =>
  useAdultsChange(childId, (token, { adultId, photo }: { adultId: string; photo: Blob }) => {
    const form = new FormData();
    form.append('id', adultId);
    form.append('image', photo, 'adult.jpg');
    return parentRequest<ProfileImageAnswer>(
      token,
      'POST',
      withId(HAND_OVER_PATHS.parentAdultPhoto, adultId),
      form,
    );
  });
