import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import {
  STOP_CHANGE_RUNS,
  WEEKDAYS,
  stopChangeInputSchema,
  stopChangeRequestOf,
  stopsServing,
  stopTargetKey,
  type StopChangeKind,
  type StopChangeRun,
  type Student,
} from '@school-transport/shared';
import { ApiError } from '../../lib/api/api-client';
import { localToday } from '../../lib/time/format';
import { useDebouncedValue } from '../../lib/time/use-debounced-value';
import { useEnterStopChange, useStopOptions, useStudentSearch } from './stop-changes-api';
import { RUN_LABELS, weekdayName } from './stop-change-words';

type Errors = Partial<Record<string, string>>;

function StudentPicker({ error, onPick }: { error?: string; onPick: (student: Student | null) => void }) {
  const [search, setSearch] = useState('');
  const students = useStudentSearch(useDebouncedValue(search, 250));
  return (
    <Autocomplete<Student>
      options={students.data ?? []}
      loading={students.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(student) => `${student.name} · ${student.class}`}
      onInputChange={(_, value) => setSearch(value)}
      onChange={(_, student) => onPick(student)}
      renderInput={(params) => (
        <TextField {...params} label="Child" required error={Boolean(error)} helperText={error} />
      )}
    />
  );
}

/**
 * The office enters a change itself (a parent phoned): saved approved at once, after the same seat check an
 * approval makes. The schema is the server's; a refusal (no seat, a stop the run lacks) shows above the buttons.
 */
export function EnterStopChangeDialog({ onClose }: { onClose: () => void }) {
  const [student, setStudent] = useState<Student | null>(null);
  const [kind, setKind] = useState<StopChangeKind>('ONE_OFF');
  const [date, setDate] = useState(localToday());
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [validFrom, setValidFrom] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [run, setRun] = useState<StopChangeRun>('PICKUP');
  const [target, setTarget] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const options = useStopOptions(true);
  const enter = useEnterStopChange();
  const { enqueueSnackbar } = useSnackbar();
  const served = stopsServing(options.data ?? [], run);

  const save = () => {
    const parsed = stopChangeInputSchema.safeParse(
      stopChangeRequestOf({
        studentId: student?.id ?? '',
        kind,
        date,
        weekdays,
        validFrom,
        validUntil,
        run,
        target,
        note,
      }),
    );
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      // One target field: a missing route or stop is "choose a stop".
      found.target = found.assignmentId ?? found.stopId;
      setErrors(found);
      return;
    }
    setErrors({});
    setRefusal(null);
    enter.mutate(parsed.data, {
      onSuccess: () => {
        enqueueSnackbar('Stop change saved and approved.', { variant: 'success' });
        onClose();
      },
      onError: (failure) =>
        setRefusal(failure instanceof ApiError ? failure.message : 'The change could not be saved.'),
    });
  };

  const toggleDay = (day: number) =>
    setWeekdays((days) => (days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort()));

  return (
    <Dialog open onClose={enter.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Enter a stop change</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {refusal && (
            <FormHelperText error role="alert">
              {refusal}
            </FormHelperText>
          )}
          <StudentPicker error={errors.studentId} onPick={setStudent} />
          <FormControl>
            <FormLabel id="stop-change-kind">When</FormLabel>
            <RadioGroup
              row
              aria-labelledby="stop-change-kind"
              value={kind}
              onChange={(event) => setKind(event.target.value as StopChangeKind)}
            >
              <FormControlLabel value="ONE_OFF" control={<Radio />} label="One date" />
              <FormControlLabel value="WEEKLY" control={<Radio />} label="Every week" />
            </RadioGroup>
          </FormControl>
          {kind === 'ONE_OFF' ? (
            <TextField
              type="date"
              label="Date"
              required
              value={date}
              onChange={(event) => setDate(event.target.value)}
              error={Boolean(errors.date)}
              helperText={errors.date}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ) : (
            <>
              <FormControl error={Boolean(errors.weekdays)} component="fieldset">
                <FormLabel component="legend">Weekdays</FormLabel>
                <FormGroup row>
                  {WEEKDAYS.map((day) => (
                    <FormControlLabel
                      key={day}
                      control={<Checkbox checked={weekdays.includes(day)} onChange={() => toggleDay(day)} />}
                      label={weekdayName(day)}
                    />
                  ))}
                </FormGroup>
                {errors.weekdays && <FormHelperText>{errors.weekdays}</FormHelperText>}
              </FormControl>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  type="date"
                  label="From (optional)"
                  value={validFrom}
                  onChange={(event) => setValidFrom(event.target.value)}
                  error={Boolean(errors.validFrom)}
                  helperText={errors.validFrom}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  type="date"
                  label="Until (optional)"
                  value={validUntil}
                  onChange={(event) => setValidUntil(event.target.value)}
                  error={Boolean(errors.validUntil)}
                  helperText={errors.validUntil}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
            </>
          )}
          <TextField
            select
            label="Run"
            value={run}
            onChange={(event) => {
              setRun(event.target.value as StopChangeRun);
              setTarget('');
            }}
          >
            {STOP_CHANGE_RUNS.map((value) => (
              <MenuItem key={value} value={value}>
                {RUN_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Route and stop"
            required
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            error={Boolean(errors.target) || options.isError}
            helperText={
              options.isError ? 'The stops could not be loaded. Close and try again.' : errors.target
            }
            disabled={options.isPending}
          >
            {served.map((option) => (
              <MenuItem key={stopTargetKey(option)} value={stopTargetKey(option)}>
                {option.routeName} · {option.stopName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Note (optional)"
            multiline
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={Boolean(errors.note)}
            helperText={errors.note}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={enter.isPending} color="inherit">
          Cancel
        </Button>
        <Button onClick={save} loading={enter.isPending} variant="contained">
          Save approved
        </Button>
      </DialogActions>
    </Dialog>
  );
}
