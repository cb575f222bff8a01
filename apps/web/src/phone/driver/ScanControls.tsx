import NfcIcon from '@mui/icons-material/Nfc';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ScanMethod } from '@school-transport/shared';
import { useEffect, useRef, useState } from 'react';
import { hasNfc, scanNfcTags } from './nfc';
import { QrScanDialog } from './QrScanDialog';

interface ScanControlsProps {
  /** Handles one scanned text and says what it did ("Anna boarded"), for the QR dialog's line. */
  onCode: (text: string, method: ScanMethod) => string;
}

function NfcButton({ onCode }: ScanControlsProps) {
  const [listening, setListening] = useState<AbortController | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
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
        () => setProblem('The card could not be read. Hold it still against the back of the phone.'),
      );
      setListening(controller);
    } catch (error) {
      setProblem(
        error instanceof DOMException && error.name === 'NotAllowedError'
          ? 'NFC is not allowed for this app. Allow it in the browser settings.'
          : 'NFC could not be started. Check that NFC is on in the phone settings.',
      );
    }
  };

  return (
    <>
      <Button
        variant={listening ? 'contained' : 'outlined'}
        size="large"
        startIcon={<NfcIcon />}
        aria-pressed={listening !== null}
        onClick={() => void toggle()}
      >
        {listening ? 'NFC on: hold a card to the phone' : 'Scan NFC cards'}
      </Button>
      {problem && <Alert severity="warning">{problem}</Alert>}
    </>
  );
}

/**
 * Every way this device can record a child: NFC (only where the browser can read tags), the camera for QR codes,
 * and a card reader that types (a USB or Bluetooth reader acting as a keyboard types the card's id and Enter).
 */
export function ScanControls({ onCode }: ScanControlsProps) {
  const [qrOpen, setQrOpen] = useState(false);
  const [lastQr, setLastQr] = useState<string | null>(null);
  const [typed, setTyped] = useState('');

  return (
    <Stack spacing={1.5}>
      {hasNfc() && <NfcButton onCode={onCode} />}
      <Button
        variant="outlined"
        size="large"
        startIcon={<QrCodeScannerIcon />}
        onClick={() => {
          setLastQr(null);
          setQrOpen(true);
        }}
      >
        Scan QR codes
      </Button>
      <TextField
        label="Card reader"
        helperText="Tap here, then swipe or tap a card on the reader"
        value={typed}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'none', enterKeyHint: 'done' } }}
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
