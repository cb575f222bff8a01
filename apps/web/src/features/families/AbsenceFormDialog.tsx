import { ABSENCE_RUNS, absenceInputSchema, type AbsenceInput } from '@school-transport/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { FormSelectField } from '../../components/form/FormSelectField';
import { FormDateField } from '../../components/form/FormDateField';
import { FormTextField } from '../../components/form/FormTextField';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { localToday } from '../../lib/time/format';
import { useAddAbsence } from './absences-api';

export const ABSENCE_RUN_LABELS: Record<(typeof ABSENCE_RUNS)[number], string> = {
  PICKUP: 'Morning (pickup)',
  DROP: 'Afternoon (drop)',
  BOTH: 'Both runs',
};

interface AbsenceFormDialogProps {
  studentId: string;
  name: string;
  onClose: () => void;
}

/** Mark the child "not riding" on a date: the driver's manifest shows it and no alert is raised for them. */
export function AbsenceFormDialog({ studentId, name, onClose }: AbsenceFormDialogProps) {
  const add = useAddAbsence(studentId);
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(absenceInputSchema, {
    date: localToday(),
    run: 'BOTH',
    reason: '',
  } satisfies AbsenceInput);

  return (
    <FormDialog
      title={`${name} is not riding`}
      submitLabel="Mark not riding"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (input) => {
        await add.mutateAsync(input);
        onClose();
      })}
      onClose={onClose}
    >
      <FormDateField control={control} name="date" label="Date" required />
      <FormSelectField
        control={control}
        name="run"
        label="Run"
        required
        options={ABSENCE_RUNS.map((run) => ({ value: run, label: ABSENCE_RUN_LABELS[run] }))}
      />
      <FormTextField
        control={control}
        name="reason"
        label="Reason"
        placeholder="e.g. Unwell"
        autoComplete="off"
      />
    </FormDialog>
  );
}
