import { inviteAdminSchema, type InviteAdminInput } from '@school-transport/shared';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import { FormDialog } from '../../components/form/FormDialog';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useInviteAdmin } from './api';

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
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(inviteAdminSchema, {
    name: '',
    email: '',
  });

  return (
    <FormDialog
      title="Invite Admin"
      submitLabel="Send Invitation"
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (input) => {
        await invite.mutateAsync(input);
        onClose();
      })}
      onClose={onClose}
    >
      <FieldGrid control={control} schema={inviteAdminSchema} fields={INVITE_FIELDS} />
    </FormDialog>
  );
}
