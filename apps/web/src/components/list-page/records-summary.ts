import type { Pagination } from '@school-transport/shared';

/**
 * 'Showing X–Y of Z records' (en dash), counted from the rows actually received, so an empty page reads
 * 'Showing 0–0 of Z records' rather than a range that does not exist. A search that matches very many rows is
 * counted only a few pages ahead by the server (decision 016): then Z reads 'more than N'.
 */
export function recordsSummary(
  pagination: Pick<Pagination, 'page' | 'limit' | 'total' | 'moreThanTotal'>,
  rowCount: number,
) {
  const first = rowCount === 0 ? 0 : (pagination.page - 1) * pagination.limit + 1;
  const last = rowCount === 0 ? 0 : first + rowCount - 1;
  const total = pagination.moreThanTotal
    ? `more than ${pagination.total.toLocaleString('en')}`
    : pagination.total;
  return `Showing ${first}–${last} of ${total} records`;
}

/** SL: the row's number across pages. */
export const serialNumber = (page: number, limit: number, index: number) => (page - 1) * limit + index + 1;
