import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TotpEnrolment } from '@school-transport/shared';
import { useState } from 'react';
import { TitledPanel } from '../../components/page/TitledPanel';
import {
  useConfirmEnrolment,
  useRemoveFactor,
  useRenewRecoveryCodes,
  useSecondFactorStatus,
  useStartEnrolment,
} from './second-factor-api';
import { RecoveryCodeList, TotpSetup } from '../../components/auth/TotpSetup';
import { PasskeysSection } from './PasskeysSection';
import { PasswordAction } from './PasswordAction';

/**
 * The admin's second factor: an authenticator app asked for at each sign-in, with recovery codes for when the
 * phone is not at hand, and passkeys (PasskeysSection). Removing one, or making new recovery codes, asks for the
 * password again.
 */
export function SecondFactorSection() {
  const { data: status } = useSecondFactorStatus();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const renew = useRenewRecoveryCodes();
  const remove = useRemoveFactor();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const renewCodes = (
    <PasswordAction
      label="New Recovery Codes"
      act={renew}
      done={(answer) => setCodes(answer?.recoveryCodes ?? [])}
    />
  );
  const setUpApp = (variant: 'contained' | 'outlined') => (
    <Button
      variant={variant}
      sx={{ alignSelf: 'flex-start' }}
      loading={start.isPending}
      onClick={async () => setEnrolment((await start.mutateAsync(undefined)).data ?? null)}
    >
      Set Up Authenticator App
    </Button>
  );
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
        {renewCodes}
        {/* With the operator's requirement, the app goes only if a passkey stays (the server checks too). */}
        {(!status.required || status.passkeys.length > 0) && (
          <PasswordAction label="Remove Authenticator App" act={remove} />
        )}
      </Stack>
    );
  } else if (status?.passkeys.length) {
    body = (
      <Stack spacing={2}>
        <Typography variant="body2">
          On: each sign-in asks for one of your passkeys. {status.recoveryCodesLeft} recovery codes left. An
          authenticator app can be added as another way in.
        </Typography>
        {renewCodes}
        {setUpApp('outlined')}
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2}>
        <Typography variant="body2">
          Off. {status?.required ? 'Your organisation requires it: ' : ''}Add an authenticator app or a
          passkey so that a password alone cannot sign in to your account.
        </Typography>
        {setUpApp('contained')}
      </Stack>
    );
  }
  return (
    <TitledPanel title="Two-Step Verification">
      <Stack spacing={4}>
        {body}
        {status && <PasskeysSection passkeys={status.passkeys} showCodes={setCodes} />}
      </Stack>
    </TitledPanel>
  );
}
