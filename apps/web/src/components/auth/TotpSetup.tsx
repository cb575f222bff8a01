import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { confirmTotpSchema, type TotpEnrolment } from '@school-transport/shared';
import { useEffect, useState } from 'react';
import { FormTextField } from '../form/FormTextField';
import { PageForm } from '../form/PageForm';
import { useSchemaForm } from '../form/useSchemaForm';

/**
 * Setting up an authenticator app: the otpauth URI as a QR code (drawn here, so the secret never leaves for an
 * image service), the same secret as text for apps that cannot scan, and the first code to prove it works.
 */
export function TotpSetup({
  enrolment,
  confirm,
  fullWidthButton = false,
}: {
  enrolment: TotpEnrolment;
  confirm: (code: string) => Promise<unknown>;
  fullWidthButton?: boolean;
}) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) =>
        qrcode.toDataURL(enrolment.otpauthUri, { margin: 1, width: 200, errorCorrectionLevel: 'M' }),
      )
      .then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [enrolment.otpauthUri]);
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(
    confirmTotpSchema,
    { code: '' },
    { guardLeaving: false },
  );
  const submit = submitWith(async ({ code }) => {
    await confirm(code);
  });

  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator,
        1Password or Aegis), then enter the 6-digit code it shows.
      </Typography>
      <Box sx={{ minHeight: 200 }}>
        {qr && <img src={qr} width={200} height={200} alt="QR code for your authenticator app" />}
      </Box>
      <Typography variant="body2">
        Cannot scan? Enter this key in the app:{' '}
        <Box
          component="code"
          data-testid="totp-secret"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {enrolment.secret}
        </Box>
      </Typography>
      <PageForm
        submitLabel="Confirm"
        problems={problems}
        submitting={isSubmitting}
        onSubmit={submit}
        fullWidthButton={fullWidthButton}
      >
        <FormTextField
          control={control}
          name="code"
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
        />
      </PageForm>
    </Stack>
  );
}

/** New recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        Keep these recovery codes somewhere safe. Each one signs you in once if your phone is not at hand;
        they are shown only now.
      </Typography>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', columns: 2, listStyle: 'none', p: 0, m: 0 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
    </Stack>
  );
}
