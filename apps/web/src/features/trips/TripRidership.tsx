import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { fetchFailedMessage, type Manifest } from '@school-transport/shared';
import type { ReactNode } from 'react';
import { countOf, formatCoordinates } from '../../lib/time/format';
import { formatClock, formatClockSeconds, useOperatorTimeZone } from '../../lib/time/operator-time';
import { useTripManifest } from './manifest-api';
import { FLAG_LABELS, KIND_LABELS, METHOD_LABELS, STATE_LABELS } from './ridership-format';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The operator's rule for a child no authorized adult came for (decision 065), as the office reads it. */
const NO_ADULT_RULE_WORDS = {
  KEEP_ON_BOARD: 'kept on the bus',
  RETURN_TO_SCHOOL: 'taken back to school',
  RETURN_TO_DEPOT: 'taken to the depot',
} as const;

const Empty = ({ children }: { children: ReactNode }) => (
  <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
);

function StopTimeline({ manifest, timeZone }: { manifest: Manifest; timeZone: string }) {
  const clock = (at: string | null) => (at ? formatClock(at, timeZone) : '—');
  if (manifest.stops.length === 0)
    return <Empty>No stops: the route had no schedule for this run when the trip was made.</Empty>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Stop timeline">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Stop</TableCell>
            <TableCell>Planned</TableCell>
            <TableCell>Arrived</TableCell>
            <TableCell>Departed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {/* Numbered by order, whatever the stored positions start from. */}
          {manifest.stops.map((stop, index) => (
            <TableRow key={stop.position}>
              <TableCell>{index + 1}</TableCell>
              <TableCell>{stop.name}</TableCell>
              <TableCell>{clock(stop.plannedAt)}</TableCell>
              <TableCell>{clock(stop.arrivedAt)}</TableCell>
              <TableCell>{clock(stop.departedAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Scans({ manifest, timeZone }: { manifest: Manifest; timeZone: string }) {
  if (manifest.events.length === 0) return <Empty>No scans yet.</Empty>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Scans">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Child</TableCell>
            <TableCell>What</TableCell>
            <TableCell>How</TableCell>
            <TableCell>Where</TableCell>
            <TableCell>Flags</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {manifest.events.map((event) => (
            <TableRow key={event.eventId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatClockSeconds(event.occurredAt, timeZone)}
              </TableCell>
              <TableCell>{event.studentName ?? (event.tagId ? `Tag ${event.tagId}` : '—')}</TableCell>
              <TableCell>
                {KIND_LABELS[event.kind]}
                {event.receivedBy && ` — received by ${event.receivedBy.name} (${event.receivedBy.relation})`}
              </TableCell>
              <TableCell>{METHOD_LABELS[event.method]}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {event.lat !== null && event.lng !== null ? formatCoordinates(event.lat, event.lng) : '—'}
              </TableCell>
              <TableCell>
                {event.flag ? <Chip size="small" color="warning" label={FLAG_LABELS[event.flag]} /> : '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Riders({ manifest }: { manifest: Manifest }) {
  const boarded = manifest.riders.filter((rider) => rider.state === 'ON_BUS');
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="subtitle2" component="h3">
          On the bus now: {countOf(boarded.length, 'child', 'children')}
        </Typography>
        {boarded.length > 0 && <Typography>{boarded.map((rider) => rider.name).join(', ')}</Typography>}
      </div>
      {manifest.riders.length === 0 ? (
        <Empty>No children on this trip.</Empty>
      ) : (
        <Stack
          component="ul"
          spacing={0.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label="Where each child is"
        >
          {manifest.riders.map((rider) => (
            <li key={rider.studentId}>
              <Typography>
                {rider.name} ({rider.class}) — {STATE_LABELS[rider.state]}
                {rider.handOverMiss &&
                  `: kept on board, no authorized adult at ${rider.handOverMiss.stopName ?? 'the stop'} (${NO_ADULT_RULE_WORDS[rider.handOverMiss.rule]})`}
              </Typography>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The trip as it runs: planned start, stop timeline, every scan, where each child is and how it ended.
 * `driverFinished`: the driver finished it (not the office's cancellation or a handover, whose reasons the trip's
 * overview shows), so a reason on it is why they finished with children on board.
 */
export function TripRidership({
  tripId,
  running,
  driverFinished,
}: {
  tripId: string;
  running: boolean;
  driverFinished: boolean;
}) {
  const timeZone = useOperatorTimeZone();
  const manifest = useTripManifest(tripId, running);

  if (manifest.isPending) return <CircularProgress aria-label="Loading the trip's stops and scans" />;
  if (manifest.isError || !manifest.data)
    return <Alert severity="error">{fetchFailedMessage('ridership')}</Alert>;
  const data = manifest.data;
  return (
    <Stack spacing={3}>
      {driverFinished && data.finishReason && (
        <Alert severity="warning">
          Finished with children on board. The driver's reason: {data.finishReason}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Section title="Stop timeline">
            <StopTimeline manifest={data} timeZone={timeZone} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Section title="Riders">
            <Riders manifest={data} />
          </Section>
        </Grid>
      </Grid>
      <Section title={`Scans (${data.events.length})`}>
        <Scans manifest={data} timeZone={timeZone} />
      </Section>
    </Stack>
  );
}
