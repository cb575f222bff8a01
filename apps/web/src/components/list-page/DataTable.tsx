import { MESSAGES } from '@school-transport/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Column } from './columns';

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
}

export function DataTable<T>({ columns, rows, rowKey, serialOf, stale, scrollLabel }: DataTableProps<T>) {
  return (
    <TableContainer {...(scrollLabel && { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 })}>
      <Table size="small" sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 56, fontWeight: 600 }}>SL</TableCell>
            {columns.map((column) => (
              <TableCell
                key={column.header}
                align={column.align}
                sx={{ width: column.width, fontWeight: 600, whiteSpace: 'nowrap' }}
              >
                {column.header}
              </TableCell>
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
                <TableCell>{serialOf(index)}</TableCell>
                {columns.map((column) => (
                  <TableCell
                    key={column.header}
                    align={column.align}
                    sx={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {column.cell(row)}
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
