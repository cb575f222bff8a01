import { useCallback, useMemo } from 'react';
import type { z } from 'zod';
import { useSearchParamsUpdates } from './search-params-updates';

/** A list's filters beyond page, size and search: each address parameter and the schema of its valid values. */
export type FilterDefinitions<Name extends string> = Readonly<Record<Name, z.ZodType>>;

export type ListFilters<Name extends string> = Partial<Record<Name, string>>;

/**
 * The filters set in the address. A value its schema refuses (an edited or outdated link) is left out, as if not
 * set, rather than sent to the API to be refused there.
 */
export function readListFilters<Name extends string>(
  definitions: FilterDefinitions<Name>,
  params: URLSearchParams,
): ListFilters<Name> {
  const filters: ListFilters<Name> = {};
  for (const name of Object.keys(definitions) as Name[]) {
    const value = params.get(name);
    if (value && definitions[name].safeParse(value).success) filters[name] = value;
  }
  return filters;
}

/**
 * A list's filters kept in the address beside its page and search, so a filtered list can be linked to (the
 * dashboard's "today's started trips"). `definitions` must be a constant: the filters are recomputed with it.
 */
export function useListFilters<Name extends string>(definitions: FilterDefinitions<Name>) {
  const [searchParams, updateSearchParams] = useSearchParamsUpdates();
  const filters = useMemo(() => readListFilters(definitions, searchParams), [definitions, searchParams]);

  const setFilter = useCallback(
    (name: Name, value: string | undefined) =>
      updateSearchParams((next) => {
        if (value) next.set(name, value);
        else next.delete(name);
        // Other rows match now: the current page may no longer exist.
        next.delete('page');
        return next;
      }),
    [updateSearchParams],
  );

  return { filters, setFilter };
}

/** What a list's filter controls get: the filters in the address and the way to change one. */
export interface FilterControlsProps<Name extends string> {
  filters: ListFilters<Name>;
  onChange: (name: Name, value: string | undefined) => void;
}
