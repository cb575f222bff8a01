import Alert from '@mui/material/Alert';
import { useSyncExternalStore } from 'react';
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

/** Under the top bar on every driver screen: whether the phone is offline and how much it still has to send. */
export function WaitingBanner() {
  const { status } = useDriverSync();
  const online = useOnline();
  const waiting = status.waitingEvents;
  if (online && waiting === 0) return null;
  return (
    <Alert severity={online ? 'info' : 'warning'} role="status" square sx={{ borderRadius: 0 }}>
      {!online && 'No connection: scans are kept on this phone. '}
      {waiting > 0 ? waitingText(waiting) : 'Nothing waiting to be sent.'}
      {online && status.problem && waiting > 0 ? ` (${status.problem})` : ''}
    </Alert>
  );
}
