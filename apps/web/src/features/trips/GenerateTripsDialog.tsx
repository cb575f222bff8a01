import { generateTripsSchema } from '@school-transport/shared';
import { FormDateField } from '../../components/form/FormDateField';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { localToday } from '../../lib/time/format';
import { useGenerateTrips } from './trips-api';

/**
 * 'Generate trips': a PICKUP and a DROP trip for every route assignment on the chosen day (today by default).
 * The server's answer says how many were new, so running it twice is harmless and says so.
 */
export function GenerateTripsDialog({ onClose }: { onClose: () => void }) {
  const generate = useGenerateTrips();
  return (
    <SchemaFormDialog
      title="Generate trips"
      submitLabel="Generate"
      schema={generateTripsSchema}
      values={{ date: localToday() }}
      fields={(control) => (
        <FormDateField
          control={control}
          name="date"
          label="Date"
          required
          helperText="A pickup and a drop trip for every route assignment on this day."
        />
      )}
      onSave={(input) => generate.mutateAsync(input)}
      onClose={onClose}
    />
  );
}
