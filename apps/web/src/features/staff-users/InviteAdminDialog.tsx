import { inviteAdminSchema, type InviteAdminInput } from '@school-transport/shared';
import type { FieldSpec } from '../../components/form/FieldGrid';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { useInviteAdmin } from './staff-users-api';

const INVITE_FIELDS: readonly FieldSpec<InviteAdminInput>[] = [
  { name: 'name', label: 'Name', span: 12 },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    span: 12,
    helperText: 'The invitation goes here; its link lets them choose a password.',
  },
];

export function InviteAdminDialog({ onClose }: { onClose: () => void }) {
  const invite = useInviteAdmin();
  return (
    <SchemaFormDialog
      title="Invite Admin"
      submitLabel="Send Invitation"
      schema={inviteAdminSchema}
      values={{ name: '', email: '' }}
      fields={INVITE_FIELDS}
      onSave={(input) => invite.mutateAsync(input)}
      onClose={onClose}
    />
  );
}
