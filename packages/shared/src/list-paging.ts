/**
 * A list's paging words, apart from list.ts and its schemas: the web app's first download reads a list's address
 * with them (to start the list's request with its screen's code) and must not carry zod for it.
 */

/** Rows-per-page choices of every list screen; the API takes any limit up to the largest. */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_MAX = 100;

/** A list's direction: A to Z, oldest or smallest first (`asc`), or the other way (`desc`). */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
