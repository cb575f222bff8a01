import Grid from '@mui/material/Grid';
import { staffRoleSchema, type StaffRoleInput, type StaffUser } from '@school-transport/shared';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { useChangeRole } from './staff-users-api';
import { StaffRoleFields } from './StaffRoleFields';

/**
 * A staff user's role and schools. The server ends their sessions (they sign in again into their new menu),
 * audits the change, and refuses to leave no administrator (409, shown above the fields).
 */
export function ChangeRoleDialog({ account, onClose }: { account: StaffUser; onClose: () => void }) {
  const change = useChangeRole();
  return (
    <SchemaFormDialog
      title={`Role of ${account.name}`}
      submitLabel="Change role"
      schema={staffRoleSchema}
      values={{ role: account.role, schoolIds: account.schools.map((school) => school.id) } as StaffRoleInput}
      fields={(control) => (
        <Grid container spacing={2}>
          <StaffRoleFields control={control} />
        </Grid>
      )}
      onSave={(input) => change.mutateAsync({ id: account.id, input })}
      onClose={onClose}
    />
  );
}
