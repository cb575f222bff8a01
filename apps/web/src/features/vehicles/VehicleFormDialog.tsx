import Grid from '@mui/material/Grid';
import { vehicleInputSchema, type Vehicle, type VehicleInput } from '@school-transport/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { FormTextField } from '../../components/form/FormTextField';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useSaveVehicle } from './api';

/** Form values are the typed text; the schema turns capacity into a number on submit. */
function formValues(vehicle: Vehicle | undefined): VehicleInput {
  return {
    licensePlate: vehicle?.licensePlate ?? '',
    model: vehicle?.model ?? '',
    type: vehicle?.type ?? '',
    color: vehicle?.color ?? '',
    capacity: vehicle ? String(vehicle.capacity) : '',
  };
}

interface VehicleFormDialogProps {
  /** The vehicle to edit; a new one is added without it. */
  vehicle?: Vehicle;
  onClose: () => void;
}

export function VehicleFormDialog({ vehicle, onClose }: VehicleFormDialogProps) {
  const save = useSaveVehicle();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(
    vehicleInputSchema,
    formValues(vehicle),
  );

  return (
    <FormDialog
      title={vehicle ? 'Edit Vehicle' : 'Add New Vehicle'}
      submitLabel={vehicle ? 'Save Changes' : 'Add Vehicle'}
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (payload) => {
        await save.mutateAsync({ id: vehicle?.id, payload });
        onClose();
      })}
      onClose={onClose}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="licensePlate" label="Registration No" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="model" label="Model" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="type" label="Type" required placeholder="Bus, Van, …" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="color" label="Color" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="capacity"
            label="Capacity"
            type="number"
            required
            helperText="Number of seats"
            slotProps={{ htmlInput: { min: 1, max: 100, step: 1 } }}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
