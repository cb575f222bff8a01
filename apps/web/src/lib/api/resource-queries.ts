import type { ListQuery, ListSort, SuccessEnvelope } from '@school-transport/shared';
import { MESSAGES } from '@school-transport/shared';
import { ApiError, apiRequest } from './api-client';
import type { ScreenQuery } from './screen-queries';

/**
 * The queries of the management resources (`/api/{resource}/get-all`, `get-one`) as plain key and function, for
 * the screens' hooks (resource-api.ts) and for the routes that start them with the screen's code
 * (screen-queries.ts). No TanStack Query code here: the routes are in the first download.
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
  stops: 'stops',
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

/** A GET whose answer's `data` is the query's value; an answer without it is the server's fault. */
export function dataQuery<T>(queryKey: readonly unknown[], path: string): ScreenQuery<T> {
  return {
    queryKey,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<SuccessEnvelope<T>>('GET', path, undefined, { signal });
      if (answer.data === undefined) throw new ApiError(500, MESSAGES.serverError);
      return answer.data;
    },
  };
}

/**
 * A page of a list. `cursor`: where this page starts, from the page before or after it (keyset paging, decision
 * 040), for the server to read from there instead of counting past every row before; the rows are the same, so
 * the page is cached under the same key either way.
 */
export function resourceListQuery<T>(
  resource: string,
  query: ListQuery & ListSort,
  filters: ListFilterValues = {},
  cursor?: string,
): ScreenQuery<SuccessEnvelope<T[]>> {
  return {
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
  };
}

/** One record; an unknown id is a 404 (isMissingRecord). */
export function resourceItemQuery<T>(resource: string, id: string): ScreenQuery<T> {
  return {
    queryKey: resourceKeys.item(resource, id),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<SuccessEnvelope<T>>('GET', `/${resource}/get-one/${id}`, undefined, {
        signal,
      });
      if (answer.data === undefined) throw new ApiError(404, MESSAGES.notFound);
      return answer.data;
    },
  };
}
