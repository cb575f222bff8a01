import MuiAlert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A load that failed: what went wrong, and a Retry that asks again (lists, panels and details alike). */
export function RetryAlert({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <MuiAlert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {error.message}
    </MuiAlert>
  );
}
