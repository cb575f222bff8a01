import type { ListQuery, Pagination, SuccessEnvelope } from '@school-transport/shared';

export const offsetOf = (query: ListQuery): number => (query.page - 1) * query.limit;

/** A list's total: exact, or a lower bound when a filter matches more rows than were worth counting. */
export interface ListTotal {
  total: number;
  moreThanTotal: boolean;
}

export const exactTotal = (total: number): ListTotal => ({ total, moreThanTotal: false });

/** The answer of every `get-all` call: rows of the asked page and where that page sits in the whole. */
export function listAnswer<T>(
  rows: T[],
  { total, moreThanTotal }: ListTotal,
  query: ListQuery,
): SuccessEnvelope<T[]> {
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
