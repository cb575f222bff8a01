import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button, type ButtonTone } from './Button';
import { Text } from './layout';
import { useT } from '../i18n';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

/**
 * A modal dialog on the browser's own <dialog>: focus is trapped and returned, Escape closes, the page behind is
 * inert, with no library to download.
 */
export function Dialog({ open, onClose, title, children, actions }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="sr-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the owner decides (a dialog that is saving may stay).
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="sr-dialog-body">
          <h2 id={titleId} className="sr-heading">
            {title}
          </h2>
          {children}
          {actions && <div className="sr-dialog-actions">{actions}</div>}
        </div>
      )}
    </dialog>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  tone?: Extract<ButtonTone, 'danger' | 'primary'>;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a step that cannot be taken back (finishing a trip, signing out with scans not yet sent). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  tone = 'primary',
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      actions={
        <>
          <Button variant="text" tone="neutral" onClick={onCancel} disabled={busy}>
            {t('kit.cancel')}
          </Button>
          <Button tone={tone} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {typeof message === 'string' ? <Text>{message}</Text> : message}
    </Dialog>
  );
}
