import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReportTable } from '@school-transport/shared';
import { formatCell } from './report-views';

const alignOf = (kind: string) => (kind === 'number' || kind === 'percent' ? 'right' : 'left');

/** Every row of a report, its columns as the server named them; scrolls sideways on a phone. */
export function ReportTableView({ table }: { table: ReportTable }) {
  return (
    <TableContainer sx={{ maxHeight: 480, overflowX: 'auto' }}>
      <Table size="small" stickyHeader aria-label={table.title}>
        <TableHead>
          <TableRow>
            {table.columns.map((column) => (
              <TableCell key={column.key} align={alignOf(column.kind)} sx={{ whiteSpace: 'nowrap' }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row, index) => (
            <TableRow key={index}>
              {table.columns.map((column) => (
                <TableCell key={column.key} align={alignOf(column.kind)}>
                  {formatCell(row[column.key] ?? null, column)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
