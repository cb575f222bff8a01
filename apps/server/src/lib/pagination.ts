import type { ListQuery, Pagination, SuccessEnvelope } from '@school-transport/shared';

export const offsetOf = (query: ListQuery): number => (query.page - 1) * query.limit;

/** The answer of every `get-all` call: rows of the asked page and where that page sits in the whole. */
export function listAnswer<T>(rows: T[], total: number, query: ListQuery): SuccessEnvelope<T[]> {
  const pagination: Pagination = {
    page: query.page,
    limit: query.limit,
    total,
    totalPages: Math.ceil(total / query.limit),
  };
  return { success: true, type: 'success', data: rows, pagination };
}

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
