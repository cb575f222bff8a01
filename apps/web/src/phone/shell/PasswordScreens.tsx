import { zodResolver } from '@hookform/resolvers/zod';
import {
  forgotPasswordSchema,
  PASSWORD_MIN,
  resetPasswordSchema,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '@school-transport/shared';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiRequest, ApiError } from '../../lib/api/api-client';
import { useT, type Translation } from '../i18n';
import { Alert, Button, Card, Heading, Stack, Text, TextField } from '../kit';
import { LanguagePicker } from './LanguagePicker';

/** A phone app's password pages, below its own path: /driver/forgot-password, /parent/reset-password?token=…. */
export const passwordPaths = (base: string) => ({
  forgot: `${base}/forgot-password`,
  reset: `${base}/reset-password`,
});

/** Whether `pathname` is one of the password pages below `base` (shown signed in or not: a link may be opened anywhere). */
export const isPasswordPage = (base: string, pathname: string) =>
  Object.values(passwordPaths(base)).includes(pathname);

/**
 * A schema's complaint about a field in the phone's language: the forms check with the same zod schemas as the
 * office's and the server, whose messages are English, so the kind of problem picks the catalogue's words.
 */
export function fieldWords(
  t: Translation['t'],
  error: FieldError | undefined,
  /** What a too-short value is told (a password's rule); else "required". */
  tooShort?: string,
): string | undefined {
  if (!error) return undefined;
  switch (error.type) {
    case 'invalid_format':
      return t('field.emailInvalid');
    case 'custom':
      return t('field.passwordsDiffer');
    case 'too_big':
      return t('field.tooLong');
    case 'too_small':
      return tooShort ?? t('field.required');
    default:
      return t('field.required');
  }
}

/** What went wrong in the server's words (written in the phone's language), or ours when it cannot be reached. */
const problemOf = (t: Translation['t'], error: unknown) =>
  error instanceof ApiError && error.status !== 0 ? error.message : t('kit.cannotReachServer');

interface PasswordScreenProps {
  /** The app's path: /driver, /parent. */
  base: string;
  signIn: string;
}

/** The frame both password screens share: a titled card whose last word is the way back to sign-in. */
function PasswordCard({
  id,
  title,
  signIn,
  children,
  after,
}: {
  id: string;
  title: string;
  signIn: string;
  children: ReactNode;
  /** Below the way back (the forgot screen's language picker). */
  after?: ReactNode;
}) {
  const { t } = useT();
  return (
    <Card as="section" labelledBy={id}>
      <Heading level={1} id={id}>
        {title}
      </Heading>
      {children}
      <Link to={signIn} className="sr-button" data-variant="text" data-tone="primary">
        {t('forgot.backToSignIn')}
      </Link>
      {after}
    </Card>
  );
}

/** Asks for a reset link (POST /api/auth/forgot-password, as the office does); the answer is the same for any address. */
export function ForgotPasswordScreen({ signIn }: PasswordScreenProps) {
  const { t } = useT();
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async (input) => {
    setProblem(null);
    try {
      await apiRequest('POST', '/auth/forgot-password', input, { token: null });
      setSent(true);
    } catch (error) {
      setProblem(problemOf(t, error));
    }
  });

  return (
    <PasswordCard id="forgot-title" title={t('forgot.title')} signIn={signIn} after={<LanguagePicker />}>
      {sent ? (
        <Alert tone="success">{t('forgot.sent')}</Alert>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap={2.5}>
            <Text>{t('forgot.intro')}</Text>
            {problem && <Alert tone="error">{problem}</Alert>}
            <TextField
              label={t('signIn.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              error={fieldWords(t, errors.email)}
              {...register('email')}
            />
            <Button type="submit" fullWidth busy={isSubmitting}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </PasswordCard>
  );
}

/**
 * Where a driver's or parent's reset link opens (/driver/reset-password?token=…): the new password twice, checked
 * with the office's schema, sent to POST /api/auth/reset-password; then the app's sign-in, saying it worked. A
 * used or expired link is refused by the server in the phone's language, with the way to a new one.
 */
export function ResetPasswordScreen({ base, signIn }: PasswordScreenProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const tokenLooksValid = resetPasswordSchema.shape.token.safeParse(token).success;
  const [problem, setProblem] = useState<{ text: string; newLink: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async (input) => {
    setProblem(null);
    try {
      await apiRequest('POST', '/auth/reset-password', input, { token: null });
      reset({ token, password: '', confirmPassword: '' });
      navigate(signIn, { replace: true, state: { notice: t('reset.done') } });
    } catch (error) {
      const text =
        error instanceof ApiError && error.status !== 0 && error.errors.length > 0
          ? error.errors.map((item) => item.message).join(' ')
          : problemOf(t, error);
      setProblem({ text, newLink: error instanceof ApiError && error.code === 'refusal.linkInvalid' });
    }
  });

  const askForNewLink = <Link to={passwordPaths(base).forgot}>{t('reset.askNewLink')}</Link>;
  return (
    <PasswordCard id="reset-title" title={t('reset.title')} signIn={signIn}>
      {!tokenLooksValid ? (
        <Alert tone="error">
          {t('reset.incompleteLink')} {askForNewLink}
        </Alert>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap={2.5}>
            {problem && (
              <Alert tone="error">
                {problem.text} {problem.newLink && askForNewLink}
              </Alert>
            )}
            <TextField
              label={t('password.new')}
              hint={t('password.rule', { count: PASSWORD_MIN })}
              type="password"
              autoComplete="new-password"
              required
              error={fieldWords(t, errors.password, t('password.rule', { count: PASSWORD_MIN }))}
              {...register('password')}
            />
            <TextField
              label={t('password.confirm')}
              type="password"
              autoComplete="new-password"
              required
              error={fieldWords(t, errors.confirmPassword)}
              {...register('confirmPassword')}
            />
            <Button type="submit" fullWidth busy={isSubmitting}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </PasswordCard>
  );
}
