import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  CREDENTIAL_FILTERS,
  CREDENTIAL_SUBJECTS,
  credentialListQuerySchema,
  type Credential,
} from '@school-transport/shared';
import { useState } from 'react';
import { useDeleteConfirmation } from '../../components/page/ConfirmDialog';
import {
  CredentialFormDialog,
  type CredentialHolder,
} from '../../components/credentials/CredentialFormDialog';
import { CredentialStateChip, DocumentLink } from '../../components/credentials/CredentialStateChip';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { FilterFold } from '../../components/list-page/FilterFold';
import { useListFilters, type FilterControlsProps } from '../../components/list-page/list-filters';
import { ListPage } from '../../components/list-page/ListPage';
import { RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { formatDate } from '../../lib/time/format';
import { CREDENTIALS, useDeleteCredential } from '../../components/credentials/credentials-api';

/** The list's filters, kept in the address: a vehicle's row action links here with `vehicleId`. */
const FILTERS = {
  state: credentialListQuerySchema.shape.state,
  subject: credentialListQuerySchema.shape.subject,
  driverId: credentialListQuerySchema.shape.driverId,
  vehicleId: credentialListQuerySchema.shape.vehicleId,
};
type FilterName = keyof typeof FILTERS;

const STATE_LABELS = { all: 'All', expired: 'Expired', expiring: 'Expiring soon' } as const;

/** Which credentials and whose, in the toolbar (on a phone, behind one 'Filters' button, as the Trips list does). */
function CredentialFilters({ filters, onChange }: FilterControlsProps<FilterName>) {
  return (
    <FilterFold filters={filters}>
      <TextField
        select
        size="small"
        label="Show"
        value={filters.state ?? 'all'}
        onChange={(event) => onChange('state', event.target.value === 'all' ? undefined : event.target.value)}
        sx={{ width: 160 }}
      >
        {CREDENTIAL_FILTERS.map((state) => (
          <MenuItem key={state} value={state}>
            {STATE_LABELS[state]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Holder"
        value={filters.subject ?? ''}
        onChange={(event) => onChange('subject', event.target.value || undefined)}
        sx={{ width: 150 }}
      >
        <MenuItem value="">All</MenuItem>
        {CREDENTIAL_SUBJECTS.map((subject) => (
          <MenuItem key={subject} value={subject}>
            {subject === 'DRIVER' ? 'Drivers' : 'Vehicles'}
          </MenuItem>
        ))}
      </TextField>
    </FilterFold>
  );
}

export function CredentialListPanel() {
  const { filters, setFilter } = useListFilters(FILTERS);
  const [editing, setEditing] = useState<{ credential?: Credential } | null>(null);
  const { confirmDelete, dialog } = useDeleteConfirmation<Credential>({
    title: 'Remove Credential?',
    describe: (c) => `Remove ${c.holder.name}'s ${c.kind.name} (${c.number})?`,
    remove: useDeleteCredential().mutateAsync,
  });

  const columns: Column<Credential>[] = [
    { header: 'Holder', cell: (c) => `${c.subject === 'DRIVER' ? 'Driver' : 'Vehicle'} ${c.holder.name}` },
    { header: 'Kind', card: 'field', cell: (c) => c.kind.name },
    { header: 'Number', cell: (c) => c.number },
    { header: 'Expires', nowrap: true, card: 'field', cell: (c) => formatDate(c.expiresOn) },
    { header: 'State', card: 'field', cell: (c) => <CredentialStateChip credential={c} /> },
    { header: 'Document', cell: (c) => <DocumentLink credential={c} /> },
    {
      header: 'Actions',
      align: 'right',
      cell: (c) => (
        <RowActionsMenu
          label={`Actions for ${c.holder.name}'s ${c.kind.name}`}
          actions={[
            { label: 'Renew', icon: <AutorenewIcon />, onClick: () => setEditing({ credential: c }) },
            { label: 'Remove', icon: <DeleteOutlinedIcon />, onClick: () => confirmDelete(c) },
          ]}
        />
      ),
    },
  ];

  const holderOf = (c: Credential): CredentialHolder => ({
    subject: c.subject,
    id: c.holder.id,
    name: c.holder.name,
  });
  return (
    <>
      <ListPage
        title="Compliance"
        resource={CREDENTIALS}
        things="credentials"
        columns={columns}
        searchPlaceholder="Holder, kind or number"
        filters={filters}
        filterControls={<CredentialFilters filters={filters} onChange={setFilter} />}
        headerAction={<AddButton label="Add Credential" onClick={() => setEditing({})} />}
      />
      {editing && (
        <CredentialFormDialog
          holder={editing.credential ? holderOf(editing.credential) : undefined}
          credential={editing.credential}
          onClose={() => setEditing(null)}
        />
      )}
      {dialog}
    </>
  );
}
