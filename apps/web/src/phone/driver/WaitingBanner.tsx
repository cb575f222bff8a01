import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, useSyncExternalStore } from 'react';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { useDriverSync } from './driver-sync';

function subscribeOnline(callback: () => void): () => void {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'event' : 'events'} waiting to be sent`;
}

export function refusedText(count: number, reason: string | null): string {
  const what = `${count} ${count === 1 ? 'event' : 'events'} the server refused`;
  return reason ? `${what}: ${reason}` : `${what}.`;
}

/** Events the server will never take: said, kept on the phone until the driver lets them go. */
function RefusedBanner({ count, reason }: { count: number; reason: string | null }) {
  const { discardRefused } = useDriverSync();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Alert
        severity="error"
        square
        sx={{ borderRadius: 0 }}
        action={
          <Button color="inherit" size="small" onClick={() => setAsking(true)}>
            Discard
          </Button>
        }
      >
        {refusedText(count, reason)} Tell the office if a child's scan is missing.
      </Alert>
      <ConfirmDialog
        open={asking}
        title="Discard the refused events?"
        text="The server will not take them; they are removed from this phone."
        confirmLabel="Discard"
        onClose={() => setAsking(false)}
        onConfirm={discardRefused}
      />
    </>
  );
}

/**
 * At the foot of every driver screen, held at the bottom of the window (sticky): whether the phone is offline and
 * how much it still has to send. It comes and goes with every scan sent, so it sits after the screen, never above
 * it: a banner above the buttons would push them down and back up while the driver is tapping, and a tap meant for
 * "Scan QR codes" would land on the field below it.
 */
export function WaitingBanner() {
  const { status } = useDriverSync();
  const online = useOnline();
  const waiting = status.waitingEvents;
  const showWaiting = !online || waiting > 0;
  if (!showWaiting && status.refusedEvents === 0) return null;
  return (
    <Box sx={{ position: 'sticky', bottom: 0, zIndex: 'appBar' }}>
      {showWaiting && (
        <Alert severity={online ? 'info' : 'warning'} role="status" square sx={{ borderRadius: 0 }}>
          {!online && 'No connection: scans are kept on this phone. '}
          {waiting > 0 ? waitingText(waiting) : 'Nothing waiting to be sent.'}
          {online && status.problem && waiting > 0 ? ` (${status.problem})` : ''}
        </Alert>
      )}
      {status.refusedEvents > 0 && (
        <RefusedBanner count={status.refusedEvents} reason={status.refusedReason} />
      )}
    </Box>
  );
}
