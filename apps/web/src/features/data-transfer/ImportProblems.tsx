import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportReport } from '@school-transport/shared';

/** Every problem the dry run found, by line of the file and column. */
export function ImportProblems({ report }: { report: ImportReport }) {
  const shown = report.problems.length;
  return (
    <>
      <Typography role="status" sx={{ color: 'error.main', fontWeight: 600, my: 2 }}>
        {report.problemCount === 1 ? '1 problem' : `${report.problemCount.toLocaleString()} problems`} to fix
        {report.problemCount > shown ? ` (the first ${shown} are shown)` : ''}: nothing was written.
      </Typography>
      <TableContainer sx={{ maxHeight: 420 }}>
        <Table size="small" stickyHeader aria-label="Problems in the file">
          <TableHead>
            <TableRow>
              <TableCell>Line</TableCell>
              <TableCell>Column</TableCell>
              <TableCell>Problem</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.problems.map((problem, index) => (
              <TableRow key={index}>
                <TableCell>{problem.row}</TableCell>
                <TableCell>{problem.column ?? '—'}</TableCell>
                <TableCell>{problem.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
