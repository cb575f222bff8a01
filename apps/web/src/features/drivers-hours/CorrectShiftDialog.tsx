import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { shiftCorrectionInputSchema, type Shift } from '@school-transport/shared';
import { ApiError } from '../../lib/api/api-client';
import { formatMoment } from '../../lib/time/format';
import { useCorrectShift } from './drivers-hours-api';

type Field = 'clockInAt' | 'clockOutAt' | 'reason';

/** An instant as a datetime-local field reads it, on this computer's clock: 2026-03-02T07:05. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an instant; '' when the field is empty or unreadable (the schema then says so). */
function instantOf(local: string): string {
  const time = local ? new Date(local).getTime() : Number.NaN;
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

/**
 * The office sets a shift's times (a forgotten clock-out, a wrong tap) and says why: the reason is kept with the
 * shift and in the audit log, and the driver's own taps stay as they were.
 */
export function CorrectShiftDialog({
  shift,
  driverName,
  onClose,
}: {
  shift: Shift;
  driverName: string;
  onClose: () => void;
}) {
  const [clockIn, setClockIn] = useState(localInput(shift.clockInAt));
  const [clockOut, setClockOut] = useState(localInput(shift.clockOutAt));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const correct = useCorrectShift();
  const { enqueueSnackbar } = useSnackbar();

  const save = () => {
    const parsed = shiftCorrectionInputSchema.safeParse({
      clockInAt: instantOf(clockIn),
      clockOutAt: instantOf(clockOut),
      reason,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    correct.mutate(
      { id: shift.id, input: parsed.data },
      {
        onSuccess: () => {
          enqueueSnackbar('Shift corrected.', { variant: 'success' });
          onClose();
        },
        onError: (failure) => {
          // The server's refusal goes next to the field it names (an overlap: the clock-in), or under the reason.
          const field = (failure instanceof ApiError && (failure.errors?.[0]?.field as Field)) || 'reason';
          setErrors({ [field]: failure.message });
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Correct shift</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {driverName}, clocked in {formatMoment(shift.tappedInAt)}
          {shift.tappedOutAt ? `, clocked out ${formatMoment(shift.tappedOutAt)}` : ', no clock-out'}. The
          driver’s taps are kept; the corrected times count for the timesheet.
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            type="datetime-local"
            label="Clock in"
            value={clockIn}
            onChange={(event) => setClockIn(event.target.value)}
            error={Boolean(errors.clockInAt)}
            helperText={errors.clockInAt}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="datetime-local"
            label="Clock out"
            value={clockOut}
            onChange={(event) => setClockOut(event.target.value)}
            error={Boolean(errors.clockOutAt)}
            helperText={errors.clockOutAt}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Reason"
            multiline
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(errors.reason)}
            helperText={errors.reason ?? 'Kept with the shift and in the audit log'}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={correct.isPending} onClick={save}>
          Save correction
        </Button>
      </DialogActions>
    </Dialog>
  );
}
