import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { stopChangeDeclineSchema, type StopChange } from '@school-transport/shared';
import { useDeclineStopChange } from './stop-changes-api';
import { whenOf } from './stop-change-words';

/** Declining asks for the reason first: the parent is told it, so it cannot be blank. */
export function DeclineDialog({ change, onClose }: { change: StopChange; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decline = useDeclineStopChange();
  const { enqueueSnackbar } = useSnackbar();

  const confirm = () => {
    const parsed = stopChangeDeclineSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Reason is required');
      return;
    }
    decline.mutate(
      { id: change.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          enqueueSnackbar('Stop change declined; the parent is told why.', { variant: 'success' });
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Dialog open onClose={decline.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Decline stop change</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {change.studentName}, {whenOf(change)}. The parent reads your reason.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          required
          label="Reason"
          value={reason}
          error={Boolean(error)}
          helperText={error}
          onChange={(event) => setReason(event.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={decline.isPending} color="inherit">
          Cancel
        </Button>
        <Button onClick={confirm} loading={decline.isPending} variant="contained" color="error">
          Decline
        </Button>
      </DialogActions>
    </Dialog>
  );
}
