import ButtonBase from '@mui/material/ButtonBase';
import { useState } from 'react';
import { ImagePreviewDialog } from './ImagePreviewDialog';
import { PhotoAvatar } from './PhotoAvatar';

interface PhotoCellProps {
  src: string | null;
  name: string;
}

/** A list's Photo column: the avatar opens a large preview; without a photo there is nothing to open. */
export function PhotoCell({ src, name }: PhotoCellProps) {
  const [previewing, setPreviewing] = useState(false);
  if (src === null) return <PhotoAvatar src={null} name={name} />;

  return (
    <>
      <ButtonBase
        aria-label={`Show the photo of ${name}`}
        onClick={() => setPreviewing(true)}
        sx={{ borderRadius: '50%' }}
      >
        <PhotoAvatar src={src} name={name} />
      </ButtonBase>
      {previewing && (
        <ImagePreviewDialog src={src} title={`Photo of ${name}`} onClose={() => setPreviewing(false)} />
      )}
    </>
  );
}
