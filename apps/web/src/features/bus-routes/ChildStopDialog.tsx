import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NearbyStop, RunSchedule } from '@school-transport/shared';
import { useId, useState } from 'react';
import { toMapPoint } from '../../components/map/coordinates';
import { formatCoordinates } from '../../lib/time/format';
import { useNearbyStops } from '../../lib/api/stop-search-api';
import { useRiderStudent } from './schedule-api';

type Rider = RunSchedule['riders'][number];

interface ChildStopDialogProps {
  /** Seated children without a stop on this run. */
  riders: readonly Rider[];
  /** Reuse a stop near the child: it joins the run (if not on it yet), the run is saved and the child tied to it. */
  onUseStop: (rider: Rider, stop: NearbyStop) => Promise<unknown>;
  /** Let the server add a stop at the child's pickup point (or reuse the nearest within 400 m) and tie the child. */
  onFromPickup: (rider: Rider) => Promise<unknown>;
  onClose: () => void;
}

function NearbyChoices({
  rider,
  busy,
  run,
}: {
  rider: Rider;
  busy: boolean;
  run: (action: 'pickup' | NearbyStop) => void;
}) {
  const student = useRiderStudent(rider.studentId);
  const point = toMapPoint(student.data?.pickupAndDropLat, student.data?.pickupAndDropLng);
  const nearby = useNearbyStops(point);

  if (student.isPending) return <CircularProgress size={24} aria-label="Loading the pickup point" />;
  if (student.isError) return <Alert severity="error">The child's pickup point could not be loaded.</Alert>;
  if (!point)
    return (
      <Alert severity="warning">
        This child has no home point yet: place their address under Review addresses first.
      </Alert>
    );
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        Pickup point {formatCoordinates(point.lat, point.lng)}
        {student.data?.pickupDropAddress ? ` (${student.data.pickupDropAddress})` : ''}
      </Typography>
      <Typography variant="subtitle2" component="h3">
        Stops within 400 m, to reuse
      </Typography>
      {nearby.isPending && <CircularProgress size={24} aria-label="Loading nearby stops" />}
      {nearby.isError && <Alert severity="error">The nearby stops could not be loaded.</Alert>}
      {nearby.data?.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No stop within 400 m.
        </Typography>
      )}
      {nearby.data && nearby.data.length > 0 && (
        <List dense aria-label="Nearby stops">
          {nearby.data.map((stop) => (
            <ListItem
              key={stop.id}
              disableGutters
              secondaryAction={
                <Button size="small" onClick={() => run(stop)} disabled={busy}>
                  Use this stop
                </Button>
              }
            >
              <ListItemText primary={stop.name} secondary={`${Math.round(stop.distanceM)} m away`} />
            </ListItem>
          ))}
        </List>
      )}
      <Button
        variant="contained"
        onClick={() => run('pickup')}
        loading={busy}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add a stop at the pickup point
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The nearest stop within 400 m is reused; without one, a new stop is made at the pickup point. Either
        way the run is saved and the child waits there.
      </Typography>
    </Stack>
  );
}

/**
 * "From a child's pickup point": choose one of the seated children who has no stop on this run, then reuse a
 * stop near their pickup point or have one made there.
 */
export function ChildStopDialog({ riders, onUseStop, onFromPickup, onClose }: ChildStopDialogProps) {
  const titleId = useId();
  const [chosen, setChosen] = useState<Rider | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const run = async (action: 'pickup' | NearbyStop) => {
    if (!chosen) return;
    setBusy(true);
    setFailed(false);
    try {
      await (action === 'pickup' ? onFromPickup(chosen) : onUseStop(chosen, action));
      onClose();
    } catch {
      // The failure's own toast says why; the dialog stays to try again.
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Add a stop from a child's pickup point</DialogTitle>
      <DialogContent>
        {failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            The stop was not added.
          </Alert>
        )}
        {riders.length === 0 ? (
          <Typography>Every seated child already has a stop on this run.</Typography>
        ) : chosen ? (
          <Stack spacing={2}>
            <Typography sx={{ fontWeight: 600 }}>
              {chosen.name} ({chosen.class})
            </Typography>
            <NearbyChoices rider={chosen} busy={busy} run={(action) => void run(action)} />
          </Stack>
        ) : (
          <List aria-label="Children without a stop">
            {riders.map((rider) => (
              <ListItemButton key={rider.studentId} onClick={() => setChosen(rider)}>
                <ListItemText primary={rider.name} secondary={rider.class} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {chosen && (
          <Button onClick={() => setChosen(null)} disabled={busy} color="inherit">
            Another child
          </Button>
        )}
        <Button onClick={onClose} disabled={busy} color="inherit">
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
