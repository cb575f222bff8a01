import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import {
  loginSchema,
  MESSAGES,
  type LoginAnswer,
  type LoginInput,
  type SessionUser,
} from '@school-transport/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { CredentialsFields } from '../../components/form/CredentialsFields';
import { apiRequest, ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { driverPaths } from './driver-paths';
import { useDriverSession } from './driver-session';

export const NOT_A_DRIVER_MESSAGE =
  'This is the driver app. Office staff sign in at the back-office; parents will have their own app.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has ended. Sign in again.';

const isDriver = (user: SessionUser) => user.role.toLowerCase() === 'driver';

/** /driver/sign-in: drivers only. Anyone else's new session is ended at once and they are told where to go. */
export function DriverSignInPage() {
  const { signIn, expired } = useDriverSession();
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [problem, setProblem] = useState<{ text: string; notDriver: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async (credentials) => {
    setProblem(null);
    try {
      const answer = await apiRequest<LoginAnswer>('POST', '/auth/login', credentials, { token: null });
      if (!isDriver(answer.user)) {
        try {
          await apiRequest('POST', '/auth/logout', undefined, { token: answer.token });
        } catch {
          // Nothing to undo if the server cannot be reached: the token was never stored.
        }
        setProblem({ text: NOT_A_DRIVER_MESSAGE, notDriver: true });
        return;
      }
      signIn({ token: answer.token, user: answer.user });
      navigate(driverPaths.today, { replace: true });
    } catch (error) {
      const text =
        error instanceof ApiError
          ? error.errors.length > 0
            ? error.errors.map((item) => item.message).join(' ')
            : error.message
          : MESSAGES.loginFailed;
      setProblem({ text, notDriver: false });
    }
  });

  return (
    <AuthCard title="Driver sign in">
      <Stack spacing={2} sx={{ mb: 2 }}>
        {typeof notice === 'string' && <Alert severity="success">{notice}</Alert>}
        {expired && !problem && <Alert severity="info">{SESSION_EXPIRED_MESSAGE}</Alert>}
        {problem && (
          <Alert severity="error">
            {problem.text}{' '}
            {problem.notDriver && (
              <Link component={RouterLink} to={paths.login} color="inherit">
                Go to the back-office
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
          sx={{ textAlign: 'center' }}
        >
          Forgot password?
        </Link>
      </Stack>
    </AuthCard>
  );
}
