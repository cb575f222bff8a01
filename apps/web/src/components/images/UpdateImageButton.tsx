import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Button from '@mui/material/Button';
import type { ProfileImageKind } from '@school-transport/shared';
import { useState } from 'react';
import { ImageUploadDialog } from './ImageUploadDialog';

interface UpdateImageButtonProps {
  kind: ProfileImageKind;
  id: string;
  /** Whose photo it is. */
  name: string;
}

/** 'Update Image': opens the upload dialog for this record's profile photo. */
export function UpdateImageButton({ kind, id, name }: UpdateImageButtonProps) {
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<PhotoCameraOutlinedIcon />} onClick={() => setUploading(true)}>
        Update Image
      </Button>
      {uploading && <ImageUploadDialog kind={kind} id={id} name={name} onClose={() => setUploading(false)} />}
    </>
  );
}
