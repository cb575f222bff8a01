import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { ACCOUNT_MESSAGES, resetPasswordSchema } from '@school-transport/shared';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/auth/AuthCard';
import { ANY_ROLE_PASSWORD_HINT, NewPasswordFields } from '../../components/auth/NewPasswordFields';
import { PageForm } from '../../components/form/PageForm';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { resetPassword } from './auth-api';
import { BackToLogIn } from './BackToLogIn';
import type { LoginNotice } from './login-notice';
import { paths } from '../../lib/paths/paths';

/**
 * An invitation link to an app says which (`&app=driver`, `&app=parent`): once the password is set, the person goes
 * to that app's sign-in (the back-office would refuse them). Any other value leads to the back-office's. The phone
 * apps are pages of their own (decision 053), so going there loads that page: this app's router knows no such
 * address and would show its 404 (the second guardian's story in e2e/tests/families.spec.ts found it).
 */
const APP_SIGN_IN = new Map([
  ['driver', '/driver/sign-in'],
  ['parent', '/parent/sign-in'],
]);

const INCOMPLETE_LINK_MESSAGE =
  'This link is incomplete. Copy the whole link from the mail, or ask for a new one.';

function AskForNewLink() {
  return (
    <Link component={RouterLink} to={paths.forgotPassword} color="inherit">
      Ask for a new link
    </Link>
  );
}

/** The password form, for a token that at least looks like one; the server decides whether it still works. */
function ResetPasswordForm({ token, signInPath }: { token: string; signInPath: string }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(resetPasswordSchema, {
    token,
    password: '',
    confirmPassword: '',
  });

  const submit = submitWith(async (input) => {
    const answer = await resetPassword(input);
    enqueueSnackbar(answer.message ?? ACCOUNT_MESSAGES.passwordUpdated, { variant: 'success' });
    if (signInPath !== paths.login) {
      window.location.assign(signInPath);
      return;
    }
    const notice: LoginNotice = { notice: ACCOUNT_MESSAGES.passwordUpdated };
    navigate(signInPath, { replace: true, state: notice });
  });

  return (
    <Stack spacing={2.5}>
      <PageForm
        submitLabel="Update Password"
        problems={problems}
        submitting={isSubmitting}
        onSubmit={submit}
        fullWidthButton
      >
        <NewPasswordFields control={control} hint={ANY_ROLE_PASSWORD_HINT} />
      </PageForm>
      {/* A used or expired link cannot be fixed here: the way on is a new one. */}
      {problems.includes(ACCOUNT_MESSAGES.linkInvalid) && <AskForNewLink />}
    </Stack>
  );
}

/**
 * Where a reset link and an invitation link lead (`/reset-password?token=…`): the person chooses a password and
 * then signs in with it. Reachable signed in or not, since the link may be for any account.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const tokenLooksValid = resetPasswordSchema.shape.token.safeParse(token).success;

  return (
    <AuthCard title="Reset Password">
      <Stack spacing={2.5}>
        {tokenLooksValid ? (
          <ResetPasswordForm
            token={token}
            signInPath={APP_SIGN_IN.get(searchParams.get('app') ?? '') ?? paths.login}
          />
        ) : (
          <Alert severity="error">
            {INCOMPLETE_LINK_MESSAGE} <AskForNewLink />
          </Alert>
        )}
        <BackToLogIn />
      </Stack>
    </AuthCard>
  );
}
