import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api/api-client';
import { useT } from '../i18n';
import { Button } from './Button';
import { Alert, type Tone } from './surfaces';

/** A screen's data on its way. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useT();
  return (
    <div className="sr-page-loader">
      <span className="sr-spinner" role="progressbar" aria-label={label ?? t('kit.loading')} />
    </div>
  );
}

/** What went wrong (the server's words when it answered, ours when it could not be reached) and a Retry. */
export function RetryAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useT();
  const text = error instanceof ApiError && error.status !== 0 ? error.message : t('kit.cannotReachServer');
  return (
    <Alert
      tone="error"
      action={
        <Button variant="outlined" tone="neutral" icon="refresh" onClick={onRetry}>
          {t('kit.retry')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

type Toast = { id: number; text: string; tone: Extract<Tone, 'success' | 'error' | 'info'> };
type ShowToast = (text: string, tone?: Toast['tone']) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Shows a short message at the foot of the screen (a saved change, a failure with nowhere else to go). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside Toaster');
  return show;
}

const TOAST_MS = 6000;

/**
 * Holds the app's toasts. Each is an Alert (an error interrupts a screen reader, the rest are polite), gone after
 * a few seconds or when dismissed; three at most.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const { t } = useT();

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback<ShowToast>(
    (text, tone = 'success') => {
      const id = (next.current += 1);
      setToasts((all) => [...all.slice(-2), { id, text, tone }]);
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="sr-toaster">
        {toasts.map((toast) => (
          <div key={toast.id} className="sr-toast">
            <Alert
              tone={toast.tone}
              action={
                <Button variant="text" tone="neutral" onClick={() => dismiss(toast.id)}>
                  {t('kit.dismiss')}
                </Button>
              }
            >
              {toast.text}
            </Alert>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
