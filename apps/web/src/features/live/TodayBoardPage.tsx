import { RetryAlert } from '../../components/page/RetryAlert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { BoardTrip } from '@school-transport/shared';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page/PageHeader';
import { TripStatusChip, TripTypeChip } from '../../components/trips/TripChips';
import { formatTripDay } from '../../lib/time/format';
import { useOperatorTimeZone } from '../../lib/time/operator-time';
import { paths } from '../../lib/paths/paths';
import { AlertsPanel } from './AlertsPanel';
import {
  lastFixAge,
  nextStopText,
  onBoardText,
  plannedInstead,
  progressPercent,
  progressText,
} from './board-format';
import { DayChangesPanel } from './DayChangesPanel';
import { PlannedLine, TripChangeNotes } from './TripChangeLines';
import { ConnectionStatus } from './ConnectionStatus';
import { useBoard } from './live-api';
import { useFollowLive } from './live-follow';
import { useNow } from '../../lib/time/use-now';
import { SignalText } from './SignalText';
import { latenessText } from '../../lib/live/staleness';

function Progress({ trip }: { trip: BoardTrip }) {
  const text = progressText(trip);
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2">{text}</Typography>
      <LinearProgress
        variant="determinate"
        value={progressPercent(trip)}
        aria-label={`Progress of ${trip.routeName}: ${text}`}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}

/** How the trip runs against its plan; only a trip under way (or done) has something to compare. */
function Lateness({ trip }: { trip: BoardTrip }) {
  const text =
    trip.status === 'PENDING' || trip.status === 'CANCELLED' ? null : latenessText(trip.lateMinutes);
  if (!text) return <>—</>;
  const late = (trip.lateMinutes ?? 0) >= 1;
  return (
    <Box component="span" sx={{ color: late ? 'error.main' : 'text.primary', fontWeight: late ? 600 : 400 }}>
      {text}
    </Box>
  );
}

/** The last fix's age, for a trip that is running: finished and pending trips send nothing to judge. */
function Signal({ trip, now }: { trip: BoardTrip; now: number }) {
  if (trip.status !== 'STARTED') return <>—</>;
  return <SignalText age={lastFixAge(trip, now)} />;
}

/** Who drives, and under it who was planned when a cover changed it (plannedInstead): "planned: Raj". */
function WithPlanned({ now, planned }: { now: string; planned: string | null }) {
  return (
    <>
      {now}
      {planned && (
        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
          planned: {planned}
        </Typography>
      )}
    </>
  );
}

const tripLink = (trip: BoardTrip) => (
  <Link component={RouterLink} to={paths.trips.details(trip.tripId)} sx={{ fontWeight: 600 }}>
    {trip.routeName}
  </Link>
);

function BoardTable({ trips, now, timeZone }: { trips: BoardTrip[]; now: number; timeZone: string }) {
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label="Trips of the day">
        <TableHead>
          <TableRow>
            {[
              'Route',
              'Driver',
              'Vehicle',
              'Status',
              'Progress',
              'On board',
              'Against plan',
              'Next stop',
              'Signal',
              'Alerts',
            ].map((header) => (
              <TableCell key={header} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {trips.map((trip) => (
            <TableRow key={trip.tripId} aria-label={`${trip.routeName}, ${trip.type}`}>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  {tripLink(trip)}
                  <TripTypeChip type={trip.type} />
                </Stack>
              </TableCell>
              <TableCell>
                <WithPlanned now={trip.driverName} planned={plannedInstead(trip).driver} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <WithPlanned now={trip.vehiclePlate} planned={plannedInstead(trip).vehicle} />
              </TableCell>
              <TableCell>
                <TripStatusChip status={trip.status} />
                <TripChangeNotes trip={trip} />
              </TableCell>
              <TableCell>
                <Progress trip={trip} />
              </TableCell>
              <TableCell>{trip.onBoard}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Lateness trip={trip} />
              </TableCell>
              <TableCell>{trip.status === 'STARTED' ? nextStopText(trip.nextStop, timeZone) : '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Signal trip={trip} now={now} />
              </TableCell>
              <TableCell>{trip.openAlerts}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A phone has no room for ten columns: one card per trip, the same facts in reading order. */
function BoardCards({ trips, now, timeZone }: { trips: BoardTrip[]; now: number; timeZone: string }) {
  return (
    <Stack component="ul" aria-label="Trips of the day" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {trips.map((trip) => (
        <Paper key={trip.tripId} component="li" aria-label={`${trip.routeName}, ${trip.type}`} sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
            {tripLink(trip)}
            <TripTypeChip type={trip.type} />
            <TripStatusChip status={trip.status} />
          </Box>
          <Typography variant="body2">
            {trip.driverName} · {trip.vehiclePlate}
          </Typography>
          <PlannedLine trip={trip} />
          <TripChangeNotes trip={trip} />
          <Box sx={{ my: 1 }}>
            <Progress trip={trip} />
          </Box>
          <Typography variant="body2">
            {onBoardText(trip.onBoard)} · <Lateness trip={trip} />
          </Typography>
          {trip.status === 'STARTED' && (
            <>
              <Typography variant="body2">Next stop: {nextStopText(trip.nextStop, timeZone)}</Typography>
              <Typography variant="body2">
                <Signal trip={trip} now={now} />
              </Typography>
            </>
          )}
          {trip.openAlerts > 0 && (
            <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }}>
              {trip.openAlerts === 1 ? '1 open alert' : `${trip.openAlerts} open alerts`}
            </Typography>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function Board() {
  const { data: trips, error, refetch } = useBoard();
  const timeZone = useOperatorTimeZone();
  const now = useNow();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));

  if (error && !trips) {
    return <RetryAlert error={error} onRetry={() => void refetch()} />;
  }
  if (!trips) {
    return (
      <Stack spacing={1} aria-label="Loading the trips of the day" role="status">
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  }
  if (trips.length === 0) {
    return (
      <Paper sx={{ p: 3 }}>
        <Typography>No trips today.</Typography>
      </Paper>
    );
  }
  return wide ? (
    <BoardTable trips={trips} now={now} timeZone={timeZone} />
  ) : (
    <BoardCards trips={trips} now={now} timeZone={timeZone} />
  );
}

/** The operator's calendar day now: 'today' is the operator's, wherever the dispatcher sits. */
function operatorToday(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}

/** Every trip of the day as it runs: progress, children on board, lateness and the next stop's estimate. */
export function TodayBoardPage() {
  useFollowLive();
  const timeZone = useOperatorTimeZone();
  return (
    <>
      <PageHeader
        title="Today"
        current={`Today, ${formatTripDay(operatorToday(timeZone))}`}
        showBack={false}
        action={<ConnectionStatus />}
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, xl: 9 }}>
          <Board />
        </Grid>
        {/* Before the trips on a narrow screen: an alert is what needs a person first. */}
        <Grid size={{ xs: 12, xl: 3 }} sx={{ order: { xs: -1, xl: 0 } }}>
          <Stack spacing={3}>
            <AlertsPanel />
            <DayChangesPanel />
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}
