import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/page/PageHeader';
import { PageLoader } from '../../components/shell/PageLoader';
import { useProfile } from './profile-api';
import { EmailSection } from './EmailSection';
import { NameSection } from './NameSection';
import { PasswordSection } from './PasswordSection';
import { SecondFactorSection } from './SecondFactorSection';
import { SessionsSection } from './SessionsSection';

/** The signed-in person's own account: name, e-mail address, password and where they are signed in. */
export function ProfilePage() {
  const { data: profile, error, isPending } = useProfile();

  return (
    <>
      <PageHeader title="Profile" />
      {isPending ? (
        <PageLoader />
      ) : profile ? (
        <Stack spacing={3} sx={{ maxWidth: 900 }}>
          <NameSection profile={profile} />
          <EmailSection profile={profile} />
          <PasswordSection />
          <SecondFactorSection />
          <SessionsSection />
        </Stack>
      ) : (
        <Alert severity="error">{error?.message ?? 'The profile could not be loaded.'}</Alert>
      )}
    </>
  );
}
