import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A screen's data could not be loaded (and none was kept on the phone): the reason and a Retry. */
export function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {error.message}
    </Alert>
  );
}
