import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProfileImageKind } from '@school-transport/shared';
import { useUploadProfileImage } from './profile-image-api';
import { ImagePicker, useImageChoice } from './ImagePicker';

interface ImageUploadDialogProps {
  kind: ProfileImageKind;
  /** The id of the driver, parent, student or vehicle. */
  id: string;
  /** Whose photo it is, for the title. */
  name: string;
  onClose: () => void;
}

/** Chooses, previews and uploads a profile photo; closes once the server has stored it. */
export function ImageUploadDialog({ kind, id, name, onClose }: ImageUploadDialogProps) {
  const upload = useUploadProfileImage(kind);
  const choice = useImageChoice();

  const submit = async () => {
    const file = choice.require();
    if (!file) return;
    try {
      await upload.mutateAsync({ id, image: file });
      onClose();
    } catch {
      // Reported as a toast by the mutation; the dialog stays open for another try.
    }
  };

  return (
    <Dialog open onClose={upload.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Update Image</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography sx={{ color: 'text.secondary' }}>
            A new photo of {name}: an image file smaller than 2MB.
          </Typography>
          <ImagePicker choice={choice} disabled={upload.isPending} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={upload.isPending} color="inherit">
          Cancel
        </Button>
        <Button onClick={submit} loading={upload.isPending} variant="contained">
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
