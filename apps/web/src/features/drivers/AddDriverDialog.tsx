import { driverInputSchema } from '@school-transport/shared';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { useSaveDriver } from './api';
import { DRIVER_FIELDS, driverFormValues } from './DriverFormFields';

export function AddDriverDialog({ onClose }: { onClose: () => void }) {
  const save = useSaveDriver();
  return (
    <SchemaFormDialog
      title="Add New Driver"
      submitLabel="Add Driver"
      schema={driverInputSchema}
      values={driverFormValues()}
      fields={DRIVER_FIELDS}
      onSave={(payload) => save.mutateAsync({ payload })}
      onClose={onClose}
    />
  );
}
