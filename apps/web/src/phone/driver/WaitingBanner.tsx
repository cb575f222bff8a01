import { useState, useSyncExternalStore } from 'react';
import { Alert, Button, ConfirmDialog } from '../kit';
import { useT } from '../i18n';
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

/** Events the server will never take: said, kept on the phone until the driver lets them go. */
function RefusedBanner({ count, reason }: { count: number; reason: string | null }) {
  const { t } = useT();
  const { discardRefused } = useDriverSync();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Alert
        tone="error"
        action={
          <Button variant="text" tone="neutral" onClick={() => setAsking(true)}>
            {t('refused.discard')}
          </Button>
        }
      >
        {t('refused.count', { count })} {reason && t('refused.reason', { reason })} {t('refused.tell')}
      </Alert>
      <ConfirmDialog
        open={asking}
        title={t('refused.confirm.title')}
        message={t('refused.confirm.text')}
        confirmLabel={t('refused.discard')}
        tone="danger"
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          await discardRefused();
          setAsking(false);
        }}
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
  const { t } = useT();
  const { status } = useDriverSync();
  const online = useOnline();
  const waiting = status.waitingEvents;
  const showWaiting = !online || waiting > 0;
  if (!showWaiting && status.refusedEvents === 0) return null;
  return (
    <div className="driver-waiting">
      {showWaiting && (
        <Alert tone={online ? 'info' : 'warning'}>
          {!online && `${t('waiting.offline')} `}
          {waiting > 0 ? t('waiting.count', { count: waiting }) : t('waiting.none')}
          {online && status.problem && waiting > 0
            ? ` ${t('waiting.problem', { problem: status.problem })}`
            : ''}
        </Alert>
      )}
      {status.refusedEvents > 0 && (
        <RefusedBanner count={status.refusedEvents} reason={status.refusedReason} />
      )}
    </div>
  );
}
