import type { ReactNode } from 'react';

/**
 * Where a column's value goes on a phone, where each record is a card rather than a table row:
 * - 'title': the card's heading and accessible name (one per list);
 * - 'field': shown under the title with its header as label (the two or three a person looks for on the go);
 * - 'actions': the row's actions menu, in the card's corner;
 * - 'hidden': only in the table (the whole record is on its own page).
 */
export type CardRole = 'title' | 'field' | 'actions' | 'hidden';

/** One column of a list screen; the SL column comes first on its own (see ListPage). */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * A second, quieter line under the value: what the record is tied to (a child's route, a driver's vehicle).
   * Kept apart from `cell` so that a card's title (its heading and accessible name) stays the value alone.
   */
  note?: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /**
   * Keeps the value on one line: a phone number or a date broken over lines is hard to read. Only for values
   * short by nature (a phone is at most 20 characters): a licence or registration number of up to 20–30
   * characters kept whole made the Assignments table 320 px wider than its frame at 1280 px, so codes break.
   */
  nowrap?: boolean;
  /**
   * Its place on a phone's card. By default the column headed 'Actions' holds the actions, the first column is
   * the title unless another says so, and the others are left off the card: a list names the fields it shows.
   */
  card?: CardRole;
  /** The key the list sorts this column by (one of its LIST_SORTS); its header then sorts on a click. */
  sort?: string;
}

/** The header every list gives its column of row actions (also the table's compact last column). */
export const ACTIONS_HEADER = 'Actions';

export interface CardLayout<T> {
  title: Column<T>;
  fields: Column<T>[];
  actions?: Column<T>;
}

/** The role each column plays on a card, with the defaults filled in (see Column.card). */
export function cardRoleOf<T>(column: Column<T>, index: number, columns: readonly Column<T>[]): CardRole {
  if (column.card) return column.card;
  if (column.header === ACTIONS_HEADER) return 'actions';
  const titled = columns.some((other) => other.card === 'title');
  return !titled && index === 0 ? 'title' : 'hidden';
}

/** How a list's columns make up its cards: the title, the fields in column order, and the actions if any. */
export function cardLayout<T>(columns: readonly Column<T>[]): CardLayout<T> {
  const roles = columns.map((column, index) => cardRoleOf(column, index, columns));
  const titles = columns.filter((_column, index) => roles[index] === 'title');
  const [title] = titles;
  if (title === undefined || titles.length > 1) {
    throw new Error(`A list's cards need exactly one title column, not ${titles.length}.`);
  }
  return {
    title,
    fields: columns.filter((_column, index) => roles[index] === 'field'),
    actions: columns.find((_column, index) => roles[index] === 'actions'),
  };
}
