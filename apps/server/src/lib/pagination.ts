import type { ListQuery, PageCursors, Pagination, SuccessEnvelope } from '@school-transport/shared';
import type { ListTotal } from '../db/list-queries.js';

// The paging arithmetic lives with the list statements; routes that answer a list find it here too.
export { exactTotal, offsetOf, type ListTotal } from '../db/list-queries.js';

/**
 * The answer of every `get-all` call: rows of the asked page, where that page sits in the whole, and (from lists
 * paged by key) where the pages next to it start. Its type says rows and pagination are there, so it checks
 * against a route's declared page answer.
 */
export function listAnswer<T>(
  rows: T[],
  { total, moreThanTotal, nextCursor, previousCursor }: ListTotal,
  query: ListQuery,
): SuccessEnvelope<T[]> & { data: T[]; pagination: Pagination } {
  const pagination: Pagination = {
    page: query.page,
    limit: query.limit,
    total,
    totalPages: Math.ceil(total / query.limit),
    moreThanTotal,
  };
  const cursors: PageCursors = {};
  if (nextCursor) cursors.next = nextCursor;
  if (previousCursor) cursors.previous = previousCursor;
  return {
    success: true,
    type: 'success',
    data: rows,
    pagination,
    ...(nextCursor || previousCursor ? { cursors } : {}),
  };
}

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
