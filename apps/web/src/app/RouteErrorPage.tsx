import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * Replaces a screen that failed to load or crashed, keeping the layout around it. The usual cause is a new
 * release replacing the screen's code file while the tab was open, which a reload fixes.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);

  return (
    <Stack component="section" spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        Something went wrong
      </Typography>
      <Alert severity="error">This screen could not be shown. Reloading the page usually fixes it.</Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Stack>
  );
}
