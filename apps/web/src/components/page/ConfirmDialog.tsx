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
  /** Red for what takes something away (the default: deleting); another colour for what gives back. */
  confirmColor?: 'error' | 'primary';
}

/** The defaults are the generic delete confirmation: 'Delete Item', its question, Cancel and Delete. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title = 'Delete Item',
  text = 'Are you sure you want to delete this item?',
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  confirmColor = 'error',
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
        <Button onClick={confirm} loading={running} variant="contained" color={confirmColor}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface DeleteConfirmationOptions<T> {
  /** The confirmation's title, e.g. 'Delete Driver?'. */
  title: string;
  /** What it says of the record about to go. */
  describe: (record: T) => string;
  /** The delete call (a delete mutation's `mutateAsync`); it reports its own failure. */
  remove: (id: string) => Promise<unknown>;
}

/**
 * The delete confirmation of a list's rows: `confirmDelete(record)` opens it, and `dialog` is the element to
 * render (nothing while closed).
 */
export function useDeleteConfirmation<T extends { id: string }>({
  title,
  describe,
  remove,
}: DeleteConfirmationOptions<T>) {
  const [record, setRecord] = useState<T | null>(null);
  const dialog = record && (
    <ConfirmDialog
      open
      title={title}
      text={describe(record)}
      onConfirm={() => remove(record.id)}
      onClose={() => setRecord(null)}
    />
  );
  return { confirmDelete: setRecord, dialog };
}
