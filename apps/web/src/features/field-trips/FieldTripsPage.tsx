import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DISTANCE_SOURCE_WORDS,
  FIELD_TRIP_STATE_WORDS,
  fetchFailedMessage,
  type FieldTrip,
  type FieldTripState,
} from '@school-transport/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { DataTable } from '../../components/list-page/DataTable';
import { RecordCards } from '../../components/list-page/RecordCards';
import { PageHeader } from '../../components/page/PageHeader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { PageLoader } from '../../components/shell/PageLoader';
import { useMayUse } from '../../lib/session/session';
import { formatDate, localToday } from '../../lib/time/format';
import {
  ApproveDialog,
  CompleteDialog,
  ReasonDialog,
  RequestDialog,
  ScheduleDialog,
} from './FieldTripDialogs';
import { ChildrenDialog } from './FieldTripChildrenDialog';
import { useFieldTrips, useNotices, useRunsOfWeek } from './field-trips-api';

const STATE_COLOURS: Record<
  FieldTripState,
  'default' | 'info' | 'primary' | 'success' | 'error' | 'warning'
> = {
  REQUESTED: 'warning',
  APPROVED: 'info',
  SCHEDULED: 'primary',
  COMPLETED: 'success',
  CANCELLED: 'default',
  DECLINED: 'error',
};

const money = (amount: number | null) => (amount === null ? '—' : amount.toFixed(2));

type Dialog = {
  kind: 'approve' | 'decline' | 'cancel' | 'schedule' | 'complete' | 'children';
  trip: FieldTrip;
} | null;

/** While a trip is still to run, its children may be attached (decision 078); the server refuses once a bus left. */
const childrenOpen = (trip: FieldTrip) =>
  (trip.state === 'REQUESTED' || trip.state === 'APPROVED' || trip.state === 'SCHEDULED') &&
  trip.buses.every((bus) => bus.status === 'PENDING' || bus.status === 'CANCELLED');

/** The week starting on the Monday of `day`. */
const mondayOf = (day: string) => {
  const d = dayjs(day);
  return d.subtract((d.day() + 6) % 7, 'day').format('YYYY-MM-DD');
};

/**
 * Field trips (issue 37, decision 073): the week's calendar (each day's field trips beside its regular runs), the
 * week's requests with their states, costs and what the office may do next, and the requester's notices. School
 * staff (decision 069) see their schools' requests (the server scopes the list), ask for trips and read their
 * notices; the regular runs and the office's moves are the office's (shown to the roles that may use them).
 */
