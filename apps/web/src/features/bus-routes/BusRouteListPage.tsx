import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Link from '@mui/material/Link';
import type { BusRoute } from '@school-transport/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDeleteConfirmation } from '../../components/page/ConfirmDialog';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { formatDate, formatMinutes } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { RESOURCES } from '../../lib/api/resource-api';
import { useDeleteBusRoute } from './bus-routes-api';
import { BusRouteFormDialog } from './BusRouteFormDialog';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';

/** The route being edited in the dialog; null for a new one. */
type OpenForm = { route?: BusRoute } | null;

export function BusRouteListPage() {
  const [form, setForm] = useState<OpenForm>(null);
  const { confirmDelete, dialog: deleteDialog } = useDeleteConfirmation<BusRoute>({
    title: 'Delete Route?',
    describe: (route) =>
      `Are you sure you want to delete the route ${route.name} (${route.startLocation} to ${route.endLocation})?`,
    remove: useDeleteBusRoute().mutateAsync,
  });

  const columns: Column<BusRoute>[] = [
    {
      header: 'Route Name',
      sort: 'name',
      cell: (route) => (
        <Link component={RouterLink} to={paths.busRoutes.details(route.id)}>
          {route.name}
        </Link>
      ),
    },
    { header: 'Start Location', sort: 'startLocation', card: 'field', cell: (route) => route.startLocation },
    { header: 'End Location', sort: 'endLocation', card: 'field', cell: (route) => route.endLocation },
    { header: 'Distance (KM)', sort: 'distanceKm', align: 'right', cell: (route) => route.distanceKm },
    {
      header: 'Duration (Apx)',
      sort: 'durationMin',
      align: 'right',
      card: 'field',
      cell: (route) => formatMinutes(route.durationMin),
    },
    { header: 'Listed From', sort: 'createdAt', cell: (route) => formatDate(route.createdAt) },
    {
      header: 'Actions',
      align: 'right',
      cell: (route) => (
        <RowActionsMenu
          label={`Actions for ${route.name}`}
          actions={[
            // The route's page holds its assignment, children, trips, stops and times.
            { label: 'View', icon: <VisibilityOutlinedIcon />, to: paths.busRoutes.details(route.id) },
            { label: 'Edit', icon: <EditOutlinedIcon />, onClick: () => setForm({ route }) },
            { label: 'Delete', icon: <DeleteOutlinedIcon />, onClick: () => confirmDelete(route) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage
        title={SCREEN_HEADINGS.busRoutes.title}
        resource={RESOURCES.busRoutes}
        columns={columns}
        searchPlaceholder="Route name or location"
        headerAction={<AddButton label="Add New Route" onClick={() => setForm({})} />}
      />
      {form && <BusRouteFormDialog route={form.route} onClose={() => setForm(null)} />}
      {deleteDialog}
    </>
  );
}
