import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type BaseSyntheticEvent, type ReactNode } from 'react';
import { FormProblems } from './FormProblems';

interface FormDialogProps {
  title: string;
  submitLabel: string;
  problems: readonly string[];
  submitting: boolean;
  /** A react-hook-form submit handler. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
  /** Wider for fields side by side; 'sm' by default. */
  maxWidth?: DialogProps['maxWidth'];
  /** The dismissing button's words: 'Cancel' by default ('Keep Trip' where the action itself is a cancellation). */
  cancelLabel?: string;
  /** Red for what takes something away; the primary colour by default. */
  submitColor?: 'primary' | 'error';
}

/**
 * The add/edit modal of a list screen. It is mounted only while open, so every opening starts from a fresh
 * form; it cannot be dismissed while saving.
 */
export function FormDialog({
  title,
  submitLabel,
  problems,
  submitting,
  onSubmit,
  onClose,
  children,
  maxWidth = 'sm',
  cancelLabel = 'Cancel',
  submitColor = 'primary',
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      {/* A flex column, so that a long form scrolls inside DialogContent between a fixed title and buttons. */}
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {/* Top padding keeps the first field's floating label clear of the title. */}
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormProblems problems={problems} />
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={submitting} color="inherit">
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" color={submitColor} loading={submitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
