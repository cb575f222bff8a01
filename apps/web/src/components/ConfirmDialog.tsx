import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  /** Runs on confirm; it reports its own failure (a toast), in which case the dialog stays open. */
  onConfirm: () => Promise<unknown> | void;
  title?: string;
  text?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
}

/** Defaults are the spec's delete confirmation (section 2, "Confirm dialog"). */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title = 'Delete Item',
  text = 'Are you sure you want to delete this item?',
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const textId = useId();

  const confirm = async () => {
    setRunning(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // Already reported by the action; staying open lets the user retry or cancel.
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dialog open={open} onClose={running ? undefined : onClose} aria-describedby={textId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running} color="inherit">
          {cancelLabel}
        </Button>
        <Button onClick={confirm} loading={running} variant="contained" color="error">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
