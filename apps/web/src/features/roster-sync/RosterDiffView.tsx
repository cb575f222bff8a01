import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ROSTER_KINDS, type RosterDiff, type RosterDiffRow, type RosterKind } from '@school-transport/shared';

const KIND_LABELS: Record<RosterKind, string> = {
  schools: 'Schools',
  students: 'Students',
  guardians: 'Guardians',
};
const LISTS = [
  { key: 'addedRows', count: 'added', label: 'Added' },
  { key: 'changedRows', count: 'changed', label: 'Changed' },
  { key: 'removedRows', count: 'removed', label: 'Deactivated' },
] as const;

/** Whether a diff changes anything at all. */
export const changesAnything = (diff: RosterDiff) =>
  ROSTER_KINDS.some((kind) => diff[kind].added + diff[kind].changed + diff[kind].removed > 0) ||
  diff.links.added + diff.links.removed > 0;

function RowList({ title, rows, total }: { title: string; rows: RosterDiffRow[]; total: number }) {
  if (total === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h4">
        {title} ({total.toLocaleString()}){rows.length < total ? `: the first ${rows.length}` : ''}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, maxHeight: 200, overflow: 'auto' }}>
        {rows.map((row) => (
          <li key={row.sourcedId}>
            {row.name}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({row.sourcedId})
            </Typography>
            {row.fields ? ` — ${row.fields.join(', ')}` : ''}
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** What a dry run found (or an apply wrote): counts per kind, then the first rows of each list, then warnings. */
export function RosterDiffView({ diff }: { diff: RosterDiff }) {
  return (
    <Stack spacing={2}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Differences">
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell align="right">Added</TableCell>
              <TableCell align="right">Changed</TableCell>
              <TableCell align="right">Deactivated</TableCell>
              <TableCell align="right">Unchanged</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ROSTER_KINDS.map((kind) => (
              <TableRow key={kind}>
                <TableCell component="th" scope="row">
                  {KIND_LABELS[kind]}
                </TableCell>
                <TableCell align="right">{diff[kind].added.toLocaleString()}</TableCell>
                <TableCell align="right">{diff[kind].changed.toLocaleString()}</TableCell>
                <TableCell align="right">{diff[kind].removed.toLocaleString()}</TableCell>
                <TableCell align="right">{diff[kind].unchanged.toLocaleString()}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row">
                Guardian links
              </TableCell>
              <TableCell align="right">{diff.links.added.toLocaleString()}</TableCell>
              <TableCell align="right">—</TableCell>
              <TableCell align="right">{diff.links.removed.toLocaleString()}</TableCell>
              <TableCell align="right">—</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Box>
      {!changesAnything(diff) && (
        <Alert severity="success">The records already match the roster: nothing to change.</Alert>
      )}
      {ROSTER_KINDS.map((kind) =>
        LISTS.some((list) => diff[kind][list.count] > 0) ? (
          <Stack key={kind} spacing={1}>
            <Typography variant="subtitle1" component="h3">
              {KIND_LABELS[kind]}
            </Typography>
            {LISTS.map((list) => (
              <RowList
                key={list.key}
                title={list.label}
                rows={diff[kind][list.key]}
                total={diff[kind][list.count]}
              />
            ))}
          </Stack>
        ) : null,
      )}
      {diff.warningCount > 0 && (
        <Alert severity="warning">
          {diff.warningCount.toLocaleString()} record{diff.warningCount === 1 ? '' : 's'} left out:
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {diff.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Stack>
  );
}
