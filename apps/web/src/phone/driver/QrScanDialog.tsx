import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, Button, Dialog } from '../kit';
import { useT } from '../i18n';
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

/** Why the camera did not start, as a catalogue key. */
function cameraProblem(error: unknown): string {
  if (error instanceof DOMException && error.name === 'NotAllowedError') return 'scan.qr.blocked';
  if (error instanceof Error && error.message === NO_CAMERA) return 'scan.qr.noCamera';
  return 'scan.qr.failed';
}
const NO_CAMERA = 'no camera';

/**
 * The back camera, read a few times a second while shown. The dialog unmounts it when closed, which stops the
 * camera; each opening starts afresh.
 */
function CameraView({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useT();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  // After the render, before a code can be read (Preact runs a passive effect a frame later).
  useLayoutEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const seen = new Map<string, number>();

    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error(NO_CAMERA);
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
        setProblem(cameraProblem(error));
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
    <Alert tone="error">{t(problem)}</Alert>
  ) : (
    <video ref={videoRef} className="driver-camera" muted playsInline aria-label={t('scan.qr.camera')} />
  );
}

/** Several cards can be scanned in a row: the dialog stays open until the driver is done. */
export function QrScanDialog({ open, onClose, onCode, lastResult }: QrScanDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('scan.qr.title')}
      actions={
        <Button variant="filled" onClick={onClose}>
          {t('scan.qr.done')}
        </Button>
      }
    >
      {open && <CameraView onCode={onCode} />}
      <p role="status" className="driver-scan-line">
        {lastResult ?? t('scan.qr.hint')}
      </p>
    </Dialog>
  );
}
