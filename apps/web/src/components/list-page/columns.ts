import type { ReactNode } from 'react';

/** One column of a list screen; the SL column comes first on its own (see ListPage). */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}
