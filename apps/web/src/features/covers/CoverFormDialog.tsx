import {
  coverInputSchema,
  type AssignmentSummary,
  type CoverData,
  type CoverInput,
  type Driver,
  type Vehicle,
} from '@school-transport/shared';
import { FormDateField } from '../../components/form/FormDateField';
import { FormDialog } from '../../components/form/FormDialog';
import { FormSearchSelect } from '../../components/form/FormSearchSelect';
import { FormSelectField } from '../../components/form/FormSelectField';
import { FormTextField } from '../../components/form/FormTextField';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { ApiError } from '../../lib/api/api-client';
import { RESOURCES } from '../../lib/api/resource-queries';
import { localToday } from '../../lib/time/format';
import { useCreateCover } from './covers-api';

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
      <FormSearchSelect<CoverInput, CoverData, AssignmentSummary>
        control={control}
        name="assignmentId"
        label="Route"
        required
        resource={RESOURCES.assignments}
        optionLabel={(row) => `${row.route.name} (${row.driver.name}, ${row.vehicle.licensePlate})`}
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
      <FormSearchSelect<CoverInput, CoverData, Driver>
        control={control}
        name="driverId"
        label="Substitute driver"
        resource={RESOURCES.drivers}
        optionLabel={(driver) => driver.user.name}
        helperText="Empty: the planned driver."
      />
      <FormSearchSelect<CoverInput, CoverData, Vehicle>
        control={control}
        name="vehicleId"
        label="Substitute vehicle"
        resource={RESOURCES.vehicles}
        optionLabel={(vehicle) => `${vehicle.licensePlate} (${vehicle.capacity} seats)`}
        helperText="Empty: the planned vehicle. A substitute driver, a substitute vehicle, or both."
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
