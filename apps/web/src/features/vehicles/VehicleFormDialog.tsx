import { vehicleInputSchema, type Vehicle, type VehicleInput } from '@school-transport/shared';
import type { FieldSpec } from '../../components/form/FieldGrid';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { useSaveVehicle } from './vehicles-api';

/** Form values are the typed text; the schema turns capacity into a number on submit. */
function formValues(vehicle: Vehicle | undefined): VehicleInput {
  return {
    licensePlate: vehicle?.licensePlate ?? '',
    model: vehicle?.model ?? '',
    type: vehicle?.type ?? '',
    color: vehicle?.color ?? '',
    capacity: vehicle ? String(vehicle.capacity) : '',
    wheelchairPlaces: vehicle ? String(vehicle.wheelchairPlaces) : '0',
  };
}

const VEHICLE_FIELDS: readonly FieldSpec<VehicleInput>[] = [
  { name: 'licensePlate', label: 'Registration No' },
  { name: 'model', label: 'Model' },
  { name: 'type', label: 'Type', placeholder: 'Bus, Van, …' },
  { name: 'color', label: 'Color' },
  {
    name: 'capacity',
    label: 'Capacity',
    type: 'number',
    helperText: 'Number of seats',
    slotProps: { htmlInput: { min: 1, max: 100, step: 1 } },
  },
  {
    name: 'wheelchairPlaces',
    label: 'Wheelchair places',
    type: 'number',
    slotProps: { htmlInput: { min: 0, max: 20, step: 1 } },
  },
];

interface VehicleFormDialogProps {
  /** The vehicle to edit; a new one is added without it. */
  vehicle?: Vehicle;
  onClose: () => void;
}

export function VehicleFormDialog({ vehicle, onClose }: VehicleFormDialogProps) {
  const save = useSaveVehicle();
  return (
    <SchemaFormDialog
      title={vehicle ? 'Edit Vehicle' : 'Add New Vehicle'}
      submitLabel={vehicle ? 'Save Changes' : 'Add Vehicle'}
      schema={vehicleInputSchema}
      values={formValues(vehicle)}
      fields={VEHICLE_FIELDS}
      onSave={(payload) => save.mutateAsync({ id: vehicle?.id, payload })}
      onClose={onClose}
    />
  );
}
