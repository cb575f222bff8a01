import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { closeDefectInputSchema, type Defect } from '@school-transport/shared';
import { useCloseDefect } from './inspections-api';

/** Closing a defect asks for what was done: the note is audited and may put a bus back on the road. */
export function CloseDefectDialog({ defect, onClose }: { defect: Defect; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = useCloseDefect();
  const { enqueueSnackbar } = useSnackbar();

  const confirm = () => {
    const parsed = closeDefectInputSchema.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Note is required');
      return;
    }
    close.mutate(
      { id: defect.id, note: parsed.data.note },
      {
        onSuccess: () => {
          enqueueSnackbar('Defect closed.', { variant: 'success' });
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Close defect</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {defect.licensePlate}: {defect.itemLabel}
          {defect.note ? ` — ${defect.note}` : ''}.
          {defect.outOfService &&
            ' Once closed, the vehicle may run again unless another defect keeps it off the road.'}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          label="What was done"
          value={note}
          error={Boolean(error)}
          helperText={error}
          onChange={(event) => setNote(event.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={close.isPending} onClick={confirm}>
          Close defect
        </Button>
      </DialogActions>
    </Dialog>
  );
}
