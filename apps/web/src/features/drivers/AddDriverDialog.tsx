import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { driverInputSchema } from '@school-transport/shared';
import { useSnackbar } from 'notistack';
import { ImagePicker, useImageChoice } from '../../components/images/ImagePicker';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { ApiError } from '../../lib/api/api-client';
import { useUploadProfileImage } from '../../components/images/profile-image-api';
import { useSaveDriver, type DriverPayload } from './drivers-api';
import { DriverFormFields, driverFormValues } from './DriverFormFields';

/** Why a photo sent after its driver was created did not arrive, and that the driver was kept all the same. */
export function photoNotSavedMessage(name: string, error: unknown): string {
  const reason = error instanceof ApiError ? ` (${error.message})` : '';
  return `${name} was added, but the photo was not saved${reason}. Add it from the driver's details page.`;
}

/**
 * The new driver's details and, optionally, a photo. The photo can only be sent once the driver exists (the upload
 * names the driver's id), so it follows the create; if it fails the driver is kept and the user told so, and the
 * dialog closes all the same: saving again would add the driver twice.
 */
export function AddDriverDialog({ onClose }: { onClose: () => void }) {
  const save = useSaveDriver();
  const upload = useUploadProfileImage('driver', { reportFailure: false });
  const photo = useImageChoice();
  const { enqueueSnackbar } = useSnackbar();

  const addDriver = async (payload: DriverPayload) => {
    const answer = await save.mutateAsync({ payload });
    const driver = answer.data;
    if (!photo.file || !driver) return;
    try {
      await upload.mutateAsync({ id: driver.id, image: photo.file });
    } catch (error) {
      enqueueSnackbar(photoNotSavedMessage(driver.user.name, error), { variant: 'warning' });
    }
  };

  return (
    <SchemaFormDialog
      title="Add New Driver"
      submitLabel="Add Driver"
      schema={driverInputSchema}
      values={driverFormValues()}
      fields={(control) => (
        <>
          <DriverFormFields control={control} />
          <Stack spacing={1}>
            <Typography variant="subtitle2" component="h3">
              Photo (optional): an image file smaller than 2MB
            </Typography>
            <ImagePicker choice={photo} optional disabled={save.isPending || upload.isPending} />
          </Stack>
        </>
      )}
      onSave={addDriver}
      onClose={onClose}
    />
  );
}
