import AddOutlinedIcon from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { SsoProvider } from '@school-transport/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { PageHeader } from '../../components/page/PageHeader';
import { RetryAlert } from '../../components/page/RetryAlert';
import { TitledPanel } from '../../components/page/TitledPanel';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';
import { SsoProviderDialog } from './SsoProviderDialog';
import { useDeleteSsoProvider, useSaveSsoSettings, useSsoProviders, useSsoSettings } from './sso-api';
import { ROLE_LABELS } from '@school-transport/shared/roles';

type OpenDialog =
  | { kind: 'edit'; provider?: SsoProvider }
  | { kind: 'delete'; provider: SsoProvider }
  | { kind: 'passwords-off' }
  | null;

/**
 * Single sign-on (decision 070): the OpenID Connect providers staff sign in with, and the switch that turns staff
 * passwords off once one works. Drivers and parents keep their passwords.
 */
export function SingleSignOnPage() {
  const providers = useSsoProviders();
  const settings = useSsoSettings();
  const saveSettings = useSaveSsoSettings();
  const remove = useDeleteSsoProvider();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const { title } = SCREEN_HEADINGS.singleSignOn;

  return (
    <>
      <PageHeader
        title={title}
        action={
          <Button
            variant="contained"
            startIcon={<AddOutlinedIcon />}
            onClick={() => setDialog({ kind: 'edit' })}
          >
            Add Provider
          </Button>
        }
      />
      <Stack spacing={3}>
        <TitledPanel title="Providers">
          {providers.isPending ? (
            <CircularProgress aria-label="Loading providers" />
          ) : providers.isError ? (
            <RetryAlert error={providers.error} onRetry={() => void providers.refetch()} />
          ) : providers.data.length === 0 ? (
            <Typography color="text.secondary">
              No provider yet. Staff sign in with their passwords until one is added.
            </Typography>
          ) : (
            <Stack spacing={2}>
              {providers.data.map((provider) => (
                <Paper key={provider.id} variant="outlined" sx={{ p: 2 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {provider.name}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    Issuer: {provider.issuer}
                    <br />
                    Client ID: {provider.clientId} · {provider.hasSecret ? 'secret stored' : 'public client'}
                    <br />
                    Redirect URI to register: {provider.redirectUri}
                    <br />
                    Post-logout redirect URI: {provider.postLogoutRedirectUri}
                    {provider.roleClaim && (
                      <>
                        <br />
                        Roles from claim “{provider.roleClaim}”:{' '}
                        {provider.roleMap
                          .map((entry) => `${entry.value} → ${ROLE_LABELS[entry.role]}`)
                          .join(', ') || 'none mapped'}
                      </>
                    )}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                    <Button size="small" onClick={() => setDialog({ kind: 'edit', provider })}>
                      Edit
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDialog({ kind: 'delete', provider })}
                    >
                      Remove
                    </Button>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </TitledPanel>
        <TitledPanel title="Staff passwords">
          {settings.isPending ? (
            <CircularProgress aria-label="Loading settings" />
          ) : settings.isError ? (
            <RetryAlert error={settings.error} onRetry={() => void settings.refetch()} />
          ) : (
            <Stack spacing={1}>
              <FormControlLabel
                control={
                  <Switch
                    checked={settings.data.staffPasswordsOff}
                    disabled={saveSettings.isPending}
                    onChange={(_event, off) =>
                      off
                        ? setDialog({ kind: 'passwords-off' })
                        : saveSettings.mutate({ staffPasswordsOff: false })
                    }
                  />
                }
                label="Staff sign in with single sign-on only (passwords off)"
              />
              <Alert severity="info">
                Drivers and parents are not affected. Check that single sign-on works for you before turning
                passwords off.
              </Alert>
            </Stack>
          )}
        </TitledPanel>
      </Stack>
      {dialog?.kind === 'edit' && <SsoProviderDialog provider={dialog.provider} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title="Remove provider?"
          text={`Staff can no longer sign in with ${dialog.provider.name}.`}
          confirmLabel="Remove"
          onConfirm={() => remove.mutateAsync(dialog.provider.id)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'passwords-off' && (
        <ConfirmDialog
          open
          title="Turn staff passwords off?"
          text="Administrators and other office staff will only be able to sign in through single sign-on."
          confirmLabel="Turn off"
          onConfirm={() => saveSettings.mutateAsync({ staffPasswordsOff: true })}
          onClose={close}
        />
      )}
    </>
  );
}
