import { RetryAlert } from '../../components/page/RetryAlert';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { LiveStop, LiveTripDetails } from '@school-transport/shared';
import { useId } from 'react';
import { TripStatusChip, TripTypeChip } from '../../components/trips/TripChips';
import { formatClock, useOperatorTimeZone } from '../../lib/time/operator-time';
import { lastFixAge, onBoardText, progressText } from './board-format';
import { useLiveTrip } from './live-api';
import { useNow } from '../../lib/time/use-now';
import { SignalText } from './SignalText';
import { latenessText } from '../../lib/live/staleness';
import { PlannedLine, TripChangeNotes } from './TripChangeLines';

type StopState = 'left' | 'here' | 'coming';

const stateOf = (stop: LiveStop): StopState =>
  stop.departedAt ? 'left' : stop.arrivedAt ? 'here' : 'coming';

/** 'Planned 07:40 · Arrived 07:42 · Left 07:43', or 'Planned 07:40 · ETA 07:44' for a stop still ahead. */
function stopTimes(stop: LiveStop, timeZone: string): string {
  const clock = (iso: string) => formatClock(iso, timeZone);
  const parts = [stop.plannedAt ? `Planned ${clock(stop.plannedAt)}` : 'No planned time'];
  if (stop.arrivedAt) parts.push(`Arrived ${clock(stop.arrivedAt)}`);
  if (stop.departedAt) parts.push(`Left ${clock(stop.departedAt)}`);
  if (!stop.arrivedAt && stop.eta) parts.push(`ETA ${clock(stop.eta)}`);
  return parts.join(' · ');
}

function StopRow({ stop, timeZone }: { stop: LiveStop; timeZone: string }) {
  const state = stateOf(stop);
  return (
    <Box
      component="li"
      sx={{
        position: 'relative',
        listStyle: 'none',
        pl: 3.5,
        pb: 1.5,
        // The line joining the stops, and a dot filled once the bus has reached the stop.
        '&::before': {
          content: '""',
          position: 'absolute',
          left: 7,
          top: 14,
          bottom: 0,
          borderLeft: 2,
          borderColor: 'divider',
        },
        '&:last-of-type::before': { display: 'none' },
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          left: 0,
          top: 4,
          width: 16,
          height: 16,
          borderRadius: '50%',
          border: 2,
          borderColor: 'text.primary',
          bgcolor: state === 'coming' ? 'background.paper' : 'text.primary',
        }}
      />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {stop.position}. {stop.name}
        {state === 'here' && ' (bus at the stop)'}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {stopTimes(stop, timeZone)}
      </Typography>
    </Box>
  );
}

function TimelineBody({ details }: { details: LiveTripDetails }) {
  const timeZone = useOperatorTimeZone();
  const now = useNow();
  const { trip, stops } = details;
  const lateness = latenessText(trip.lateMinutes);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <TripTypeChip type={trip.type} />
        <TripStatusChip status={trip.status} />
      </Box>
      <Typography variant="body2">
        {trip.driverName} · {trip.vehiclePlate}
      </Typography>
      <PlannedLine trip={trip} />
      <TripChangeNotes trip={trip} />
      <Typography variant="body2">
        {progressText(trip)} · {onBoardText(trip.onBoard)}
        {lateness && ` · ${lateness}`}
      </Typography>
      {trip.status === 'STARTED' && (
        <Typography variant="body2">
          <SignalText age={lastFixAge(trip, now)} />
        </Typography>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>
        Stops
      </Typography>
      {stops.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>This trip has no stops.</Typography>
      ) : (
        <Box component="ol" aria-label="Stop timeline" sx={{ m: 0, p: 0 }}>
          {stops.map((stop) => (
            <StopRow key={stop.position} stop={stop} timeZone={timeZone} />
          ))}
        </Box>
      )}
    </>
  );
}

/**
 * A trip's stops as planned, as they happened and as estimated, beside the map (a sheet from the bottom on a
 * phone, where there is no room beside it).
 */
export function TripTimeline({ tripId, onClose }: { tripId: string | null; onClose: () => void }) {
  const theme = useTheme();
  const phone = !useMediaQuery(theme.breakpoints.up('sm'));
  const { data, error, refetch } = useLiveTrip(tripId);
  const titleId = useId();

  let body;
  if (error && !data) {
    body = <RetryAlert error={error} onRetry={() => void refetch()} />;
  } else if (!data) {
    body = <Skeleton height={120} />;
  } else {
    body = <TimelineBody details={data} />;
  }

  return (
    <Drawer
      anchor={phone ? 'bottom' : 'right'}
      open={tripId !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: phone
            ? { maxHeight: '75vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 }
            : { width: 380 },
        },
      }}
    >
      <Box sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {data ? data.trip.routeName : 'Trip'}
          </Typography>
          <IconButton aria-label="Close the trip's stops" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        {body}
      </Box>
    </Drawer>
  );
}
