import type { ListQuery, Pagination, SuccessEnvelope } from '@school-transport/shared';
import type { ListTotal } from '../db/list-queries.js';

// The paging arithmetic lives with the list statements; routes that answer a list find it here too.
export { exactTotal, offsetOf, type ListTotal } from '../db/list-queries.js';

/**
 * The answer of every `get-all` call: rows of the asked page and where that page sits in the whole. Its type says
 * both are there, so it checks against a route's declared page answer.
 */
export function listAnswer<T>(
  rows: T[],
  { total, moreThanTotal }: ListTotal,
  query: ListQuery,
): SuccessEnvelope<T[]> & { data: T[]; pagination: Pagination } {
  const pagination: Pagination = {
    page: query.page,
    limit: query.limit,
    total,
    totalPages: Math.ceil(total / query.limit),
    moreThanTotal,
  };
  return { success: true, type: 'success', data: rows, pagination };
}

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
