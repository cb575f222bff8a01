import type { ReactNode } from 'react';

/** One column of a list screen; the SL column comes first on its own (see ListPage). */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Keeps the value on one line: a phone number or a date broken over lines is hard to read. */
  nowrap?: boolean;
}
