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
import { useAddShift, useCorrectShift } from './drivers-hours-api';

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

/** What the dialog sets: an existing shift's times, or a new shift for a driver who never clocked in. */
export type ShiftTimesTarget =
  | { kind: 'correct'; shift: Shift; driverName: string }
  | { kind: 'add'; driverId: string; driverName: string };

/** What the driver tapped, for the correction's introduction. */
function tapsOf(shift: Shift): string {
  if (!shift.tappedInAt) return 'added by the office, no taps';
  const out = shift.tappedOutAt ? `, clocked out ${formatMoment(shift.tappedOutAt)}` : ', no clock-out';
  return `clocked in ${formatMoment(shift.tappedInAt)}${out}`;
}

/**
 * The office sets a shift's times (a forgotten clock-out, a wrong tap), or adds the shift of a driver who never
 * clocked in, and says why: the reason is kept with the shift and in the audit log, and the driver's own taps stay
 * as they were. One form for both: the same fields, schema and refusals (an overlap, a future clock-out).
 */
export function ShiftTimesDialog({ target, onClose }: { target: ShiftTimesTarget; onClose: () => void }) {
  const shift = target.kind === 'correct' ? target.shift : null;
  const [clockIn, setClockIn] = useState(localInput(shift?.clockInAt ?? null));
  const [clockOut, setClockOut] = useState(localInput(shift?.clockOutAt ?? null));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const correct = useCorrectShift();
  const add = useAddShift();
  const saving = correct.isPending || add.isPending;
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
    const handlers = {
      onSuccess: () => {
        enqueueSnackbar(target.kind === 'correct' ? 'Shift corrected.' : 'Shift added.', {
          variant: 'success',
        });
        onClose();
      },
      onError: (failure: Error) => {
        // The server's refusal goes next to the field it names (an overlap: the clock-in), or under the reason.
        const field = (failure instanceof ApiError && (failure.errors?.[0]?.field as Field)) || 'reason';
        setErrors({ [field]: failure.message });
      },
    };
    if (target.kind === 'correct') correct.mutate({ id: target.shift.id, input: parsed.data }, handlers);
    else add.mutate({ driverId: target.driverId, input: parsed.data }, handlers);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{shift ? 'Correct shift' : 'Add a missed shift'}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {shift
            ? `${target.driverName}, ${tapsOf(shift)}. The driver’s taps are kept; the corrected times count for the timesheet.`
            : `${target.driverName} did not clock in. The shift counts for the timesheet and shows who added it and why.`}
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
        <Button variant="contained" loading={saving} onClick={save}>
          {shift ? 'Save correction' : 'Add shift'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
