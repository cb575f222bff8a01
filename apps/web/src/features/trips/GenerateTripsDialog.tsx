import { generateTripsSchema } from '@school-transport/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { FormTextField } from '../../components/form/FormTextField';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { localToday } from '../../lib/format';
import { useGenerateTrips } from './api';

/**
 * 'Generate trips': a PICKUP and a DROP trip for every route assignment on the chosen day (today by default).
 * The server's answer says how many were new, so running it twice is harmless and says so.
 */
export function GenerateTripsDialog({ onClose }: { onClose: () => void }) {
  const generate = useGenerateTrips();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(generateTripsSchema, {
    date: localToday(),
  });

  return (
    <FormDialog
      title="Generate trips"
      submitLabel="Generate"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (input) => {
        await generate.mutateAsync(input);
        onClose();
      })}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="date"
        label="Date"
        type="date"
        required
        helperText="A pickup and a drop trip for every route assignment on this day."
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </FormDialog>
  );
}
