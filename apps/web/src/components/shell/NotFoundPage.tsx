import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths/paths';

export function NotFoundPage() {
  return (
    <Stack component="section" spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h2" component="p" aria-hidden color="primary" sx={{ fontWeight: 800 }}>
        404
      </Typography>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        Oops! Page Not Found
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        The page you are looking for doesn&apos;t exist or has been moved.
      </Typography>
      <Button component={RouterLink} to={paths.dashboard} variant="contained">
        Go to Dashboard
      </Button>
    </Stack>
  );
}
