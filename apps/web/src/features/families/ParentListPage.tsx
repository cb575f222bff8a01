import Typography from '@mui/material/Typography';
import type { Parent } from '@school-transport/shared';
import { useDeleteConfirmation } from '../../components/page/ConfirmDialog';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { recordActions, RowActionsMenu, type RowAction } from '../../components/list-page/RowActionsMenu';
import { useListFilters } from '../../components/list-page/list-filters';
import {
  DEACTIVATED_FILTER,
  NameOfRecord,
  ShowDeactivatedChip,
  useReactivation,
} from '../../components/list-page/deactivated-records';
import { PhotoCell } from '../../components/images/PhotoCell';
import { countOf, formatDate } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { RESOURCES } from '../../lib/api/resource-api';
import { useDeleteParent } from './families-api';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';

const columns = (
  onDelete: (parent: Parent) => void,
  reactivation: (parent: Parent) => RowAction[],
): Column<Parent>[] => [
  {
    header: 'Name',
    sort: 'name',
    cell: ({ user, deactivatedAt }) => <NameOfRecord name={user.name} deactivatedAt={deactivatedAt} />,
  },
  { header: 'Photo', cell: (parent) => <PhotoCell src={parent.profileImage} name={parent.user.name} /> },
  { header: 'Phone No', nowrap: true, card: 'field', cell: (parent) => parent.phone },
  { header: 'Email', sort: 'email', card: 'field', cell: (parent) => parent.user.email },
  {
    header: 'Address',
    // A long address would squeeze the other columns; the whole of it is on the parent's page.
    cell: (parent) => (
      <Typography variant="body2" noWrap title={parent.address} sx={{ maxWidth: 160 }}>
        {parent.address}
      </Typography>
    ),
  },
  { header: 'Children', align: 'right', card: 'field', cell: (parent) => parent.childrenCount },
  { header: 'Joined From', sort: 'createdAt', nowrap: true, cell: (parent) => formatDate(parent.createdAt) },
  {
    header: 'Actions',
    align: 'right',
    cell: (parent) => (
      <RowActionsMenu
        label={`Actions for ${parent.user.name}`}
        actions={[
          ...recordActions({
            viewPath: paths.parents.details(parent.id),
            updatePath: paths.parents.update(parent.id),
            onDelete: () => onDelete(parent),
          }),
          ...reactivation(parent),
        ]}
      />
    ),
  },
];

/** Deleting a parent deletes their children: the confirmation says how many. */
function deleteParentText({ user, childrenCount }: Parent): string {
  const children =
    childrenCount === 0
      ? 'They have no children on record.'
      : `Their ${countOf(childrenCount, 'child', 'children')} will be deleted too, and taken out of any route assignment.`;
  return `Are you sure you want to delete the parent ${user.name}? ${children}`;
}

export function ParentListPage() {
  const { confirmDelete, dialog: deleteDialog } = useDeleteConfirmation<Parent>({
    title: 'Delete Parent?',
    describe: deleteParentText,
    remove: useDeleteParent().mutateAsync,
  });
  const { filters, setFilter } = useListFilters(DEACTIVATED_FILTER);
  const reactivation = useReactivation<Parent>({
    resource: RESOURCES.parents,
    nameOf: (parent) => parent.user.name,
    text: "They can sign in again, are told about their children as before and are listed again. The next roster sync deactivates them again if they are still gone from the school's roster.",
  });

  return (
    <>
      <ListPage
        title={SCREEN_HEADINGS.parents.title}
        resource={RESOURCES.parents}
        columns={columns(confirmDelete, reactivation.actionsFor)}
        searchPlaceholder="Name, email or phone"
        filters={filters}
        filterControls={<ShowDeactivatedChip filters={filters} setFilter={setFilter} />}
        headerAction={<AddButton label="Add New Parent" to={paths.parents.add} />}
      />
      {deleteDialog}
      {reactivation.dialog}
    </>
  );
}
