import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { createQrReader } from './qr-decode';

/** The same card held in front of the camera is read many times a second: one reading per card per 3 s. */
const SAME_CODE_PAUSE_MS = 3_000;
const FRAME_INTERVAL_MS = 200;

interface QrScanDialogProps {
  open: boolean;
  onClose: () => void;
  onCode: (text: string) => void;
  /** What the last scan did, shown under the picture so the driver can go on with the next card. */
  lastResult: string | null;
}

/**
 * The back camera, read a few times a second while shown. The dialog unmounts it when closed, which stops the
 * camera; each opening starts afresh.
 */
function CameraView({ onCode }: { onCode: (text: string) => void }) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const seen = new Map<string, number>();

    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use the camera.');
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        const reader = await createQrReader();
        if (stopped) return;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = stream;
        await video.play().catch(() => undefined);
        const tick = async () => {
          if (stopped) return;
          try {
            const text = await reader.read(video);
            const now = Date.now();
            if (text && now - (seen.get(text) ?? 0) > SAME_CODE_PAUSE_MS) {
              seen.set(text, now);
              onCodeRef.current(text);
            }
          } catch {
            // A frame that could not be read (the video not ready yet): the next one may be.
          }
          timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
        };
        void tick();
      } catch (error) {
        setProblem(
          error instanceof DOMException && error.name === 'NotAllowedError'
            ? 'The camera is blocked for this app. Allow it in the browser settings, or tap the child instead.'
            : error instanceof Error
              ? error.message
              : 'The camera could not be started.',
        );
      }
    };
    void start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return problem ? (
    <Alert severity="error">{problem}</Alert>
  ) : (
    <Box
      component="video"
      ref={videoRef}
      muted
      playsInline
      aria-label="Camera picture"
      sx={{ width: '100%', borderRadius: 1, bgcolor: 'common.black', aspectRatio: '4 / 3' }}
    />
  );
}

/** Several cards can be scanned in a row: the dialog stays open until the driver is done. */
export function QrScanDialog({ open, onClose, onCode, lastResult }: QrScanDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Scan a card's QR code</DialogTitle>
      <DialogContent>
        <CameraView onCode={onCode} />
        <Typography role="status" sx={{ mt: 1, minHeight: '1.5em' }}>
          {lastResult ?? 'Hold a card in front of the camera.'}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
