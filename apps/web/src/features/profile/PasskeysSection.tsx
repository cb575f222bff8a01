import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Passkey } from '@school-transport/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { PasskeyNameForm } from '../../components/auth/PasskeyNameForm';
import { formatMoment } from '../../lib/time/format';
import { useAddPasskey, useRemovePasskey } from './second-factor-api';
import { PasswordAction } from './PasswordAction';

/**
 * The admin's passkeys (a second factor beside the authenticator app): each named, listed with when it was added
 * and last used; adding one prompts the browser; removing one is confirmed, then asks for the password.
 */
export function PasskeysSection({
  passkeys,
  showCodes,
}: {
  passkeys: Passkey[];
  /** The recovery codes a first passkey makes, to be shown once. */
  showCodes: (codes: string[]) => void;
}) {
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3">
        Passkeys
      </Typography>
      {passkeys.length === 0 ? (
        <Typography variant="body2">
          No passkey. A passkey (this device’s screen lock, a phone, or a security key) can stand in for the
          code at sign-in.
        </Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Passkeys">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </Stack>
      )}
      <AddPasskeyForm showCodes={showCodes} />
    </Stack>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const remove = useRemovePasskey(passkey.id);
  const [confirming, setConfirming] = useState(false);
  const [askingPassword, setAskingPassword] = useState(false);
  return (
    <Stack component="li" spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          <strong>{passkey.label}</strong> · added {formatMoment(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `last used ${formatMoment(passkey.lastUsedAt)}` : 'not used yet'}
        </Typography>
        {!askingPassword && (
          <Button color="error" onClick={() => setConfirming(true)} aria-label={`Remove ${passkey.label}`}>
            Remove
          </Button>
        )}
      </Stack>
      {askingPassword && <PasswordAction label="Remove Passkey" act={remove} />}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => setAskingPassword(true)}
        title="Remove Passkey"
        text={`Remove the passkey “${passkey.label}”? It will no longer sign you in. You will be asked for your password.`}
        confirmLabel="Remove"
      />
    </Stack>
  );
}

function AddPasskeyForm({ showCodes }: { showCodes: (codes: string[]) => void }) {
  const add = useAddPasskey();
  return (
    <PasskeyNameForm
      add={async (label) => {
        const answer = await add.mutateAsync(label);
        if (answer.data?.recoveryCodes.length) showCodes(answer.data.recoveryCodes);
      }}
    />
  );
}
