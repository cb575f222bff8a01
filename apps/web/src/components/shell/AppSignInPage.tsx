import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { MESSAGES, type LoginAnswer, type LoginInput } from '@school-transport/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { apiRequest, ApiError } from '../../lib/api/api-client';
import { hasRole, type AppSessionValue } from '../../lib/session/app-session';
import { paths } from '../../lib/paths/paths';
import { AuthCard } from '../auth/AuthCard';
import { CredentialsFields } from '../auth/CredentialsFields';
import { loginResolver } from '../../lib/session/login-resolver';

export const SESSION_EXPIRED_MESSAGE = 'Your session has ended. Sign in again.';

export interface AppSignInPageProps {
  /** The card's heading, e.g. 'Driver sign in'. */
  title: string;
  /** The only role this app is for. */
  role: string;
  /** What anyone else is told: which app this is and where they go instead. */
  wrongRoleMessage: string;
  /** A link shown after that message, to where they belong. */
  elsewhere?: { to: string; label: string };
  /** Where a signed-in user lands. */
  home: string;
  session: Pick<AppSessionValue, 'signIn' | 'expired'>;
}

/**
 * The sign-in screen of an app for one role (the driver app, the parent portal), with the same POST /api/auth/login
 * as the back-office. Anyone else's new session is ended at once, never stored, and they are told where to go.
 */
export function AppSignInPage({
  title,
  role,
  wrongRoleMessage,
  elsewhere,
  home,
  session,
}: AppSignInPageProps) {
  const { signIn, expired } = session;
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [problem, setProblem] = useState<{ text: string; wrongRole: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async (credentials) => {
    setProblem(null);
    try {
      const answer = await apiRequest<LoginAnswer>('POST', '/auth/login', credentials, { token: null });
      if (!hasRole(answer.user, role)) {
        try {
          await apiRequest('POST', '/auth/logout', undefined, { token: answer.token });
        } catch {
          // Nothing to undo if the server cannot be reached: the token was never stored.
        }
        setProblem({ text: wrongRoleMessage, wrongRole: true });
        return;
      }
      signIn({ token: answer.token, user: answer.user });
      navigate(home, { replace: true });
    } catch (error) {
      const text =
        error instanceof ApiError
          ? error.errors.length > 0
            ? error.errors.map((item) => item.message).join(' ')
            : error.message
          : MESSAGES.loginFailed;
      setProblem({ text, wrongRole: false });
    }
  });

  return (
    <AuthCard title={title}>
      <Stack spacing={2} sx={{ mb: 2 }}>
        {typeof notice === 'string' && <Alert severity="success">{notice}</Alert>}
        {expired && !problem && <Alert severity="info">{SESSION_EXPIRED_MESSAGE}</Alert>}
        {problem && (
          <Alert severity="error">
            {problem.text}{' '}
            {problem.wrongRole && elsewhere && (
              <Link component={RouterLink} to={elsewhere.to} color="inherit">
                {elsewhere.label}
              </Link>
            )}
          </Alert>
        )}
      </Stack>
      <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
        <CredentialsFields register={register} errors={errors} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          Sign in
        </Button>
        <Link
          component={RouterLink}
          to={paths.forgotPassword}
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'center', py: 0.5 }}
        >
          Forgot password?
        </Link>
      </Stack>
    </AuthCard>
  );
}
