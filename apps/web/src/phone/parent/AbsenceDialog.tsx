import Typography from '@mui/material/Typography';
import {
  parentAbsenceInputSchema,
  type ParentChild,
  type ParentPortalSettings,
} from '@school-transport/shared';
import { FormSelectField } from '../../components/form/FormSelectField';
import { FormDateField } from '../../components/form/FormDateField';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { localToday } from '../../lib/time/format';
import { useMarkAbsent } from './parent-api';
import { cutoffClock, RUN_TITLES } from './run-state';

const RUN_OPTIONS = [
  { value: 'PICKUP', label: 'Morning' },
  { value: 'DROP', label: 'Afternoon' },
  { value: 'BOTH', label: 'Morning and afternoon' },
] as const;

/**
 * When each run can still be changed on its day: 'You can change this until 07:12 (morning) and 15:00
 * (afternoon).' Null when no run has a planned time (nothing to count back from).
 */
export function cutoffText(child: ParentChild, settings: ParentPortalSettings | undefined): string | null {
  if (!settings) return null;
  const times = child.runs.flatMap((run) =>
    run.plannedTime
      ? [
          `${cutoffClock(run.plannedTime, settings.absenceCutoffMinutes)} (${RUN_TITLES[run.run].toLowerCase()})`,
        ]
      : [],
  );
  if (times.length === 0) return null;
  return `You can change this until ${times.join(' and ')} on the day.`;
}

/**
 * "Not riding": a date (today or later) and a run. Before the cut-off the server saves it; after it, the server's
 * refusal (which gives the office's phone) shows above the fields.
 */
export function AbsenceDialog({
  child,
  settings,
  onClose,
  onSaved,
}: {
  child: ParentChild;
  settings: ParentPortalSettings | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const markAbsent = useMarkAbsent();
  const today = localToday();
  const cutoff = cutoffText(child, settings);
  return (
    <SchemaFormDialog
      title={`${child.name} is not riding`}
      submitLabel="Save"
      schema={parentAbsenceInputSchema}
      values={{ date: today, run: 'BOTH' }}
      fields={(control) => (
        <>
          <FormDateField control={control} name="date" label="Date" required min={today} />
          <FormSelectField control={control} name="run" label="Run" options={RUN_OPTIONS} required />
          {cutoff && <Typography variant="body2">{cutoff}</Typography>}
        </>
      )}
      onSave={async (input) => {
        const answer = await markAbsent.mutateAsync({ childId: child.id, input });
        onSaved(answer.message ?? `${child.name} is marked as not riding.`);
      }}
      onClose={onClose}
    />
  );
}
