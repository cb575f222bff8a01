import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { changeEmailSchema, type Profile } from '@school-transport/shared';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormTextField } from '../../components/form/FormTextField';
import { PageForm } from '../../components/form/PageForm';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useChangeEmail } from './profile-api';
import { paths } from '../../lib/paths/paths';
import { TitledPanel } from '../../components/page/TitledPanel';

/**
 * The new address and the current password (a session left open is not enough to take the account over); the
 * server mails the new address a code, the address changes once that code is entered, and the old one is told.
 */
function ChangeEmailForm({ onCancel }: { onCancel: () => void }) {
  const changeEmail = useChangeEmail();
  const navigate = useNavigate();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(changeEmailSchema, {
    email: '',
    currentPassword: '',
  });

  const submit = submitWith(async (input) => {
    await changeEmail.mutateAsync(input);
    navigate(paths.emailVerify);
  });

  return (
    <Stack spacing={1}>
      <PageForm submitLabel="Send Code" problems={problems} submitting={isSubmitting} onSubmit={submit}>
        <FormTextField
          control={control}
          name="email"
          label="New email"
          type="email"
          autoComplete="email"
          required
          helperText="We will send a 6-digit code to this address."
        />
        <FormTextField
          control={control}
          name="currentPassword"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          required
        />
      </PageForm>
      <Button onClick={onCancel} disabled={isSubmitting} color="inherit" sx={{ alignSelf: 'flex-start' }}>
        Cancel
      </Button>
    </Stack>
  );
}

export function EmailSection({ profile }: { profile: Profile }) {
  const [changing, setChanging] = useState(false);

  return (
    <TitledPanel title="Email">
      <Stack spacing={2}>
        <Typography>
          Current address: <strong>{profile.email}</strong>
        </Typography>
        {profile.pendingEmail && (
          <Alert severity="info">
            A code was sent to {profile.pendingEmail}.{' '}
            <Link component={RouterLink} to={paths.emailVerify} color="inherit">
              Enter the code
            </Link>
          </Alert>
        )}
        {changing ? (
          <ChangeEmailForm onCancel={() => setChanging(false)} />
        ) : (
          <Button variant="outlined" onClick={() => setChanging(true)} sx={{ alignSelf: 'flex-start' }}>
            Change email
          </Button>
        )}
      </Stack>
    </TitledPanel>
  );
}
