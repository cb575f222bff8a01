import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { driverInputSchema, type Driver } from '@school-transport/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormProblems } from '../../components/form/FormProblems';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { ImageUploadDialog } from '../../components/ImageUploadDialog';
import { PageHeader } from '../../components/PageHeader';
import { PhotoAvatar } from '../../components/PhotoAvatar';
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
  const [uploading, setUploading] = useState(false);
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
        <Button variant="outlined" startIcon={<PhotoCameraOutlinedIcon />} onClick={() => setUploading(true)}>
          Update Image
        </Button>
      </Box>
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        <FormProblems problems={problems} />
        <DriverFormFields control={control} />
        <Box>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Update Driver
          </Button>
        </Box>
      </Stack>
      {uploading && (
        <ImageUploadDialog
          kind="driver"
          id={driver.id}
          name={driver.user.name}
          onClose={() => setUploading(false)}
        />
      )}
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
