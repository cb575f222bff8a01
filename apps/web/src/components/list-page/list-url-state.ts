import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  SEARCH_MAX,
  SORT_ORDERS,
  type ListQuery,
  type ListSort,
  type SortOrder,
} from '@school-transport/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParamsUpdates } from './search-params-updates';

/** What a list screen asks for: the page, and the column it is sorted by if the person chose one. */
export type ListUrlQuery = ListQuery & ListSort;

const DEFAULT_LIST_QUERY: ListQuery = { page: 1, limit: DEFAULT_PAGE_SIZE, search: '' };
/** The API's upper bound for a page number. */
const MAX_PAGE = 1_000_000;

function parsePage(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return DEFAULT_LIST_QUERY.page;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : DEFAULT_LIST_QUERY.page;
}

function parseLimit(value: string | null): number {
  const limit = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_LIST_QUERY.limit;
}

/**
 * The sort in the address (`?sort=name&order=desc`), if it is one of the list's (`sortKeys`): another column, or
 * an order without a column, is left out and the list shows its own order. No order means ascending.
 */
function parseSort(params: URLSearchParams, sortKeys: readonly string[]): ListSort {
  const sort = params.get('sort');
  if (sort === null || !sortKeys.includes(sort)) return {};
  const order = params.get('order');
  return {
    sort,
    order: (SORT_ORDERS as readonly string[]).includes(order ?? '') ? (order as SortOrder) : 'asc',
  };
}

/**
 * Reads page, rows per page, search and sort from the address (`?page=2&limit=20&search=abc&sort=name&order=asc`).
 * The address can be typed, edited or shared, so anything that is not a valid value falls back to the default.
 */
export function parseListQuery(params: URLSearchParams, sortKeys: readonly string[] = []): ListUrlQuery {
  return {
    page: parsePage(params.get('page')),
    limit: parseLimit(params.get('limit')),
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX),
    ...parseSort(params, sortKeys),
  };
}

/** The address query for `query`, keeping unrelated parameters and leaving defaults out to keep links short. */
export function writeListQuery(
  query: ListUrlQuery,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  const entries: [keyof ListUrlQuery, string, boolean][] = [
    ['page', String(query.page), query.page === DEFAULT_LIST_QUERY.page],
    ['limit', String(query.limit), query.limit === DEFAULT_LIST_QUERY.limit],
    ['search', query.search, query.search === DEFAULT_LIST_QUERY.search],
    // A chosen sort is written with its order, so the address says plainly which way the list runs.
    ['sort', query.sort ?? '', query.sort === undefined],
    ['order', query.order ?? 'asc', query.sort === undefined],
  ];
  for (const [name, value, isDefault] of entries) {
    if (isDefault) params.delete(name);
    else params.set(name, value);
  }
  return params;
}

/**
 * A list's page, page size, search and sort kept in the address, so reload, back/forward and shared links all
 * show the same rows. Each change is a history entry of its own. `sortKeys`: the columns the list sorts by.
 */
export function useListUrlState(sortKeys: readonly string[] = []) {
  const [searchParams, updateSearchParams] = useSearchParamsUpdates();
  // Keyed by the keys' text, so a list that builds its columns on each render does not re-parse needlessly.
  const sortKeyText = sortKeys.join(',');
  const query = useMemo(
    () => parseListQuery(searchParams, sortKeyText ? sortKeyText.split(',') : []),
    [searchParams, sortKeyText],
  );

  const update = useCallback(
    (change: Partial<ListUrlQuery>, options?: { replace?: boolean }) =>
      updateSearchParams(
        (current) =>
          writeListQuery(
            { ...parseListQuery(current, sortKeyText ? sortKeyText.split(',') : []), ...change },
            current,
          ),
        options,
      ),
    [updateSearchParams, sortKeyText],
  );

  return {
    query,
    goToPage: useCallback((page: number, replace = false) => update({ page }, { replace }), [update]),
    // A new page size or search starts from the first page: the current page may no longer exist.
    changeLimit: useCallback((limit: number) => update({ limit, page: 1 }), [update]),
    search: useCallback((text: string) => update({ search: text.trim(), page: 1 }), [update]),
    // A new order starts from the first page too: page 3 of another order is other rows. No column: the list's own.
    changeSort: useCallback(
      (sort: ListSort) =>
        update({ sort: sort.sort, order: sort.sort ? (sort.order ?? 'asc') : undefined, page: 1 }),
      [update],
    ),
  };
}
