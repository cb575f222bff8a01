import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  CALENDAR_DAY_KINDS,
  calendarDayInputSchema,
  type CalendarDate,
  type CalendarDayInput,
} from '@school-transport/shared';
import dayjs from 'dayjs';
import { FormDialog } from '../../components/form/FormDialog';
import { FormSelectField } from '../../components/form/FormSelectField';
import { FormTextField } from '../../components/form/FormTextField';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useClearCalendarDay, useSetCalendarDay } from './calendar-api';
import { dayLabel, KIND_LABELS } from './month-grid';
import { formatInLocale } from '../../lib/time/format';

interface CalendarDayDialogProps {
  day: CalendarDate;
  onClose: () => void;
}

/** Set what a date is and why, or clear its entry so that the weekday rule decides again. */
export function CalendarDayDialog({ day, onClose }: CalendarDayDialogProps) {
  const setDay = useSetCalendarDay();
  const clearDay = useClearCalendarDay();
  const weekend = [0, 6].includes(dayjs(day.date).day());
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(calendarDayInputSchema, {
    // The likely change: a weekday becomes a holiday, a weekend day a make-up school day.
    kind: day.entry?.kind ?? (weekend ? 'SCHOOL_DAY' : 'HOLIDAY'),
    note: day.entry?.note ?? '',
  } satisfies CalendarDayInput);

  return (
    <FormDialog
      title={formatInLocale(day.date, 'longDay')}
      submitLabel="Save"
      problems={problems}
      submitting={isSubmitting || clearDay.isPending}
      onSubmit={submitWith(async (input) => {
        await setDay.mutateAsync({ date: day.date, input });
        onClose();
      })}
      onClose={onClose}
    >
      <Typography>Now: {dayLabel(day.schoolDay, day.entry?.kind)}</Typography>
      <FormSelectField
        control={control}
        name="kind"
        label="This date is"
        required
        options={CALENDAR_DAY_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
      />
      <FormTextField
        control={control}
        name="note"
        label="Note"
        placeholder="e.g. Diwali"
        autoComplete="off"
      />
      {day.entry && (
        <Button
          color="error"
          onClick={() => void clearDay.mutateAsync(day.date).then(onClose, () => undefined)}
          loading={clearDay.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          Clear: back to the weekday rule
        </Button>
      )}
    </FormDialog>
  );
}
