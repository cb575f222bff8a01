import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  fetchFailedMessage,
  trackerDeviceInputSchema,
  type TrackerDevice,
  type Vehicle,
} from '@school-transport/shared';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { serverProblems } from '../../components/form/useSchemaForm';
import { formatMoment } from '../../lib/time/format';
import {
  trackerServerUrl,
  useAddTracker,
  useRemoveTracker,
  useVehicleTrackers,
  type CreatedTracker,
} from './trackers-api';

/** What to set in Traccar Client, shown once after adding: the key is kept only as a hash. */
function NewTrackerSetup({ tracker }: { tracker: CreatedTracker }) {
  return (
    <Alert severity="success">
      <Stack spacing={1}>
        <Typography>Tracker {tracker.deviceId} added. Copy these now: the key is not shown again.</Typography>
        <TextField
          label="Device identifier"
          value={tracker.deviceId}
          size="small"
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField
          label="Server URL (with the key)"
          value={trackerServerUrl(window.location.origin, tracker.secret)}
          size="small"
          multiline
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Typography variant="body2">
          In Traccar Client, set the device identifier and the server URL above; it then reports the bus's
          position while a trip runs.
        </Typography>
      </Stack>
    </Alert>
  );
}

/** The GPS trackers of a vehicle: listed, added (the key shown once) and removed. */
export function TrackersDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const titleId = useId();
  const trackers = useVehicleTrackers(vehicle.id);
  const add = useAddTracker();
  const remove = useRemoveTracker();
  const [deviceId, setDeviceId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedTracker | null>(null);
  const [removing, setRemoving] = useState<TrackerDevice | null>(null);

  const submit = async () => {
    const parsed = trackerDeviceInputSchema.safeParse({ deviceId, vehicleId: vehicle.id });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the device id');
      return;
    }
    setProblem(null);
    try {
      const answer = await add.mutateAsync(parsed.data);
      if (answer.data) setCreated(answer.data);
      setDeviceId('');
    } catch (error) {
      setProblem(serverProblems(error).join(' '));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Trackers of {vehicle.licensePlate}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {created && <NewTrackerSetup tracker={created} />}
          {trackers.isPending && <CircularProgress size={24} aria-label="Loading trackers" />}
          {trackers.isError && <Alert severity="error">{fetchFailedMessage('trackers')}</Alert>}
          {trackers.data?.length === 0 && (
            <Typography sx={{ color: 'text.secondary' }}>
              No trackers: the bus's position comes from the driver app alone.
            </Typography>
          )}
          {trackers.data && trackers.data.length > 0 && (
            <List aria-label="Trackers">
              {trackers.data.map((tracker) => (
                <ListItem
                  key={tracker.id}
                  divider
                  disableGutters
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Remove tracker ${tracker.deviceId}`}
                      onClick={() => setRemoving(tracker)}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={tracker.deviceId}
                    secondary={
                      tracker.lastSeenAt ? `Last report ${formatMoment(tracker.lastSeenAt)}` : 'No report yet'
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
          >
            <TextField
              label="Device identifier"
              size="small"
              value={deviceId}
              onChange={(event) => setDeviceId(event.target.value)}
              error={problem !== null}
              helperText={problem ?? 'As Traccar Client shows it, e.g. 123456'}
              autoComplete="off"
              sx={{ flex: '1 1 220px' }}
            />
            <Button type="submit" variant="outlined" loading={add.isPending}>
              Add tracker
            </Button>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this tracker?"
        text={removing ? `Positions from ${removing.deviceId} will be refused from now on.` : ''}
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove.mutateAsync(removing.id) : undefined)}
        onClose={() => setRemoving(null)}
      />
    </Dialog>
  );
}
