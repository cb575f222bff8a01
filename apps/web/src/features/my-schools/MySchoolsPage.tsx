import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SchoolRun, StaffSchool } from '@school-transport/shared';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page/PageHeader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { TitledPanel } from '../../components/page/TitledPanel';
import { formatMoment } from '../../lib/time/format';
import { useMySchools, useSchoolChildren, useSchoolToday } from './my-schools-api';

const STATUS_WORDS: Record<SchoolRun['status'], string> = {
  PENDING: 'Not started',
  STARTED: 'On the road',
  COMPLETED: 'Finished',
  CANCELLED: 'Cancelled',
};
const RUN_WORDS: Record<SchoolRun['type'], string> = { PICKUP: 'Morning', DROP: 'Afternoon' };

/**
 * School staff's screen (decision 069): each of their schools with its runs of today as they stand and its
 * children. Read-only: the office runs the day; the server answers only for the user's own schools.
 */
export function MySchoolsPage() {
  const schools = useMySchools();
  return (
    <>
      <PageHeader title="My schools" />
      <Loaded query={schools} what="your schools">
        {(rows) =>
          rows.length === 0 ? (
            <Alert severity="info">
              You are not linked to a school yet. Ask the office to add your school to your account.
            </Alert>
          ) : (
            <Stack spacing={3}>
              {rows.map((school) => (
                <SchoolPanel key={school.id} school={school} />
              ))}
            </Stack>
          )
        }
      </Loaded>
    </>
  );
}

function SchoolPanel({ school }: { school: StaffSchool }) {
  const today = useSchoolToday(school.id);
  const children = useSchoolChildren(school.id);
  return (
    <TitledPanel title={school.name}>
      <Stack spacing={2}>
        <Loaded query={today} what="today's runs">
          {(runs) =>
            runs.length === 0 ? (
              <Alert severity="info">No run carries this school's children today.</Alert>
            ) : (
              <SimpleTable
                label={`Runs of today, ${school.name}`}
                headers={['Run', 'Route', 'Bus', 'Planned', 'Status', 'Children']}
                rows={runs.map((run) => ({
                  key: run.id,
                  cells: [
                    RUN_WORDS[run.type],
                    run.routeName,
                    run.vehiclePlate,
                    run.plannedStartAt ? formatMoment(run.plannedStartAt) : '—',
                    <Chip
                      key="status"
                      size="small"
                      label={`${STATUS_WORDS[run.status]}${run.delayMinutes ? `, ${run.delayMinutes} min late` : ''}`}
                    />,
                    run.children,
                  ],
                }))}
              />
            )
          }
        </Loaded>
        <Loaded query={children} what="the children">
          {(rows) =>
            rows.length === 0 ? (
              <Alert severity="info">No child of this school rides a bus yet.</Alert>
            ) : (
              <SimpleTable
                label={`Children, ${school.name}`}
                headers={['Name', 'Class', 'Roll no.']}
                rows={rows.map((child) => ({
                  key: child.id,
                  cells: [child.name, child.class, child.rollNo],
                }))}
              />
            )
          }
        </Loaded>
      </Stack>
    </TitledPanel>
  );
}

/** A query's answer once it is there; a spinner while it loads, and the error with Retry if it fails. */
function Loaded<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <CircularProgress aria-label={`Loading ${what}`} />;
  if (query.isError) return <RetryAlert error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}

function SimpleTable({
  label,
  headers,
  rows,
}: {
  label: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header}>{header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, index) => (
                <TableCell key={headers[index]}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
