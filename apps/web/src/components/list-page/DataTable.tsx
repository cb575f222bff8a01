import { MESSAGES } from '@school-transport/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ListSort } from '@school-transport/shared';
import type { SxProps, Theme } from '@mui/material/styles';
import { ACTIONS_HEADER, type Column } from './columns';
import { ColumnNote } from './ColumnNote';
import { ROW_ACTIONS_BUTTON_STYLES } from './RowActionsMenu';

/**
 * A list must fit beside the open menu from 1280 px up, with no sideways scroll to reach its actions. So: headers
 * may wrap between words, values may break inside a long word (an email address) rather than widen the table,
 * cells are a little narrower than MUI's, and the actions column takes only the width of its button.
 */
const CELL_PADDING = { px: 1.25 };
/** The first column keeps MUI's inset, in line with the toolbar above. */
const SL_PADDING = { pl: 2, pr: 1.25 };

function headerSx<T>(column: Column<T>): SxProps<Theme> {
  if (column.header === ACTIONS_HEADER)
    return { ...CELL_PADDING, width: '1%', fontWeight: 600, whiteSpace: 'nowrap' };
  return { ...CELL_PADDING, width: column.width, fontWeight: 600 };
}

function cellSx<T>(column: Column<T>): SxProps<Theme> {
  if (column.header === ACTIONS_HEADER) return { ...CELL_PADDING, whiteSpace: 'nowrap' };
  return { ...CELL_PADDING, ...(column.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }) };
}

interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** SL of the row at `index` on this page. */
  serialOf: (index: number) => number;
  /** Dims the rows of the previous page while the next one is on its way. */
  stale: boolean;
  /**
   * Names the table's box as a region a keyboard can scroll sideways (on a phone): needed where no row holds a
   * link or button to reach it by.
   */
  scrollLabel?: string;
  /** The sort shown and what a header's click asks for; columns with a `sort` key get a sorting header. */
  sorting?: { shown: ListSort; onSort: (key: string) => void };
}

interface HeaderProps<T> {
  column: Column<T>;
  sorting: DataTableProps<T>['sorting'];
}

/**
 * A column's header; a sortable one is a button (TableSortLabel) and, while the list is sorted by it, says so to
 * assistive technology with aria-sort (MUI sets it from `sortDirection`).
 */
function Header<T>({ column, sorting }: HeaderProps<T>) {
  const key = column.sort;
  if (!key || !sorting) {
    return (
      <TableCell align={column.align} sx={headerSx(column)}>
        {column.header}
      </TableCell>
    );
  }
  const active = sorting.shown.sort === key;
  const direction = active ? (sorting.shown.order ?? 'asc') : 'asc';
  return (
    <TableCell align={column.align} sx={headerSx(column)} sortDirection={active ? direction : false}>
      <TableSortLabel active={active} direction={direction} onClick={() => sorting.onSort(key)}>
        {column.header}
      </TableSortLabel>
    </TableCell>
  );
}

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  serialOf,
  stale,
  scrollLabel,
  sorting,
}: DataTableProps<T>) {
  return (
    <TableContainer
      // The rows' actions buttons are styled once here, for every row (decision 063).
      sx={ROW_ACTIONS_BUTTON_STYLES}
      {...(scrollLabel && { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 })}
    >
      <Table size="small" aria-busy={stale} sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...SL_PADDING, width: 48, fontWeight: 600 }}>SL</TableCell>
            {columns.map((column) => (
              <Header key={column.header} column={column} sorting={sorting} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length + 1} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                {MESSAGES.noData}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row, index) => (
              <TableRow key={rowKey(row)} hover>
                <TableCell sx={SL_PADDING}>{serialOf(index)}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column.header} align={column.align} sx={cellSx(column)}>
                    {column.cell(row)}
                    {column.note && <ColumnNote>{column.note(row)}</ColumnNote>}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
