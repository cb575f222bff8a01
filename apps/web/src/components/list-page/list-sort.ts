import type { ListSort, SortOrder } from '@school-transport/shared';
import type { Column } from './columns';

/** The sort keys a list's columns offer, in column order. */
export const sortKeysOf = <T>(columns: readonly Column<T>[]): string[] =>
  columns.flatMap((column) => (column.sort ? [column.sort] : []));

/**
 * Which column the list is sorted by as the person sees it: the one in the address, or else the list's own order
 * when a column shows it (newest first is 'Listed From', descending); none for an order no column shows.
 */
export const shownSort = (query: ListSort, defaultSort: ListSort = {}): ListSort =>
  query.sort ? { sort: query.sort, order: query.order ?? 'asc' } : defaultSort;

/** A header's click: the other way round on the column already sorted by, else that column ascending. */
export function nextSort(shown: ListSort, key: string): ListSort {
  if (shown.sort !== key) return { sort: key, order: 'asc' };
  return { sort: key, order: shown.order === 'asc' ? 'desc' : 'asc' };
}

const ORDER_WORDS: Record<SortOrder, string> = { asc: 'ascending', desc: 'descending' };

/** The 'Sort by' choices of a phone: each sortable column both ways, as `key:order` with a label. */
export function sortChoices<T>(columns: readonly Column<T>[]): { value: string; label: string }[] {
  return columns.flatMap((column) =>
    column.sort
      ? (['asc', 'desc'] as const).map((order) => ({
          value: sortChoiceValue({ sort: column.sort, order }),
          label: `${column.header} (${ORDER_WORDS[order]})`,
        }))
      : [],
  );
}

/** The select's value for a sort: `name:desc`, or '' for the list's own order. */
export const sortChoiceValue = (sort: ListSort): string =>
  sort.sort ? `${sort.sort}:${sort.order ?? 'asc'}` : '';

/** The sort a 'Sort by' choice stands for. */
export function sortOfChoice(value: string): ListSort {
  const [sort, order] = value.split(':');
  return sort ? { sort, order: order === 'desc' ? 'desc' : 'asc' } : {};
}
