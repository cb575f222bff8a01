import { driverInputSchema } from '@school-transport/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useSaveDriver } from './api';
import { EMPTY_DRIVER_FORM } from './driver-form';
import { DriverFormFields } from './DriverFormFields';

export function AddDriverDialog({ onClose }: { onClose: () => void }) {
  const save = useSaveDriver();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(driverInputSchema, EMPTY_DRIVER_FORM);

  return (
    <FormDialog
      title="Add New Driver"
      submitLabel="Add Driver"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (payload) => {
        await save.mutateAsync({ payload });
        onClose();
      })}
      onClose={onClose}
    >
      <DriverFormFields control={control} />
    </FormDialog>
  );
}
