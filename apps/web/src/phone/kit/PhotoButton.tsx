import type { ReactNode } from 'react';
import { Icon } from './Icon';

interface PhotoButtonProps {
  /** The words on the button ("Add photo", "Change photo"). */
  children: ReactNode;
  /** What a screen reader hears: which photo it is. */
  label: string;
  busy?: boolean;
  /** "environment" opens the back camera at once; without it the phone offers the camera and the gallery. */
  capture?: 'environment';
  /** The file chosen (the input is emptied afterwards, so the same file can be chosen again). */
  onFile: (file: File) => void;
}

/**
 * A photo taken or chosen: the file input lies over its button-like label (transparent, the same size), so the
 * control itself is what is tapped, focused and named.
 */
export function PhotoButton({ children, label, busy, capture, onFile }: PhotoButtonProps) {
  return (
    <label className="sr-photo-button" aria-busy={busy || undefined}>
      {busy ? <span className="sr-spinner" aria-hidden /> : <Icon name="camera" />}
      {children}
      <input
        className="sr-photo-input"
        type="file"
        accept="image/*"
        capture={capture}
        disabled={busy}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
