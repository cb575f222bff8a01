import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { Stop } from '@school-transport/shared';
import { useState } from 'react';
import { useDeleteConfirmation } from '../../components/page/ConfirmDialog';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { formatCoordinates, formatDate, orDash } from '../../lib/time/format';
import { STOPS } from '../../lib/api/stop-search-api';
import { useDeleteStop } from './stops-api';
import { StopFormDialog } from './StopFormDialog';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';

/** The stop being edited in the dialog; null for a new one. */
type OpenForm = { stop?: Stop } | null;

/**
 * Every stop where children wait. A stop on a route's run or tied to a child cannot go: the server says where it
 * is used, and the confirmation's toast shows that sentence.
 */
export function StopListPage() {
  const [form, setForm] = useState<OpenForm>(null);
  const { confirmDelete, dialog: deleteDialog } = useDeleteConfirmation<Stop>({
    title: 'Delete Stop?',
    describe: (stop) => `Are you sure you want to delete the stop ${stop.name}?`,
    remove: useDeleteStop().mutateAsync,
  });

  const columns: Column<Stop>[] = [
    { header: 'Stop Name', sort: 'name', cell: (stop) => stop.name },
    { header: 'Address', card: 'field', cell: (stop) => orDash(stop.address) },
    {
      header: 'Position',
      nowrap: true,
      card: 'field',
      cell: (stop) => formatCoordinates(stop.lat, stop.lng),
    },
    { header: 'Listed From', sort: 'createdAt', cell: (stop) => formatDate(stop.createdAt) },
    {
      header: 'Actions',
      align: 'right',
      cell: (stop) => (
        <RowActionsMenu
          label={`Actions for ${stop.name}`}
          actions={[
            { label: 'Edit', icon: <EditOutlinedIcon />, onClick: () => setForm({ stop }) },
            { label: 'Delete', icon: <DeleteOutlinedIcon />, onClick: () => confirmDelete(stop) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage
        title={SCREEN_HEADINGS.stops.title}
        resource={STOPS}
        columns={columns}
        searchPlaceholder="Stop name or address"
        headerAction={<AddButton label="Add New Stop" onClick={() => setForm({})} />}
      />
      {form && <StopFormDialog stop={form.stop} onClose={() => setForm(null)} />}
      {deleteDialog}
    </>
  );
}
