import Grid from '@mui/material/Grid';
import { inviteAdminSchema, type InviteAdminInput } from '@school-transport/shared';
import { FormTextField } from '../../components/form/FormTextField';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { useInviteAdmin } from './staff-users-api';
import { StaffRoleFields } from './StaffRoleFields';

/** A new staff account with its role (and a school-staff user's schools); the mail's link sets the password. */
export function InviteAdminDialog({ onClose }: { onClose: () => void }) {
  const invite = useInviteAdmin();
  return (
    <SchemaFormDialog
      title="Invite staff"
      submitLabel="Send Invitation"
      schema={inviteAdminSchema}
      values={{ name: '', email: '', role: 'admin', schoolIds: [] } as InviteAdminInput}
      fields={(control) => (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12 }}>
            <FormTextField control={control} name="name" label="Name" required autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <FormTextField
              control={control}
              name="email"
              label="Email"
              type="email"
              required
              autoComplete="off"
              helperText="The invitation goes here; its link lets them choose a password."
            />
          </Grid>
          <StaffRoleFields control={control} />
        </Grid>
      )}
      onSave={(input) => invite.mutateAsync(input)}
      onClose={onClose}
    />
  );
}
