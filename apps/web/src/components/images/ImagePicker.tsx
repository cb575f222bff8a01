import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, PROFILE_IMAGE_MAX_BYTES } from '@school-transport/shared';
import { useEffect, useState, type ChangeEvent } from 'react';

/**
 * What is wrong with an image, checked before anything is sent with the limits the upload route applies (an
 * image/* type, smaller than PROFILE_IMAGE_MAX_BYTES; the server checks again); null when it will do.
 */
export function checkImageFile(file: File | null): string | null {
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

export interface ImageChoice {
  /** The chosen image, once it passed the checks. */
  file: File | null;
  /** Why the last choice (or the missing one) will not do. */
  problem: string | null;
  choose: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Forgets the chosen image (an optional photo the user no longer wants). */
  clear: () => void;
  /** Before a required upload: shows what is wrong and answers the file only when it will do. */
  require: () => File | null;
}

/** The state of an image being chosen; a file that fails the checks is refused at once and never kept. */
export function useImageChoice(): ImageChoice {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    file,
    problem,
    choose: (event) => {
      const chosen = event.target.files?.[0] ?? null;
      // The same file chosen again after a Remove must fire another change.
      event.target.value = '';
      const check = chosen ? checkImageFile(chosen) : null;
      setProblem(check);
      setFile(check ? null : chosen);
    },
    clear: () => {
      setFile(null);
      setProblem(null);
    },
    require: () => {
      const check = checkImageFile(file);
      setProblem(check);
      return check ? null : file;
    },
  };
}

interface ImagePickerProps {
  choice: ImageChoice;
  /** Offers to remove the chosen image, for a photo that may be left out. */
  optional?: boolean;
  /** Turned off while the image is being sent. */
  disabled?: boolean;
}

/** What is wrong with the choice, a preview of the chosen image and the button choosing one. */
export function ImagePicker({ choice, optional = false, disabled = false }: ImagePickerProps) {
  const previewUrl = usePreviewUrl(choice.file);
  return (
    <Stack spacing={2}>
      {choice.problem && <Alert severity="error">{choice.problem}</Alert>}
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
      <Stack direction="row" spacing={1}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={disabled}
          sx={{ flexGrow: 1 }}
        >
          Choose image
          <input type="file" accept="image/*" hidden onChange={choice.choose} disabled={disabled} />
        </Button>
        {optional && choice.file && (
          <Button onClick={choice.clear} disabled={disabled} color="inherit">
            Remove image
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
