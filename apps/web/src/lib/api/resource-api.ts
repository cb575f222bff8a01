import type { ListQuery, ListSort, PageCursors, Pagination, SuccessEnvelope } from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { ApiError, apiRequest } from './api-client';
import {
  resourceItemQuery,
  resourceKeys,
  resourceListQuery,
  type ListFilterValues,
} from './resource-queries';

export { RESOURCES, resourceKeys, type ListFilterValues } from './resource-queries';

/**
 * Generic calls of a management resource (`/api/{resource}/get-all`, `get-one`, `create`, `update`, `delete`),
 * so each feature's `<feature>-api.ts` only names its resource and its types.
 */

export interface ResourceList<T> {
  /** The answer as the query holds it (the same object until another arrives), for a screen that defers it. */
  answer: SuccessEnvelope<T[]> | undefined;
  rows: T[];
  pagination: Pagination | undefined;
  /** Where the pages next to this one start, from lists paged by key (decision 040). */
  cursors: PageCursors | undefined;
  /** A request is on its way (the first one, or the next page while the previous rows stay on screen). */
  isFetching: boolean;
  isPending: boolean;
  isError: boolean;
  /** Asks for the page again (the Retry of a failed load). */
  refetch: () => void;
}

/** A page of a list (resourceListQuery says what `cursor` is). */
export function useResourceList<T>(
  resource: string,
  query: ListQuery & ListSort,
  filters: ListFilterValues = {},
  cursor?: string,
): ResourceList<T> {
  const result = useQuery({
    ...resourceListQuery<T>(resource, query, filters, cursor),
    // The rows of the page being left stay visible (under a progress bar) until the next page has arrived.
    placeholderData: keepPreviousData,
  });
  return {
    answer: result.data,
    rows: result.data?.data ?? [],
    pagination: result.data?.pagination,
    cursors: result.data?.cursors,
    isFetching: result.isFetching,
    isPending: result.isPending,
    isError: result.isError,
    refetch: () => void result.refetch(),
  };
}

export function useResourceItem<T>(resource: string, id: string) {
  return useQuery(resourceItemQuery<T>(resource, id));
}

/**
 * An address naming a record that is not there: unknown (404), or not even a valid id (400, the only thing a
 * get-one call can get wrong).
 */
export const isMissingRecord = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export interface RelatedResources {
  /** Other resources whose screens show this one's changes (a child's change shows on its parent's page). */
  alsoRefresh?: readonly string[];
}

interface ResourceMutationOptions<TVariables, TAnswer> extends RelatedResources {
  /** The resource whose lists and items are refreshed after a success. */
  resource: string;
  request: (variables: TVariables) => Promise<TAnswer>;
  /** The toast when the failure carries no explanation of its own. */
  fallbackMessage: string;
  /**
   * False when the caller words the failure itself, e.g. a photo sent after its record was created, whose failure
   * must say that the record was kept: one toast that says it all instead of two.
   */
  reportFailure?: boolean;
}

/**
 * The one way a change is reported: the server's message as a toast of the server's type, then
 * the resource's queries refreshed; a failure as an error toast. Callers may still catch the rejected
 * `mutateAsync` to show the server's field errors next to the form.
 */
export function useResourceMutation<TVariables, TAnswer extends SuccessEnvelope<unknown>>({
  resource,
  alsoRefresh = [],
  request,
  fallbackMessage,
  reportFailure = true,
}: ResourceMutationOptions<TVariables, TAnswer>) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      if (answer.message) enqueueSnackbar(answer.message, { variant: answer.type });
      for (const refreshed of [resource, ...alsoRefresh]) {
        void queryClient.invalidateQueries({ queryKey: resourceKeys.all(refreshed) });
      }
    },
    onError: (error) => {
      if (!reportFailure) return;
      // The API client already words network failures and answers without a message.
      enqueueSnackbar(error instanceof ApiError ? error.message : fallbackMessage, { variant: 'error' });
    },
  });
}

export interface SaveVariables<TPayload> {
  /** Absent for a new record. */
  id?: string;
  payload: TPayload;
}

/**
 * Create (POST) or, given an id, update (PUT) with the whole payload; the answer carries the record as stored
 * (`TRecord`, for a caller that needs the new record's id).
 */
export function useSaveResource<TPayload, TRecord = unknown>(
  resource: string,
  { alsoRefresh }: RelatedResources = {},
) {
  return useResourceMutation({
    resource,
    alsoRefresh,
    request: ({ id, payload }: SaveVariables<TPayload>) =>
      id === undefined
        ? apiRequest<SuccessEnvelope<TRecord>>('POST', `/${resource}/create`, payload)
        : apiRequest<SuccessEnvelope<TRecord>>('PUT', `/${resource}/update/${id}`, payload),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

export function useDeleteResource(resource: string, { alsoRefresh }: RelatedResources = {}) {
  return useResourceMutation({
    resource,
    alsoRefresh,
    request: (id: string) => apiRequest<SuccessEnvelope<unknown>>('DELETE', `/${resource}/delete/${id}`),
    fallbackMessage: MESSAGES.deleteFailed,
  });
}
