import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { School } from '@school-transport/shared';
import { lazy, Suspense, useState } from 'react';
import { useDeleteConfirmation } from '../../components/page/ConfirmDialog';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { useListFilters } from '../../components/list-page/list-filters';
import {
  DEACTIVATED_FILTER,
  NameOfRecord,
  ShowDeactivatedChip,
  useReactivation,
} from '../../components/list-page/deactivated-records';
import { formatCoordinates, formatDate, orDash } from '../../lib/time/format';
import { SCHOOLS, useDeleteSchool } from './schools-api';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';

// The form (with its map field and server-error handling, shared with the planner) comes on first use: the list
// reads without it, and the first screen's list of what each screen needs stays shorter.
const SchoolFormDialog = lazy(async () => ({
  default: (await import('./SchoolFormDialog')).SchoolFormDialog,
}));

/** The school being edited in the dialog; null for a new one. */
type OpenForm = { school?: School } | null;

/** Every school the buses serve, with the bell the morning runs must beat and the dismissal the afternoon runs wait for. */
export function SchoolListPage() {
  const [form, setForm] = useState<OpenForm>(null);
  const { confirmDelete, dialog: deleteDialog } = useDeleteConfirmation<School>({
    title: 'Delete School?',
    describe: (school) => `Are you sure you want to delete the school ${school.name}?`,
    remove: useDeleteSchool().mutateAsync,
  });
  const { filters, setFilter } = useListFilters(DEACTIVATED_FILTER);
  const reactivation = useReactivation<School>({
    resource: SCHOOLS,
    nameOf: (school) => school.name,
    text: "Its children can be planned again and it is offered in forms and lists again. The next roster sync deactivates it again if it is still gone from the district's roster.",
  });

  const columns: Column<School>[] = [
    {
      header: 'School Name',
      sort: 'name',
      cell: ({ name, deactivatedAt }) => <NameOfRecord name={name} deactivatedAt={deactivatedAt} />,
    },
    { header: 'Bell', sort: 'bellTime', nowrap: true, card: 'field', cell: (school) => school.bellTime },
    {
      header: 'Dismissal',
      sort: 'dismissalTime',
      nowrap: true,
      card: 'field',
      cell: (school) => school.dismissalTime,
    },
    { header: 'Address', card: 'field', cell: (school) => orDash(school.address) },
    { header: 'Position', nowrap: true, cell: (school) => formatCoordinates(school.lat, school.lng) },
    { header: 'Listed From', sort: 'createdAt', cell: (school) => formatDate(school.createdAt) },
    {
      header: 'Actions',
      align: 'right',
      cell: (school) => (
        <RowActionsMenu
          label={`Actions for ${school.name}`}
          actions={[
            { label: 'Edit', icon: <EditOutlinedIcon />, onClick: () => setForm({ school }) },
            { label: 'Delete', icon: <DeleteOutlinedIcon />, onClick: () => confirmDelete(school) },
            ...reactivation.actionsFor(school),
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage
        title={SCREEN_HEADINGS.schools.title}
        resource={SCHOOLS}
        columns={columns}
        searchPlaceholder="School name or address"
        filters={filters}
        filterControls={<ShowDeactivatedChip filters={filters} setFilter={setFilter} />}
        headerAction={<AddButton label="Add New School" onClick={() => setForm({})} />}
      />
      {form && (
        <Suspense fallback={null}>
          <SchoolFormDialog school={form.school} onClose={() => setForm(null)} />
        </Suspense>
      )}
      {deleteDialog}
      {reactivation.dialog}
    </>
  );
}
