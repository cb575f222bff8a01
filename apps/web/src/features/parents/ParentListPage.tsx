import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Parent } from '@school-transport/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { recordActions, RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { PhotoCell } from '../../components/PhotoCell';
import { countOf, formatDate } from '../../lib/format';
import { useDeleteParent } from './api';
import { ADD_PARENT_PATH, PARENTS, parentDetailsPath, updateParentPath } from './paths';

const columns = (onDelete: (parent: Parent) => void): Column<Parent>[] => [
  { header: 'Name', cell: (parent) => parent.user.name },
  { header: 'Photo', cell: (parent) => <PhotoCell src={parent.profileImage} name={parent.user.name} /> },
  { header: 'Phone No', nowrap: true, cell: (parent) => parent.phone },
  { header: 'Email', cell: (parent) => parent.user.email },
  {
    header: 'Address',
    // A long address would squeeze the other columns; the whole of it is on the parent's page.
    cell: (parent) => (
      <Typography variant="body2" noWrap title={parent.address} sx={{ maxWidth: 160 }}>
        {parent.address}
      </Typography>
    ),
  },
  { header: 'Children', align: 'right', cell: (parent) => parent.childrenCount },
  { header: 'Joined From', nowrap: true, cell: (parent) => formatDate(parent.createdAt) },
  {
    header: 'Actions',
    align: 'right',
    cell: (parent) => (
      <RowActionsMenu
        label={`Actions for ${parent.user.name}`}
        actions={recordActions({
          viewPath: parentDetailsPath(parent.id),
          updatePath: updateParentPath(parent.id),
          onDelete: () => onDelete(parent),
        })}
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
  const [deleting, setDeleting] = useState<Parent | null>(null);
  const remove = useDeleteParent();

  return (
    <>
      <ListPage
        title="All Parents"
        resource={PARENTS}
        columns={columns(setDeleting)}
        searchPlaceholder="Name, email or phone"
        headerAction={
          <Button component={RouterLink} to={ADD_PARENT_PATH} variant="contained" startIcon={<AddIcon />}>
            Add New Parent
          </Button>
        }
      />
      {deleting && (
        <ConfirmDialog
          open
          title="Delete Parent?"
          text={deleteParentText(deleting)}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
