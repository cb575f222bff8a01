import { MESSAGES, type LoginAnswer, type LoginInput } from '@school-transport/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { apiRequest, ApiError } from '../../lib/api/api-client';
import { hasRole, type AppSessionValue } from '../../lib/session/app-session';
import { loginResolver } from '../../lib/session/login-resolver';
import { useT, type PhoneApp } from '../i18n';
import { Alert, Button, Card, Heading, Stack, TextField } from '../kit';
import { LanguagePicker } from './LanguagePicker';

interface SignInScreenProps {
  app: PhoneApp;
  home: string;
  /** The app's own forgot-password page (/driver/forgot-password). */
  forgotPassword: string;
  session: Pick<AppSessionValue, 'signIn' | 'expired'>;
}

/** Office staff who open the driver app are sent to the back-office's sign-in (a parent's message names /driver). */
const ELSEWHERE: Partial<Record<PhoneApp, string>> = { driver: '/login' };

/**
 * The sign-in screen of a phone app, with the same POST /api/auth/login as the back-office. Anyone of another
 * role has their new session ended at once, never stored, and is told where to go. The language can be chosen
 * here, before anyone is signed in.
 */
export function SignInScreen({ app, home, forgotPassword, session }: SignInScreenProps) {
  const { t } = useT();
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
      if (!hasRole(answer.user, app)) {
        await apiRequest('POST', '/auth/logout', undefined, { token: answer.token }).catch(() => undefined);
        setProblem({ text: t(`signIn.wrongRole.${app}`), wrongRole: true });
        return;
      }
      signIn({ token: answer.token, user: answer.user });
      navigate(home, { replace: true });
    } catch (error) {
      const text =
        error instanceof ApiError
          ? error.status === 0
            ? t('kit.cannotReachServer')
            : error.errors.length > 0
              ? error.errors.map((item) => item.message).join(' ')
              : error.message
          : MESSAGES.loginFailed;
      setProblem({ text, wrongRole: false });
    }
  });

  return (
    <Card as="section" labelledBy="sign-in-title">
      <Heading level={1} id="sign-in-title">
        {t(`signIn.title.${app}`)}
      </Heading>
      {typeof notice === 'string' && <Alert tone="success">{notice}</Alert>}
      {expired && !problem && <Alert tone="info">{t('signIn.expired')}</Alert>}
      {problem && (
        <Alert tone="error">
          {problem.text}{' '}
          {problem.wrongRole && ELSEWHERE[app] && <a href={ELSEWHERE[app]}>{t('signIn.toBackOffice')}</a>}
        </Alert>
      )}
      <form noValidate onSubmit={submit}>
        <Stack gap={2.5}>
          <TextField
            label={t('signIn.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label={t('signIn.password')}
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" fullWidth busy={isSubmitting}>
            {t('signIn.submit')}
          </Button>
          {/* The app's own reset pages, in its language (decision 053). */}
          <Link to={forgotPassword} className="sr-button" data-variant="text" data-tone="primary">
            {t('signIn.forgotPassword')}
          </Link>
        </Stack>
      </form>
      <LanguagePicker />
    </Card>
  );
}
