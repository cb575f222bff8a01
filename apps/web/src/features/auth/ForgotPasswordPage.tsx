import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, forgotPasswordSchema } from '@school-transport/shared';
import { useState } from 'react';
import { AuthCard } from '../../components/auth/AuthCard';
import { FormTextField } from '../../components/form/FormTextField';
import { PageForm } from '../../components/form/PageForm';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { requestPasswordReset } from './auth-api';
import { BackToLogIn } from './BackToLogIn';

/**
 * Asks for a reset link. The server answers the same for every address (so nobody learns who has an account),
 * and so does this screen: its message, in place of the form.
 */
export function ForgotPasswordPage() {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(forgotPasswordSchema, { email: '' });

  const submit = submitWith(async (input) => {
    const answer = await requestPasswordReset(input);
    setSentMessage(answer.message ?? ACCOUNT_MESSAGES.resetLinkSent);
  });

  return (
    <AuthCard title="Forgot Password">
      <Stack spacing={2.5}>
        {sentMessage ? (
          <Alert severity="success">{sentMessage}</Alert>
        ) : (
          <>
            <Typography sx={{ color: 'text.secondary' }}>{ACCOUNT_MESSAGES.forgotIntro}</Typography>
            <PageForm
              submitLabel="Send Reset Link"
              problems={problems}
              submitting={isSubmitting}
              onSubmit={submit}
              fullWidthButton
            >
              <FormTextField
                control={control}
                name="email"
                label="Email Address"
                type="email"
                autoComplete="email"
                required
              />
            </PageForm>
          </>
        )}
        <BackToLogIn />
      </Stack>
    </AuthCard>
  );
}
