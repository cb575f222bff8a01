import MuiAlert from '@mui/material/Alert';
import Button from '@mui/material/Button';

interface RetryAlertProps {
  error?: Error;
  /** Words of the screen's own (the specification's 'Failed to fetch drivers data!'), instead of the error's. */
  message?: string;
  onRetry: () => void;
}

/** A load that failed: what went wrong, and a Retry that asks again (lists, panels and details alike). */
export function RetryAlert({ error, message = error?.message, onRetry }: RetryAlertProps) {
  return (
    <MuiAlert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </MuiAlert>
  );
}
