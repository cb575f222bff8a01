import { ssoProviderInputSchema, type SsoProvider, type SsoProviderInput } from '@school-transport/shared';
import Stack from '@mui/material/Stack';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { RoleMapFields } from './RoleMapFields';
import { useSaveSsoProvider } from './sso-api';

const FIELDS = (editing: boolean): readonly FieldSpec<SsoProviderInput>[] => [
  { name: 'name', label: 'Name on the Log In button', span: 12 },
  {
    name: 'slug',
    label: 'Short name',
    span: 12,
    helperText: 'Part of the redirect URI to register at the provider: /api/auth/oidc/<short name>/callback',
  },
  {
    name: 'issuer',
    label: 'Issuer URL',
    span: 12,
    helperText: 'Such as https://login.example.org/realms/district',
  },
  { name: 'clientId', label: 'Client ID', span: 12 },
  {
    name: 'clientSecret',
    label: 'Client secret',
    type: 'password',
    autoComplete: 'new-password',
    span: 12,
    helperText: editing ? 'Leave empty to keep the stored secret.' : 'Empty for a public client (PKCE only).',
  },
  {
    name: 'roleClaim',
    label: 'Role claim (optional)',
    span: 12,
    helperText: 'The claim (ID token or UserInfo) whose values give office roles, such as groups',
  },
];

/** Adds a provider or edits one, with its role mapping; the secret is write-only (the form never shows it). */
export function SsoProviderDialog({ provider, onClose }: { provider?: SsoProvider; onClose: () => void }) {
  const save = useSaveSsoProvider();
  return (
    <SchemaFormDialog
      title={provider ? 'Edit Sign-in Provider' : 'Add Sign-in Provider'}
      submitLabel="Save"
      schema={ssoProviderInputSchema}
      values={{
        name: provider?.name ?? '',
        slug: provider?.slug ?? '',
        issuer: provider?.issuer ?? '',
        clientId: provider?.clientId ?? '',
        clientSecret: '',
        roleClaim: provider?.roleClaim ?? '',
        roleMap: provider?.roleMap ?? [],
      }}
      fields={(control) => (
        <Stack spacing={3}>
          <FieldGrid
            control={control}
            schema={ssoProviderInputSchema}
            fields={FIELDS(provider !== undefined)}
          />
          <RoleMapFields control={control} />
        </Stack>
      )}
      onSave={(input) => save.mutateAsync({ id: provider?.id, input })}
      onClose={onClose}
    />
  );
}
