import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, PROFILE_IMAGE_MAX_BYTES, type ProfileImageKind } from '@school-transport/shared';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useUploadProfileImage } from '../lib/profile-image-api';

/** What is wrong with an image, checked before anything is sent (the server checks again); null when it will do. */
function checkImageFile(file: File | null): string | null {
  if (!file) return MESSAGES.selectImage;
  if (!file.type.startsWith('image/')) return MESSAGES.onlyImages;
  if (file.size >= PROFILE_IMAGE_MAX_BYTES) return MESSAGES.imageTooLarge;
  return null;
}

/** The chosen file as a data: address for the preview (read in the background, dropped if replaced meanwhile). */
function usePreviewUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setPreview({ file, url: String(reader.result) });
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview?.file === file ? preview.url : null;
}

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
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = usePreviewUrl(file);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const check = chosen ? checkImageFile(chosen) : null;
    setProblem(check);
    setFile(check ? null : chosen);
  };

  const submit = async () => {
    const check = checkImageFile(file);
    setProblem(check);
    if (check || !file) return;
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
          {problem && <Alert severity="error">{problem}</Alert>}
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              height: 200,
              borderRadius: 1,
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              overflow: 'hidden',
            }}
          >
            {previewUrl ? (
              <Box
                component="img"
                src={previewUrl}
                alt="Preview of the chosen image"
                sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
              />
            ) : (
              <Typography sx={{ color: 'text.secondary' }}>No image chosen</Typography>
            )}
          </Box>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            Choose image
            <input type="file" accept="image/*" hidden onChange={choose} />
          </Button>
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
