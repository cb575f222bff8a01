import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page/PageHeader';
import { PageLoader } from '../../components/shell/PageLoader';
import { useProfile } from './profile-api';
import { paths } from '../../lib/paths/paths';
import { VerifyCodeForm } from './VerifyCodeForm';

const BREADCRUMBS = [{ label: 'Profile', to: paths.profile }];

/** Where the code mailed to a new address is entered; the address changes only then. */
export function EmailVerifyPage() {
  const { data: profile, error, isPending } = useProfile();

  return (
    <>
      <PageHeader title="Verify Your Email" breadcrumbs={BREADCRUMBS} />
      {isPending ? (
        <PageLoader />
      ) : !profile ? (
        <Alert severity="error">{error?.message ?? 'The profile could not be loaded.'}</Alert>
      ) : profile.pendingEmail ? (
        <Paper sx={{ p: 3, maxWidth: 600 }}>
          <VerifyCodeForm pendingEmail={profile.pendingEmail} />
        </Paper>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="info">
            There is no email change waiting for a code. To change your address, start from your profile.
          </Alert>
          <Button component={RouterLink} to={paths.profile} variant="outlined">
            Go to Profile
          </Button>
        </Stack>
      )}
    </>
  );
}
