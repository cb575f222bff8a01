import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, verifyEmailSchema } from '@school-transport/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FormProblems } from '../../components/form/FormProblems';
import { FormTextField } from '../../components/form/FormTextField';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useSession } from '../../lib/session/session';
import { PROFILE, useResendCode, useVerifyEmail } from './profile-api';
import { paths } from '../../lib/paths/paths';

/** The 6-digit code mailed to `pendingEmail`; once it is right, the account's address is that one. */
export function VerifyCodeForm({ pendingEmail }: { pendingEmail: string }) {
  const verify = useVerifyEmail();
  const resend = useResendCode();
  const { updateUser } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(verifyEmailSchema, { code: '' });

  const submit = submitWith(async (input) => {
    try {
      const answer = await verify.mutateAsync(input);
      updateUser({ email: answer.data?.email ?? pendingEmail });
      navigate(paths.profile);
    } catch (error) {
      // Too many wrong codes or an expired one spends the change: the screen then says there is none waiting.
      void queryClient.invalidateQueries({ queryKey: [PROFILE] });
      throw error;
    }
  });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit}>
      <Typography>
        {ACCOUNT_MESSAGES.verifyIntro} It went to <strong>{pendingEmail}</strong>.
      </Typography>
      <FormProblems problems={problems} />
      <FormTextField
        control={control}
        name="code"
        label="Verification Code"
        required
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        sx={{ maxWidth: 240 }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          Verify
        </Button>
        {/* The server's answer (sent, or wait a minute) shows as a toast. */}
        <Button variant="outlined" loading={resend.isPending} onClick={() => resend.mutate(undefined)}>
          Resend Code
        </Button>
      </Box>
    </Stack>
  );
}
