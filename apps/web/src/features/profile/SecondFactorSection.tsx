import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { currentPasswordSchema, type TotpEnrolment } from '@school-transport/shared';
import { useState } from 'react';
import { FormTextField } from '../../components/form/FormTextField';
import { PageForm } from '../../components/form/PageForm';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { TitledPanel } from '../../components/TitledPanel';
import {
  useConfirmEnrolment,
  useRemoveFactor,
  useRenewRecoveryCodes,
  useSecondFactorStatus,
  useStartEnrolment,
} from './second-factor-api';
import { RecoveryCodeList, TotpSetup } from '../../components/TotpSetup';

/**
 * The admin's second factor: an authenticator app asked for at each sign-in, with recovery codes for when the
 * phone is not at hand. Removing it, or making new recovery codes, asks for the password again.
 */
export function SecondFactorSection() {
  const { data: status } = useSecondFactorStatus();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const renew = useRenewRecoveryCodes();
  const remove = useRemoveFactor();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  let body;
  if (codes) {
    body = (
      <Stack spacing={2}>
        <RecoveryCodeList codes={codes} />
        <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setCodes(null)}>
          I have saved them
        </Button>
      </Stack>
    );
  } else if (enrolment) {
    body = (
      <TotpSetup
        enrolment={enrolment}
        confirm={async (code) => {
          const answer = await confirm.mutateAsync(code);
          setEnrolment(null);
          setCodes(answer.data?.recoveryCodes ?? []);
        }}
      />
    );
  } else if (status?.totp) {
    body = (
      <Stack spacing={3}>
        <Typography variant="body2">
          On: each sign-in asks for a code from your authenticator app. {status.recoveryCodesLeft} recovery
          codes left.
        </Typography>
        <PasswordAction
          label="New Recovery Codes"
          act={renew}
          done={(answer) => setCodes(answer?.recoveryCodes ?? [])}
        />
        {!status.required && <PasswordAction label="Remove Authenticator App" act={remove} />}
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2}>
        <Typography variant="body2">
          Off. {status?.required ? 'Your organisation requires it: ' : ''}Add an authenticator app so that a
          password alone cannot sign in to your account.
        </Typography>
        <Button
          variant="contained"
          sx={{ alignSelf: 'flex-start' }}
          loading={start.isPending}
          onClick={async () => setEnrolment((await start.mutateAsync(undefined)).data ?? null)}
        >
          Set Up Authenticator App
        </Button>
      </Stack>
    );
  }
  return <TitledPanel title="Two-Step Verification">{body}</TitledPanel>;
}

function PasswordAction<T>({
  label,
  act,
  done,
}: {
  label: string;
  act: { mutateAsync: (password: string) => Promise<{ data?: T }> };
  done?: (data: T | undefined) => void;
}) {
  const { control, problems, submitWith, isSubmitting, reset } = useSchemaForm(
    currentPasswordSchema,
    { password: '' },
    { guardLeaving: false },
  );
  const submit = submitWith(async ({ password }) => {
    const answer = await act.mutateAsync(password);
    reset({ password: '' });
    done?.(answer.data);
  });
  return (
    <PageForm submitLabel={label} problems={problems} submitting={isSubmitting} onSubmit={submit}>
      <FormTextField
        control={control}
        name="password"
        label={`Current Password (${label})`}
        type="password"
        autoComplete="current-password"
        required
      />
    </PageForm>
  );
}
