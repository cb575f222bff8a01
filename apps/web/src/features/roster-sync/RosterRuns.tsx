import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RosterCounts, RosterRun } from '@school-transport/shared';
import { TitledPanel } from '../../components/page/TitledPanel';

const countsText = (counts: RosterCounts) =>
  (['students', 'guardians', 'schools'] as const)
    .map((kind) => `${kind}: +${counts[kind].added} ~${counts[kind].changed} −${counts[kind].removed}`)
    .join('; ');

/** The last runs, newest first: when, from where, a dry run or an apply, by whom, and what it found or why it failed. */
export function RosterRuns({ runs }: { runs: RosterRun[] }) {
  return (
    <TitledPanel title="Last runs">
      {runs.length === 0 ? (
        <Typography color="text.secondary">No sync has run yet.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Last runs">
            <TableHead>
              <TableRow>
                <TableCell>Started</TableCell>
                <TableCell>Run</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Outcome</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.map((run) => (
                <TableRow key={run.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {new Date(run.startedAt).toLocaleString()}
                  </TableCell>
                  <TableCell>
                    {run.mode === 'apply' ? 'Apply' : 'Dry run'} of{' '}
                    {run.origin === 'bundle' ? 'a bundle' : 'the endpoint'}
                  </TableCell>
                  <TableCell>{run.by ?? 'Schedule'}</TableCell>
                  <TableCell>
                    {run.outcome === 'failed' ? (
                      <Typography color="error" variant="body2">
                        Failed: {run.error}
                      </Typography>
                    ) : (
                      run.counts && countsText(run.counts)
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </TitledPanel>
  );
}
