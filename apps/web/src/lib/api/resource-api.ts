import type { ListQuery, ListSort, PageCursors, Pagination, SuccessEnvelope } from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { ApiError, apiRequest } from './api-client';

/**
 * Generic calls of a management resource (`/api/{resource}/get-all`, `get-one`, `create`, `update`, `delete`),
 * so each feature's `<feature>-api.ts` only names its resource and its types.
 */

/**
 * The API's resources (`/api/{resource}/…`), each named once: its calls and query keys, and the refreshes a change
 * asks of other resources' screens (an assignment's change shows in the drivers' free list) without one feature
 * importing another.
 */
export const RESOURCES = {
  drivers: 'drivers',
  vehicles: 'vehicles',
  busRoutes: 'routes',
  parents: 'parents',
  students: 'students',
  assignments: 'route-assignments',
  schools: 'schools',
  trips: 'trips',
  staffUsers: 'users',
  audit: 'audit-log',
} as const;

/** Every query of a resource starts with its name, so one invalidation refreshes its lists and items alike. */
export const resourceKeys = {
  all: (resource: string) => [resource] as const,
  list: (resource: string, query: ListQuery & ListSort, filters: ListFilterValues = {}) =>
    [resource, 'list', query, filters] as const,
  item: (resource: string, id: string) => [resource, 'item', id] as const,
};

/** A list's filters beyond page, size and search, as sent in the query (`status=STARTED`, `unassigned=true`). */
export type ListFilterValues = Readonly<Record<string, string | undefined>>;

export interface ResourceList<T> {
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

/**
 * A page of a list. `cursor`: where this page starts, from the page before or after it (keyset paging, decision
 * 040), for the server to read from there instead of counting past every row before; the rows are the same, so
 * the page is cached under the same key either way.
 */
export function useResourceList<T>(
  resource: string,
  query: ListQuery & ListSort,
  filters: ListFilterValues = {},
  cursor?: string,
): ResourceList<T> {
  const result = useQuery({
    queryKey: resourceKeys.list(resource, query, filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        page: String(query.page),
        limit: String(query.limit),
        search: query.search,
      });
      if (query.sort) {
        params.set('sort', query.sort);
        params.set('order', query.order ?? 'asc');
      }
      for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
      if (cursor) params.set('cursor', cursor);
      return apiRequest<SuccessEnvelope<T[]>>('GET', `/${resource}/get-all?${params}`, undefined, { signal });
    },
    // The rows of the page being left stay visible (under a progress bar) until the next page has arrived.
    placeholderData: keepPreviousData,
  });
  return {
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
  return useQuery({
    queryKey: resourceKeys.item(resource, id),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<SuccessEnvelope<T>>('GET', `/${resource}/get-one/${id}`, undefined, {
        signal,
      });
      if (answer.data === undefined) throw new ApiError(404, MESSAGES.notFound);
      return answer.data;
    },
  });
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
