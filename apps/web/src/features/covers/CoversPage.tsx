import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { fetchFailedMessage, type Cover } from '@school-transport/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { AddButton } from '../../components/list-page/AddButton';
import { useMayUse } from '../../lib/session/session';
import type { Column } from '../../components/list-page/columns';
import { DataTable } from '../../components/list-page/DataTable';
import { DayFilter } from '../../components/list-page/filter-fields';
import { RecordCards } from '../../components/list-page/RecordCards';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { PageHeader } from '../../components/page/PageHeader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { PageLoader } from '../../components/shell/PageLoader';
import { formatDate, localToday } from '../../lib/time/format';
import { CoverFormDialog } from './CoverFormDialog';
import { useCovers, useUndoCover } from './covers-api';

/** How far the list looks ahead by default: this week and the next, where covers are made. */
const DAYS_AHEAD = 13;

const RUN_WORDS = { PICKUP: 'Pickup', DROP: 'Drop' } as const;

export const coverDays = (cover: Pick<Cover, 'firstDate' | 'lastDate'>) =>
  cover.firstDate === cover.lastDate
    ? formatDate(cover.firstDate)
    : `${formatDate(cover.firstDate)} to ${formatDate(cover.lastDate)}`;

/** Who stands in, only what the cover replaces: 'Priya for Raj', 'KA-12 for KA-01', or both. */
export function substituteWords(cover: Cover): string {
  const parts = [
    cover.driver && `Driver ${cover.driver.name} for ${cover.planned.driverName}`,
    cover.vehicle && `Vehicle ${cover.vehicle.licensePlate} for ${cover.planned.vehiclePlate}`,
  ];
  return parts.filter(Boolean).join('; ');
}

/**
 * Covers (issue 34, decision 054): who stands in for a route's driver or vehicle on which days, made with 'Cover a
 * run' and undone (after a confirmation) when the plan holds again. A table on a wide screen, cards on a phone.
 */
export function CoversPage() {
  const today = localToday();
  const [dateFrom, setDateFrom] = useState(today);
  const [dateTo, setDateTo] = useState(() => dayjs(today).add(DAYS_AHEAD, 'day').format('YYYY-MM-DD'));
  const [making, setMaking] = useState(false);
  const [undoing, setUndoing] = useState<Cover | null>(null);
  const undo = useUndoCover();
  const backwards = dateTo < dateFrom;
  const covers = useCovers(dateFrom, backwards ? dateFrom : dateTo);
  const asCards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  // A viewer reads covers; dispatchers and administrators make and undo them (decision 069).
  const dispatches = useMayUse('dispatch');

  const columns: Column<Cover>[] = [
    { header: 'Route', cell: (cover) => cover.routeName, card: 'title' },
    { header: 'Days', card: 'field', cell: coverDays },
    { header: 'Run', card: 'field', cell: (cover) => (cover.run ? RUN_WORDS[cover.run] : 'Whole day') },
    { header: 'Substitute', card: 'field', cell: substituteWords },
    { header: 'Reason', card: 'field', cell: (cover) => cover.reason },
    { header: 'Made by', cell: (cover) => cover.createdBy },
    {
      header: 'Actions',
      align: 'right',
      cell: (cover) =>
        dispatches && (
          <Button
            color="error"
            onClick={() => setUndoing(cover)}
            aria-label={`Undo the cover of ${cover.routeName}, ${coverDays(cover)}`}
          >
            Undo
          </Button>
        ),
    },
  ];

  const list = () => {
    if (covers.isPending) return <PageLoader />;
    if (covers.isError)
      return <RetryAlert message={fetchFailedMessage('covers')} onRetry={() => void covers.refetch()} />;
    if (covers.data.length === 0)
      return (
        <Typography align="center" sx={{ py: 6, color: 'text.secondary' }}>
          No covers on these days: every run goes as planned.
        </Typography>
      );
    const rowKey = (cover: Cover) => cover.id;
    return asCards ? (
      <RecordCards
        label="Covers"
        columns={columns}
        rows={covers.data}
        rowKey={rowKey}
        stale={covers.isFetching}
      />
    ) : (
      <DataTable
        columns={columns}
        rows={covers.data}
        rowKey={rowKey}
        serialOf={(index) => index + 1}
        stale={covers.isFetching}
      />
    );
  };

  return (
    <>
      <PageHeader
        title="Covers"
        action={<AddButton label="Cover a run" access="dispatch" onClick={() => setMaking(true)} />}
      />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <DayFilter label="Date from" value={dateFrom} onChange={(value) => value && setDateFrom(value)} />
          <DayFilter label="Date to" value={dateTo} onChange={(value) => value && setDateTo(value)} />
        </Box>
        {backwards && (
          <Typography role="alert" color="error" sx={{ mb: 2 }}>
            Date to is before date from: showing {formatDate(dateFrom)} only.
          </Typography>
        )}
        {covers.isFetching && !covers.isPending && <LinearProgress aria-label="Loading covers" />}
        {list()}
      </Paper>
      {making && <CoverFormDialog onClose={() => setMaking(false)} />}
      {undoing && (
        <ConfirmDialog
          open
          title="Undo cover?"
          text={`${undoing.routeName}, ${coverDays(undoing)}: ${substituteWords(undoing)}. The runs that have not started go back to ${undoing.planned.driverName} and ${undoing.planned.vehiclePlate}.`}
          confirmLabel="Undo cover"
          onConfirm={() => undo.mutateAsync(undoing.id)}
          onClose={() => setUndoing(null)}
        />
      )}
    </>
  );
}
