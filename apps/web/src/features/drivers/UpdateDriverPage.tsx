import Paper from '@mui/material/Paper';
import { driverInputSchema, type Driver } from '@school-transport/shared';
import { useNavigate } from 'react-router';
import { PageForm } from '../../components/form/PageForm';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { paths } from '../../lib/paths/paths';
import { useSaveDriver } from './drivers-api';
import { DriverFormFields, driverFormValues } from './DriverFormFields';
import { DriverGate } from './DriverGate';

/** Mounted once the driver is loaded, so the form starts from the stored values. */
function UpdateDriverForm({ driver }: { driver: Driver }) {
  const save = useSaveDriver();
  const navigate = useNavigate();
  const { control, problems, submitWith, isSubmitting, isDirty } = useSchemaForm(
    driverInputSchema,
    driverFormValues(driver),
  );

  const submit = submitWith(async (payload) => {
    await save.mutateAsync({ id: driver.id, payload });
    navigate(paths.drivers.details(driver.id));
  });

  return (
    <Paper sx={{ p: 3 }}>
      <PageForm
        submitLabel="Update Driver"
        problems={problems}
        submitting={isSubmitting}
        onSubmit={submit}
        cancel={{ fallback: paths.drivers.details(driver.id), dirty: isDirty }}
      >
        <DriverFormFields control={control} />
      </PageForm>
    </Paper>
  );
}

export function UpdateDriverPage() {
  return <DriverGate title="Update Driver">{(driver) => <UpdateDriverForm driver={driver} />}</DriverGate>;
}
