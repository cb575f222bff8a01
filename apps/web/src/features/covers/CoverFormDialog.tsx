import {
  coverInputSchema,
  type AssignmentSummary,
  type CoverInput,
  type Driver,
  type Vehicle,
} from '@school-transport/shared';
import { FormDateField } from '../../components/form/FormDateField';
import { FormDialog } from '../../components/form/FormDialog';
import { FormSelectField } from '../../components/form/FormSelectField';
import { FormTextField } from '../../components/form/FormTextField';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { ApiError } from '../../lib/api/api-client';
import { useResourceList } from '../../lib/api/resource-api';
import { RESOURCES } from '../../lib/api/resource-queries';
import { localToday } from '../../lib/time/format';
import { useCreateCover } from './covers-api';

/** As many as the API gives at once (its limit): the choices of each select. */
const CHOICES = { page: 1, limit: 100, search: '' } as const;

const FIELD_NAMES = [
  'assignmentId',
  'firstDate',
  'lastDate',
  'run',
  'driverId',
  'vehicleId',
  'reason',
] as const;

const RUN_OPTIONS = [
  { value: 'PICKUP', label: 'Pickup (morning) only' },
  { value: 'DROP', label: 'Drop (afternoon) only' },
];

/**
 * 'Cover a run': for a route assignment, a day or a range, one run or the whole day, another driver, another
 * vehicle or both, and why. The server decides whether the substitute is free, compliant and has the seats; its
 * refusal shows in words above the fields and, where it names one, under that field.
 */
export function CoverFormDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateCover();
  const today = localToday();
  const assignments = useResourceList<AssignmentSummary>(RESOURCES.assignments, CHOICES);
  const drivers = useResourceList<Driver>(RESOURCES.drivers, CHOICES);
  const vehicles = useResourceList<Vehicle>(RESOURCES.vehicles, CHOICES);
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(coverInputSchema, {
    assignmentId: '',
    firstDate: today,
    lastDate: today,
    run: null,
    driverId: null,
    vehicleId: null,
    reason: '',
  } satisfies CoverInput);

  return (
    <FormDialog
      title="Cover a run"
      submitLabel="Save cover"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (input) => {
        try {
          await create.mutateAsync(input);
        } catch (error) {
          // Under the fields it names, and above them the whole sentence, which says what clashes and when (the
          // fields' short words alone would not).
          showServerFieldErrors(error, FIELD_NAMES, control.setError);
          if (error instanceof ApiError) throw new ApiError(error.status, error.message);
          throw error;
        }
        onClose();
      })}
      onClose={onClose}
    >
      <FormSelectField
        control={control}
        name="assignmentId"
        label="Route"
        required
        helperText={assignments.isError ? 'The routes could not be loaded: close and open again.' : undefined}
        options={assignments.rows.map((row) => ({
          value: row.id,
          label: `${row.route.name} (${row.driver.name}, ${row.vehicle.licensePlate})`,
        }))}
      />
      <FormDateField control={control} name="firstDate" label="First day" required min={today} />
      <FormDateField control={control} name="lastDate" label="Last day" required min={today} />
      <FormSelectField
        control={control}
        name="run"
        label="Run"
        blankLabel="Whole day (both runs)"
        options={RUN_OPTIONS}
      />
      <FormSelectField
        control={control}
        name="driverId"
        label="Substitute driver"
        blankLabel="The planned driver"
        options={drivers.rows.map((driver) => ({ value: driver.id, label: driver.user.name }))}
      />
      <FormSelectField
        control={control}
        name="vehicleId"
        label="Substitute vehicle"
        blankLabel="The planned vehicle"
        helperText="A substitute driver, a substitute vehicle, or both."
        options={vehicles.rows.map((vehicle) => ({
          value: vehicle.id,
          label: `${vehicle.licensePlate} (${vehicle.capacity} seats)`,
        }))}
      />
      <FormTextField
        control={control}
        name="reason"
        label="Reason"
        required
        placeholder="e.g. Driver off sick"
        autoComplete="off"
      />
    </FormDialog>
  );
}
