import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Credential } from '@school-transport/shared';
import { useState } from 'react';
import { formatDate } from '../../lib/time/format';
import { useDeleteCredential, useHolderCredentials } from './credentials-api';
import { useDeleteConfirmation } from '../page/ConfirmDialog';
import { RetryAlert } from '../page/RetryAlert';
import { CredentialFormDialog, type CredentialHolder } from './CredentialFormDialog';
import { CredentialStateChip, DocumentLink } from './CredentialStateChip';
import { useMayUse } from '../../lib/session/session';

/**
 * A driver's or vehicle's credentials (licence, insurance…): kind, number, expiry, state and document, with add,
 * renew and remove. Shown on a driver's page and in the vehicles list's dialog.
 */
export function CredentialsPanel({ holder }: { holder: CredentialHolder }) {
  const credentials = useHolderCredentials(
    holder.subject === 'DRIVER' ? { driverId: holder.id } : { vehicleId: holder.id },
  );
  const [editing, setEditing] = useState<{ credential?: Credential } | null>(null);
  const { confirmDelete, dialog } = useDeleteConfirmation<Credential>({
    title: 'Remove Credential?',
    describe: (credential) => `Remove ${holder.name}'s ${credential.kind.name} (${credential.number})?`,
    remove: useDeleteCredential().mutateAsync,
  });
  // Credentials are the records' own: administrators add, renew and remove them (decision 077).
  const manages = useMayUse('admin');

  return (
    <Stack spacing={1}>
      {manages && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => setEditing({})}>Add credential</Button>
        </Stack>
      )}
      {credentials.isPending && <LinearProgress aria-label="Loading credentials" />}
      {credentials.isError && (
        <RetryAlert error={credentials.error} onRetry={() => void credentials.refetch()} />
      )}
      {credentials.data?.length === 0 && (
        <Typography color="text.secondary">No credentials recorded.</Typography>
      )}
      {!!credentials.data?.length && (
        <Table size="small" sx={{ display: { xs: 'block', sm: 'table' }, overflowX: 'auto' }}>
          <TableHead>
            <TableRow>
              <TableCell>Kind</TableCell>
              <TableCell>Number</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Document</TableCell>
              {manages && <TableCell align="right">Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {credentials.data.map((credential) => (
              <TableRow key={credential.id}>
                <TableCell>{credential.kind.name}</TableCell>
                <TableCell>{credential.number}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(credential.expiresOn)}</TableCell>
                <TableCell>
                  <CredentialStateChip credential={credential} />
                </TableCell>
                <TableCell>
                  <DocumentLink credential={credential} />
                </TableCell>
                {manages && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      aria-label={`Renew ${credential.kind.name}`}
                      onClick={() => setEditing({ credential })}
                    >
                      <AutorenewIcon />
                    </IconButton>
                    <IconButton
                      aria-label={`Remove ${credential.kind.name}`}
                      onClick={() => confirmDelete(credential)}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && (
        <CredentialFormDialog
          holder={holder}
          credential={editing.credential}
          onClose={() => setEditing(null)}
        />
      )}
      {dialog}
    </Stack>
  );
}
