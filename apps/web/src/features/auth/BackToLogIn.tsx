import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths/paths';

/** The way back from Forgot and Reset Password to the sign-in screen. */
export function BackToLogIn() {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Link component={RouterLink} to={paths.login} variant="body2" color="text.secondary">
        Back to Log In
      </Link>
    </Box>
  );
}
