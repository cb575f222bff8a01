import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { driverInputSchema, type Driver } from '@school-transport/shared';
import { useNavigate } from 'react-router';
import { PageForm } from '../../components/form/PageForm';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PageHeader } from '../../components/PageHeader';
import { PhotoAvatar } from '../../components/PhotoAvatar';
import { UpdateImageButton } from '../../components/UpdateImageButton';
import { useSaveDriver } from './api';
import { driverFormValues } from './driver-form';
import { DriverFormFields } from './DriverFormFields';
import { DriverGate } from './DriverGate';
import { DRIVER_LIST_PATH, driverDetailsPath } from './paths';

const BREADCRUMBS = [{ label: 'All Drivers', to: DRIVER_LIST_PATH }];

/** Mounted once the driver is loaded, so the form starts from the stored values. */
function UpdateDriverForm({ driver }: { driver: Driver }) {
  const save = useSaveDriver();
  const navigate = useNavigate();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(
    driverInputSchema,
    driverFormValues(driver),
  );

  const submit = submitWith(async (payload) => {
    await save.mutateAsync({ id: driver.id, payload });
    navigate(driverDetailsPath(driver.id));
  });

  return (
    <Paper sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <PhotoAvatar src={driver.profileImage} name={driver.user.name} size={72} />
        <UpdateImageButton kind="driver" id={driver.id} name={driver.user.name} />
      </Box>
      <PageForm submitLabel="Update Driver" problems={problems} submitting={isSubmitting} onSubmit={submit}>
        <DriverFormFields control={control} />
      </PageForm>
    </Paper>
  );
}

export function UpdateDriverPage() {
  return (
    <>
      <PageHeader title="Update Driver" breadcrumbs={BREADCRUMBS} />
      <DriverGate>{(driver) => <UpdateDriverForm driver={driver} />}</DriverGate>
    </>
  );
}
