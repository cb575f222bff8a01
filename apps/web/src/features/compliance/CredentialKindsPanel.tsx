import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  CREDENTIAL_SUBJECT_LABELS,
  CREDENTIAL_SUBJECTS,
  credentialKindInputSchema,
  type CredentialKind,
  type CredentialKindInput,
} from '@school-transport/shared';
import { useState } from 'react';
import { useDeleteConfirmation } from '../../components/page/ConfirmDialog';
import { FormCheckboxField } from '../../components/form/FormCheckboxField';
import { FormSelectField } from '../../components/form/FormSelectField';
import { FormTextField } from '../../components/form/FormTextField';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { RetryAlert } from '../../components/page/RetryAlert';
import { CREDENTIAL_KINDS, useCredentialKinds } from '../../components/credentials/credentials-api';
import { useDeleteResource, useSaveResource } from '../../lib/api/resource-api';
import { useMayUse } from '../../lib/session/session';

const formValues = (kind?: CredentialKind): CredentialKindInput => ({
  name: kind?.name ?? '',
  subject: kind?.subject ?? 'DRIVER',
  warnDays: kind ? String(kind.warnDays) : '30',
  blocks: kind?.blocks ?? true,
});

function KindDialog({ kind, onClose }: { kind?: CredentialKind; onClose: () => void }) {
  const save = useSaveResource<unknown>(CREDENTIAL_KINDS, { alsoRefresh: ['credentials'] });
  return (
    <SchemaFormDialog
      title={kind ? 'Edit Kind' : 'Add Kind'}
      submitLabel={kind ? 'Save Changes' : 'Add Kind'}
      schema={credentialKindInputSchema}
      values={formValues(kind)}
      fields={(control) => (
        <>
          <FormTextField control={control} name="name" label="Name" required autoComplete="off" />
          <FormSelectField
            control={control}
            name="subject"
            label="Held by"
            required
            options={CREDENTIAL_SUBJECTS.map((s) => ({
              value: s,
              label: `${CREDENTIAL_SUBJECT_LABELS[s]}s`,
            }))}
          />
          <FormTextField
            control={control}
            name="warnDays"
            label="Warning days"
            type="number"
            required
            helperText="Warn this many days before the expiry"
            slotProps={{ htmlInput: { min: 0, max: 365, step: 1 } }}
          />
          <FormCheckboxField
            control={control}
            name="blocks"
            label="An expired one stops the driver or vehicle"
          />
        </>
      )}
      onSave={(payload) => save.mutateAsync({ id: kind?.id, payload })}
      onClose={onClose}
    />
  );
}

/** The kinds of credential an admin tracks: name, holders, warning days and whether an expired one blocks. */
export function CredentialKindsPanel() {
  const kinds = useCredentialKinds();
  const [editing, setEditing] = useState<{ kind?: CredentialKind } | null>(null);
  const { confirmDelete, dialog } = useDeleteConfirmation<CredentialKind>({
    title: 'Delete Kind?',
    describe: (kind) => `Delete the kind ${kind.name}? Only a kind no credential holds can be deleted.`,
    remove: useDeleteResource(CREDENTIAL_KINDS).mutateAsync,
  });
  // Credential kinds are a setting: administrators only (decision 077).
  const manages = useMayUse('admin');
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h1">
          Credential kinds
        </Typography>
        {manages && (
          <Button variant="contained" onClick={() => setEditing({})}>
            Add Kind
          </Button>
        )}
      </Stack>
      {kinds.isPending && <LinearProgress aria-label="Loading kinds" />}
      {kinds.isError && <RetryAlert error={kinds.error} onRetry={() => void kinds.refetch()} />}
      {kinds.data?.length === 0 && <Typography>No Data Found!</Typography>}
      {!!kinds.data?.length && (
        <Table size="small" sx={{ display: { xs: 'block', sm: 'table' }, overflowX: 'auto' }}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Held by</TableCell>
              <TableCell align="right">Warning days</TableCell>
              <TableCell>Blocks</TableCell>
              {manages && <TableCell align="right">Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {kinds.data.map((kind) => (
              <TableRow key={kind.id}>
                <TableCell>{kind.name}</TableCell>
                <TableCell>{CREDENTIAL_SUBJECT_LABELS[kind.subject]}s</TableCell>
                <TableCell align="right">{kind.warnDays}</TableCell>
                <TableCell>{kind.blocks ? 'Yes' : 'No'}</TableCell>
                {manages && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={`Edit ${kind.name}`} onClick={() => setEditing({ kind })}>
                      <EditOutlinedIcon />
                    </IconButton>
                    <IconButton aria-label={`Delete ${kind.name}`} onClick={() => confirmDelete(kind)}>
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && <KindDialog kind={editing.kind} onClose={() => setEditing(null)} />}
      {dialog}
    </Paper>
  );
}
