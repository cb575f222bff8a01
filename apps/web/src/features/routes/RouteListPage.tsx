import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import type { Route } from '@school-transport/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { formatDate, formatMinutes } from '../../lib/format';
import { ROUTES, useDeleteRoute } from './api';
import { RouteFormDialog } from './RouteFormDialog';

type OpenDialog = { kind: 'form'; route?: Route } | { kind: 'delete'; route: Route } | null;

export function RouteListPage() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const remove = useDeleteRoute();
  const close = () => setDialog(null);

  const columns: Column<Route>[] = [
    { header: 'Route Name', cell: (route) => route.name },
    { header: 'Start Location', cell: (route) => route.startLocation },
    { header: 'End Location', cell: (route) => route.endLocation },
    { header: 'Distance (KM)', align: 'right', cell: (route) => route.distanceKm },
    { header: 'Duration (Apx)', align: 'right', cell: (route) => formatMinutes(route.durationMin) },
    { header: 'Listed From', cell: (route) => formatDate(route.createdAt) },
    {
      header: 'Actions',
      align: 'right',
      cell: (route) => (
        <RowActionsMenu
          label={`Actions for ${route.name}`}
          actions={[
            { label: 'Edit', icon: <EditOutlinedIcon />, onClick: () => setDialog({ kind: 'form', route }) },
            {
              label: 'Delete',
              icon: <DeleteOutlinedIcon />,
              onClick: () => setDialog({ kind: 'delete', route }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage
        title="All Routes"
        resource={ROUTES}
        columns={columns}
        searchPlaceholder="Route name or location"
        headerAction={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'form' })}>
            Add New Route
          </Button>
        }
      />
      {dialog?.kind === 'form' && <RouteFormDialog route={dialog.route} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title="Delete Route?"
          text={`Are you sure you want to delete the route ${dialog.route.name} (${dialog.route.startLocation} to ${dialog.route.endLocation})?`}
          onConfirm={() => remove.mutateAsync(dialog.route.id)}
          onClose={close}
        />
      )}
    </>
  );
}
