import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  confirmTotpSchema,
  recoveryCodeInputSchema,
  SECOND_FACTOR_MESSAGES,
  type LoginAnswer,
  type SecondFactorStep as Step,
  type TotpEnrolment,
} from '@school-transport/shared';
import { useEffect, useState } from 'react';
import { FormTextField } from '../../components/form/FormTextField';
import { PasskeyNameForm } from '../../components/auth/PasskeyNameForm';
import { PageForm } from '../../components/form/PageForm';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { ApiError } from '../../lib/api/api-client';
import { assertPasskey } from '../../lib/device/passkey-browser';
import {
  completeSecondFactor,
  confirmEnrolmentAtSignIn,
  enrolPasskeyAtSignIn,
  passkeyOptionsAtSignIn,
  startEnrolmentAtSignIn,
} from './second-factor-api';
import { RecoveryCodeList, TotpSetup } from '../../components/auth/TotpSetup';

/**
 * Log In's second step, after a right password: a passkey, a code from the app (or a recovery code), or, when
 * the operator requires a factor and the admin has none, setting one up. `done` receives the session.
 */
export function SecondFactorStep({ step, done }: { step: Step; done: (answer: LoginAnswer) => void }) {
  return step.next === 'code' ? (
    <Stack spacing={2}>
      {step.passkey && <PasskeyButton pendingToken={step.pendingToken} done={done} onlyWay={!step.totp} />}
      <CodeStep pendingToken={step.pendingToken} done={done} app={step.totp} />
    </Stack>
  ) : (
    <EnrolStep pendingToken={step.pendingToken} done={done} />
  );
}

/** "Use a passkey": the step's options, the browser's prompt, and the assertion for the session. */
function PasskeyButton({
  pendingToken,
  done,
  onlyWay,
}: {
  pendingToken: string;
  done: (answer: LoginAnswer) => void;
  onlyWay: boolean;
}) {
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const use = async () => {
    setRunning(true);
    setFailure(null);
    try {
      const passkey = await assertPasskey(await passkeyOptionsAtSignIn(pendingToken));
      done(await completeSecondFactor({ pendingToken, passkey }));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : SECOND_FACTOR_MESSAGES.passkeyRefused);
    } finally {
      setRunning(false);
    }
  };
  return (
    <Stack spacing={2}>
      {onlyWay && <Alert severity="info">{SECOND_FACTOR_MESSAGES.passkeyOnlyNeeded}</Alert>}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button
        variant={onlyWay ? 'contained' : 'outlined'}
        size="large"
        fullWidth
        loading={running}
        onClick={use}
      >
        Use a Passkey
      </Button>
    </Stack>
  );
}

/** A code from the app (when the account has one), or a recovery code (any account with a factor has them). */
function CodeStep({
  pendingToken,
  done,
  app,
}: {
  pendingToken: string;
  done: (answer: LoginAnswer) => void;
  app: boolean;
}) {
  const [recovery, setRecovery] = useState(false);
  return (
    <Stack spacing={2}>
      {recovery ? (
        <RecoveryForm
          submit={async (recoveryCode) => done(await completeSecondFactor({ pendingToken, recoveryCode }))}
        />
      ) : (
        app && <CodeForm submit={async (code) => done(await completeSecondFactor({ pendingToken, code }))} />
      )}
      {(app || !recovery) && (
        <Link component="button" type="button" variant="body2" onClick={() => setRecovery(!recovery)}>
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </Link>
      )}
    </Stack>
  );
}

function CodeForm({ submit }: { submit: (code: string) => Promise<void> }) {
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(
    confirmTotpSchema,
    { code: '' },
    { guardLeaving: false },
  );
  return (
    <PageForm
      submitLabel="Verify"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(({ code }) => submit(code))}
      fullWidthButton
    >
      <Alert severity="info">{SECOND_FACTOR_MESSAGES.codeNeeded}</Alert>
      <FormTextField
        control={control}
        name="code"
        label="Authentication code"
        autoComplete="one-time-code"
        inputMode="numeric"
        autoFocus
        required
      />
    </PageForm>
  );
}

function RecoveryForm({ submit }: { submit: (code: string) => Promise<void> }) {
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(
    recoveryCodeInputSchema,
    { recoveryCode: '' },
    { guardLeaving: false },
  );
  return (
    <PageForm
      submitLabel="Verify"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(({ recoveryCode }) => submit(recoveryCode))}
      fullWidthButton
    >
      <FormTextField
        control={control}
        name="recoveryCode"
        label="Recovery code"
        autoComplete="off"
        autoFocus
        required
      />
    </PageForm>
  );
}

function EnrolStep({ pendingToken, done }: { pendingToken: string; done: (answer: LoginAnswer) => void }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState<(LoginAnswer & { recoveryCodes: string[] }) | null>(null);
  useEffect(() => {
    startEnrolmentAtSignIn(pendingToken).then(setEnrolment, (error: unknown) =>
      setFailure(error instanceof ApiError ? error.message : SECOND_FACTOR_MESSAGES.stepExpired),
    );
  }, [pendingToken]);

  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (signedIn) {
    return (
      <Stack spacing={2}>
        <RecoveryCodeList codes={signedIn.recoveryCodes} />
        <Button variant="contained" size="large" fullWidth onClick={() => done(signedIn)}>
          Continue
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Alert severity="info">{SECOND_FACTOR_MESSAGES.enrolNeeded}</Alert>
      {enrolment && (
        <TotpSetup
          enrolment={enrolment}
          confirm={async (code) => setSignedIn(await confirmEnrolmentAtSignIn(pendingToken, code))}
          fullWidthButton
        />
      )}
      <Typography variant="subtitle1" component="h3">
        Or add a passkey
      </Typography>
      <PasskeyNameForm
        add={async (label) => setSignedIn(await enrolPasskeyAtSignIn(pendingToken, label))}
        fullWidthButton
      />
    </Stack>
  );
}
