import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_MAX, type ListQuery } from '@school-transport/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

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
 * Reads page, rows per page and search from the address (`?page=2&limit=20&search=abc`). The address can be
 * typed, edited or shared, so anything that is not a valid value falls back to the default.
 */
export function parseListQuery(params: URLSearchParams): ListQuery {
  return {
    page: parsePage(params.get('page')),
    limit: parseLimit(params.get('limit')),
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX),
  };
}

/** The address query for `query`, keeping unrelated parameters and leaving defaults out to keep links short. */
export function writeListQuery(
  query: ListQuery,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  const entries: [keyof ListQuery, string, boolean][] = [
    ['page', String(query.page), query.page === DEFAULT_LIST_QUERY.page],
    ['limit', String(query.limit), query.limit === DEFAULT_LIST_QUERY.limit],
    ['search', query.search, query.search === DEFAULT_LIST_QUERY.search],
  ];
  for (const [name, value, isDefault] of entries) {
    if (isDefault) params.delete(name);
    else params.set(name, value);
  }
  return params;
}

/**
 * A list's page, page size and search kept in the address, so reload, back/forward and shared links all show the
 * same rows. Each change is a history entry of its own.
 */
export function useListUrlState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(searchParams), [searchParams]);

  const update = useCallback(
    (change: Partial<ListQuery>, options?: { replace?: boolean }) =>
      setSearchParams(
        (current) => writeListQuery({ ...parseListQuery(current), ...change }, current),
        options,
      ),
    [setSearchParams],
  );

  return {
    query,
    goToPage: useCallback((page: number, replace = false) => update({ page }, { replace }), [update]),
    // A new page size or search starts from the first page: the current page may no longer exist.
    changeLimit: useCallback((limit: number) => update({ limit, page: 1 }), [update]),
    search: useCallback((text: string) => update({ search: text.trim(), page: 1 }), [update]),
  };
}