export function FieldTripsPage() {
  const [monday, setMonday] = useState(() => mondayOf(localToday()));
  const sunday = dayjs(monday).add(6, 'day').format('YYYY-MM-DD');
  const trips = useFieldTrips(monday, sunday);
  const officeReads = useMayUse('office-read');
  const runsTheOffice = useMayUse('admin');
  const attachesChildren = useMayUse('request');
  const runs = useRunsOfWeek(monday, sunday, officeReads);
  const notices = useNotices();
  const [requesting, setRequesting] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const asCards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const days = Array.from({ length: 7 }, (_, i) => dayjs(monday).add(i, 'day').format('YYYY-MM-DD'));
  const close = () => setDialog(null);

  const actions = (trip: FieldTrip) => {
    const button = (
      kind: NonNullable<Dialog>['kind'],
      label: string,
      color: 'primary' | 'error' = 'primary',
    ) => (
      <Button
        key={kind}
        size="small"
        color={color}
        onClick={() => setDialog({ kind, trip })}
        aria-label={`${label}: ${trip.destinationName}, ${formatDate(trip.date)}`}
      >
        {label}
      </Button>
    );
    switch (trip.state) {
      case 'REQUESTED':
        return [button('approve', 'Approve'), button('decline', 'Decline', 'error')];
      case 'APPROVED':
        return [
          button('schedule', 'Schedule'),
          button('decline', 'Decline', 'error'),
          button('cancel', 'Cancel', 'error'),
        ];
      case 'SCHEDULED':
        return [button('complete', 'Complete'), button('cancel', 'Cancel', 'error')];
      default:
        return [];
    }
  };

  const columns: Column<FieldTrip>[] = [
    { header: 'Destination', card: 'title', cell: (trip) => trip.destinationName },
    { header: 'School', card: 'field', cell: (trip) => trip.school.name },
    {
      header: 'When',
      card: 'field',
      cell: (trip) => `${formatDate(trip.date)} ${trip.departTime}–${trip.returnTime}`,
    },
    {
      header: 'Group',
      card: 'field',
      cell: (trip) => (
        <>
          {`${trip.pupils} pupils, ${trip.adults} adults${trip.wheelchairPlaces ? `, ${trip.wheelchairPlaces} wheelchair` : ''}`}
          {trip.children > 0 && ` · ${trip.children} children listed`}
          {attachesChildren && childrenOpen(trip) && (
            <Button
              size="small"
              onClick={() => setDialog({ kind: 'children', trip })}
              aria-label={`Children: ${trip.destinationName}, ${formatDate(trip.date)}`}
            >
              Children
            </Button>
          )}
        </>
      ),
    },
    {
      header: 'State',
      card: 'field',
      cell: (trip) => (
        <span title={trip.stateReason ?? undefined}>
          <Chip size="small" color={STATE_COLOURS[trip.state]} label={FIELD_TRIP_STATE_WORDS[trip.state]} />
          {trip.stateReason ? ` ${trip.stateReason}` : ''}
        </span>
      ),
    },
    {
      header: 'Buses',
      card: 'field',
      cell: (trip) =>
        trip.buses.map((bus) => `${bus.driver.name} · ${bus.vehicle.licensePlate}`).join('; ') || '—',
    },
    {
      header: 'Cost',
      card: 'field',
      cell: (trip) =>
        trip.actualCost !== null
          ? `${money(trip.actualCost)} (actual; ${trip.actualKm ?? 0} km ${trip.distanceSource ? DISTANCE_SOURCE_WORDS[trip.distanceSource] : ''}${
              trip.distanceSource === 'MIXED'
                ? `: ${trip.distances.map((bus) => `${bus.vehiclePlate} ${bus.km} km ${DISTANCE_SOURCE_WORDS[bus.source]}`).join('; ')}`
                : ''
            })`
          : trip.estimatedCost !== null
            ? `${money(trip.estimatedCost)} (estimate)`
            : '—',
    },
    // The office's moves are administrators' (decision 069): other roles get no empty column.
    ...(runsTheOffice
      ? [
          {
            header: 'Actions',
            align: 'right',
            cell: (trip) => <>{actions(trip)}</>,
          } satisfies Column<FieldTrip>,
        ]
      : []),
  ];

  const calendar = () => (
    <Box
      role="list"
      aria-label="Week"
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(7, minmax(0, 1fr))' },
        mb: 2,
      }}
    >
      {days.map((day) => {
        const ofDay = (trips.data ?? []).filter((trip) => trip.date === day);
        const runsOfDay = (runs.data ?? []).filter((run) => run.date === day);
        return (
          <Paper key={day} variant="outlined" role="listitem" sx={{ p: 1, minHeight: 96 }}>
            <Typography variant="subtitle2">{dayjs(day).format('ddd D MMM')}</Typography>
            {ofDay.map((trip) => (
              <Chip
                key={trip.id}
                size="small"
                color={STATE_COLOURS[trip.state]}
                label={`${trip.departTime} ${trip.destinationName}`}
                sx={{ my: 0.25, maxWidth: '100%' }}
              />
            ))}
            {officeReads && (
              <Typography variant="caption" color="text.secondary" component="div">
                {runsOfDay.length ? `${runsOfDay.length} regular runs` : 'No regular runs'}
              </Typography>
            )}
            {runsOfDay.slice(0, 6).map((run) => (
              <Typography key={run.id} variant="caption" component="div" color="text.secondary" noWrap>
                {run.plannedStartAt ? dayjs(run.plannedStartAt).format('HH:mm') : '—'} {run.route.name}
              </Typography>
            ))}
          </Paper>
        );
      })}
    </Box>
  );

  const list = () => {
    if (trips.isPending) return <PageLoader />;
    if (trips.isError)
      return <RetryAlert message={fetchFailedMessage('field trips')} onRetry={() => void trips.refetch()} />;
    if (trips.data.length === 0)
      return (
        <Typography align="center" sx={{ py: 4, color: 'text.secondary' }}>
          No field trips this week.
        </Typography>
      );
    const rowKey = (trip: FieldTrip) => trip.id;
    return asCards ? (
      <RecordCards
        label="Field trips"
        columns={columns}
        rows={trips.data}
        rowKey={rowKey}
        stale={trips.isFetching}
      />
    ) : (
      <DataTable
        columns={columns}
        rows={trips.data}
        rowKey={rowKey}
        serialOf={(i) => i + 1}
        stale={trips.isFetching}
      />
    );
  };

  return (
    <>
      <PageHeader
        title="Field trips"
        action={<AddButton label="Request a trip" access="request" onClick={() => setRequesting(true)} />}
      />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button onClick={() => setMonday(dayjs(monday).subtract(7, 'day').format('YYYY-MM-DD'))}>
            Previous week
          </Button>
          <Typography component="h2" variant="subtitle1">
            {formatDate(monday)} – {formatDate(sunday)}
          </Typography>
          <Button onClick={() => setMonday(dayjs(monday).add(7, 'day').format('YYYY-MM-DD'))}>
            Next week
          </Button>
        </Stack>
        {(trips.isFetching || runs.isFetching) && !trips.isPending && (
          <LinearProgress aria-label="Loading field trips" />
        )}
        {runs.isError && (
          <RetryAlert message={fetchFailedMessage('regular runs')} onRetry={() => void runs.refetch()} />
        )}
        {calendar()}
        {list()}
      </Paper>
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mt: 2 }}>
        <Typography component="h2" variant="h6">
          Your requests’ news
        </Typography>
        {notices.isError && (
          <RetryAlert message={fetchFailedMessage('notices')} onRetry={() => void notices.refetch()} />
        )}
        {notices.data?.length === 0 && <Typography color="text.secondary">Nothing yet.</Typography>}
        <ul>
          {(notices.data ?? []).slice(0, 10).map((notice) => (
            <li key={notice.id}>
              {dayjs(notice.createdAt).format('D MMM HH:mm')}: {notice.message}
            </li>
          ))}
        </ul>
      </Paper>
      {requesting && <RequestDialog onClose={() => setRequesting(false)} />}
      {dialog?.kind === 'approve' && <ApproveDialog trip={dialog.trip} onClose={close} />}
      {dialog?.kind === 'schedule' && <ScheduleDialog trip={dialog.trip} onClose={close} />}
      {dialog?.kind === 'complete' && <CompleteDialog trip={dialog.trip} onClose={close} />}
      {dialog?.kind === 'children' && <ChildrenDialog trip={dialog.trip} onClose={close} />}
      {(dialog?.kind === 'decline' || dialog?.kind === 'cancel') && (
        <ReasonDialog trip={dialog.trip} action={dialog.kind} onClose={close} />
      )}
    </>
  );
}
