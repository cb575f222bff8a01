import type { ScanMethod } from '@school-transport/shared';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, Button, Stack, TextField } from '../kit';
import { useT } from '../i18n';
import { hasNfc, scanNfcTags } from './nfc';
import { QrScanDialog } from './QrScanDialog';

interface ScanControlsProps {
  /** Handles one scanned text and says what it did ("Anna boarded"), for the QR dialog's line. */
  onCode: (text: string, method: ScanMethod) => string;
}

function NfcButton({ onCode }: ScanControlsProps) {
  const { t } = useT();
  const [listening, setListening] = useState<AbortController | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  // After the render, before a tag can be read (Preact runs a passive effect a frame later).
  useLayoutEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);
  useEffect(() => () => listening?.abort(), [listening]);

  const toggle = async () => {
    if (listening) {
      listening.abort();
      setListening(null);
      return;
    }
    const controller = new AbortController();
    setProblem(null);
    try {
      // Web NFC must be started by a tap, which this is.
      await scanNfcTags(
        controller.signal,
        (serial) => onCodeRef.current(serial, 'NFC'),
        () => setProblem(t('scan.nfc.unreadable')),
      );
      setListening(controller);
    } catch (error) {
      setProblem(
        error instanceof DOMException && error.name === 'NotAllowedError'
          ? t('scan.nfc.notAllowed')
          : t('scan.nfc.failed'),
      );
    }
  };

  return (
    <>
      <Button
        variant={listening ? 'filled' : 'outlined'}
        icon="nfc"
        fullWidth
        aria-pressed={listening !== null}
        onClick={() => void toggle()}
      >
        {listening ? t('scan.nfc.on') : t('scan.nfc.start')}
      </Button>
      {problem && <Alert tone="warning">{problem}</Alert>}
    </>
  );
}

/**
 * Every way this device can record a child: NFC (only where the browser can read tags), the camera for QR codes,
 * and a card reader that types (a USB or Bluetooth reader acting as a keyboard types the card's id and Enter).
 */
export function ScanControls({ onCode }: ScanControlsProps) {
  const { t } = useT();
  const [qrOpen, setQrOpen] = useState(false);
  const [lastQr, setLastQr] = useState<string | null>(null);
  const [typed, setTyped] = useState('');

  return (
    <Stack gap={2}>
      {hasNfc() && <NfcButton onCode={onCode} />}
      <Button
        variant="outlined"
        icon="qr"
        fullWidth
        onClick={() => {
          setLastQr(null);
          setQrOpen(true);
        }}
      >
        {t('scan.qr.open')}
      </Button>
      <TextField
        label={t('scan.reader.label')}
        hint={t('scan.reader.hint')}
        value={typed}
        autoComplete="off"
        inputMode="none"
        enterKeyHint="done"
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const text = typed.trim();
          setTyped('');
          if (text) onCode(text, 'READER');
        }}
      />
      <QrScanDialog
        open={qrOpen}
        onClose={() => setQrOpen(false)}
        lastResult={lastQr}
        onCode={(text) => setLastQr(onCode(text, 'QR'))}
      />
    </Stack>
  );
}
