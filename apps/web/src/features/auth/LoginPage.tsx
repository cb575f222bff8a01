import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Divider from '@mui/material/Divider';
import {
  MESSAGES,
  type LoginAnswer,
  type LoginInput,
  type SecondFactorStep as Step,
} from '@school-transport/shared';
import {
  SSO_REFUSAL_REASONS,
  SSO_REFUSALS,
  type PublicSsoProvider,
  type SsoRefusalReason,
} from '@school-transport/shared/sso-public';
import { useSnackbar } from 'notistack';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/auth/AuthCard';
import { CredentialsFields } from '../../components/auth/CredentialsFields';
import { loginResolver } from '../../lib/session/login-resolver';
import { ApiError } from '../../lib/api/api-client';
import {
  fetchSignInProviders,
  finishSingleSignOn,
  requestLogin,
  revokeToken,
  singleSignOnStart,
} from './auth-api';
import { readLoginNotice } from './login-notice';
import { landingOf, paths } from '../../lib/paths/paths';
import { staffRoleOf, useSession } from '../../lib/session/session';

/** Drivers and parents have an app of their own; the back-office points them to it (the app's address). */
export const DRIVERS_GO_TO_DRIVER_APP = 'Drivers sign in at the driver app: /driver';
export const PARENTS_GO_TO_PARENT_PORTAL = 'Parents sign in at the parent portal: /parent';
const GO_TO_APP: Partial<Record<string, string>> = {
  driver: DRIVERS_GO_TO_DRIVER_APP,
  parent: PARENTS_GO_TO_PARENT_PORTAL,
};

/** Only administrators with a second factor reach it: loaded then, so Log In's first load stays small. */
const SecondFactorStep = lazy(async () => ({
  default: (await import('./SecondFactorStep')).SecondFactorStep,
}));

/** What the server said about a failed sign-in: its per-field errors, or else its message. */
function problemsOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [MESSAGES.loginFailed];
  return error.errors.length > 0 ? error.errors.map((item) => item.message) : [error.message];
}

const isRefusal = (value: string | null): value is SsoRefusalReason =>
  (SSO_REFUSAL_REASONS as readonly (string | null)[]).includes(value);

/**
 * Single sign-on's part of Log In (decision 070): the providers' buttons, and the way back from a provider: the
 * callback sends the browser here with a one-time code (spent for the session) or the reason it was refused.
 */
function useSingleSignOn(
  enter: (answer: LoginAnswer) => Promise<void>,
  refuse: (problems: string[]) => void,
) {
  const [providers, setProviders] = useState<PublicSsoProvider[]>([]);
  const [params, setParams] = useSearchParams();
  const [finishing, setFinishing] = useState(params.has('sso_code'));
  const handled = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    void fetchSignInProviders(controller.signal).then(setProviders);
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const code = params.get('sso_code');
    const refused = params.get('sso_refused');
    if (!code && !refused) return;
    // The code is spent once: it leaves the address (and the history) before anything else.
    setParams({}, { replace: true });
    if (isRefusal(refused)) refuse([SSO_REFUSALS[refused]]);
    if (!code) return;
    finishSingleSignOn(code)
      .then(enter)
      .catch((error: unknown) => refuse(problemsOf(error)))
      .finally(() => setFinishing(false));
  }, [params, setParams, enter, refuse]);

  return { providers, finishing };
}

export function LoginPage() {
  const { signIn, endedByServer } = useSession();
  const navigate = useNavigate();
  const notice = readLoginNotice(useLocation().state);
  const { enqueueSnackbar } = useSnackbar();
  const [problems, setProblems] = useState<string[]>([]);
  const [step, setStep] = useState<Step | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });

  const enter = async (answer: LoginAnswer) => {
    if (!staffRoleOf(answer.user)) {
      // Drivers and parents have valid accounts but no business here: their new session is revoked at once.
      await revokeToken(answer.token);
      setProblems([
        MESSAGES.backOfficeAdminsOnly,
        ...[GO_TO_APP[answer.user.role]].filter((text) => text !== undefined),
      ]);
      return;
    }
    signIn(answer);
    enqueueSnackbar(`Welcome back, ${answer.user.name || 'User'}`, { variant: answer.type });
    navigate(landingOf(staffRoleOf(answer.user)), { replace: true });
  };

  const sso = useSingleSignOn(enter, setProblems);

  const logIn = handleSubmit(async (credentials) => {
    setProblems([]);
    try {
      const answer = await requestLogin(credentials);
      if ('secondFactor' in answer) setStep(answer.secondFactor);
      else await enter(answer);
    } catch (error) {
      setProblems(problemsOf(error));
      enqueueSnackbar(error instanceof ApiError ? error.message : MESSAGES.loginFailed, { variant: 'error' });
    }
  });

  if (step) {
    return (
      <AuthCard title="Two-Step Verification">
        <Suspense fallback={null}>
          <SecondFactorStep step={step} done={(answer) => void enter(answer)} />
        </Suspense>
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            color="text.secondary"
            onClick={() => setStep(null)}
          >
            Back to Log In
          </Link>
        </Box>
      </AuthCard>
    );
  }

  const hasAlerts = problems.length > 0 || endedByServer || notice !== null;
  return (
    <AuthCard title="Log In">
      <Stack spacing={2} sx={{ mb: hasAlerts ? 2 : 0 }}>
        {notice && <Alert severity="success">{notice}</Alert>}
        {endedByServer && <Alert severity="info">{MESSAGES.sessionEnded}</Alert>}
        {problems.map((problem, index) => (
          <Alert key={index} severity="error">
            {problem}
          </Alert>
        ))}
      </Stack>
      {/* noValidate: the shared schema's messages replace the browser's own validation bubbles. */}
      <Stack component="form" spacing={2.5} noValidate onSubmit={logIn}>
        <CredentialsFields register={register} errors={errors} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          Log In
        </Button>
        <Box sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to={paths.forgotPassword} variant="body2" color="text.secondary">
            Forgot password?
          </Link>
        </Box>
      </Stack>
      {sso.providers.length > 0 && (
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          <Divider>or</Divider>
          {sso.providers.map((provider) => (
            <Button
              key={provider.slug}
              variant="outlined"
              size="large"
              fullWidth
              href={singleSignOnStart(provider.slug)}
              loading={sso.finishing}
            >
              Sign in with {provider.name}
            </Button>
          ))}
        </Stack>
      )}
    </AuthCard>
  );
}
