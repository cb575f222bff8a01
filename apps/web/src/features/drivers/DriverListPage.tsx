import Link from '@mui/material/Link';
import type { Driver } from '@school-transport/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AccountStateChip } from '../../components/account/AccountStateChip';
import { useDeleteConfirmation } from '../../components/page/ConfirmDialog';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { recordActions, RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { PhotoCell } from '../../components/images/PhotoCell';
import { formatDate } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { RESOURCES } from '../../lib/api/resource-api';
import { AddDriverDialog } from './AddDriverDialog';
import { useDeleteDriver } from './drivers-api';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';

export function DriverListPage() {
  const [adding, setAdding] = useState(false);
  const { confirmDelete, dialog: deleteDialog } = useDeleteConfirmation<Driver>({
    title: 'Delete Driver?',
    describe: (driver) =>
      `Are you sure you want to delete the driver ${driver.user.name} (license ${driver.licenseNo})?`,
    remove: useDeleteDriver().mutateAsync,
  });

  const columns: Column<Driver>[] = [
    {
      header: 'Name',
      sort: 'name',
      // What the driver drives, from their assignment, under the name (each linking to its own page): columns of
      // their own would not fit a laptop.
      cell: ({ user }) => user.name,
      note: ({ assignment }) =>
        assignment ? (
          <>
            <Link component={RouterLink} to={paths.vehicles.details(assignment.vehicleId)}>
              {assignment.licensePlate}
            </Link>
            {' · '}
            <Link component={RouterLink} to={paths.busRoutes.details(assignment.routeId)}>
              {assignment.routeName}
            </Link>
          </>
        ) : (
          'Not assigned'
        ),
    },
    { header: 'Photo', cell: (driver) => <PhotoCell src={driver.profileImage} name={driver.user.name} /> },
    { header: 'Phone', card: 'field', cell: (driver) => driver.phone },
    { header: 'Email', sort: 'email', card: 'field', cell: (driver) => driver.user.email },
    { header: 'License', sort: 'licenseNo', card: 'field', cell: (driver) => driver.licenseNo },
    // Whether the driver can use the driver app (disabled ones cannot sign in), as staff accounts show theirs.
    { header: 'App', card: 'field', cell: (driver) => <AccountStateChip state={driver.account} /> },
    { header: 'Joined', sort: 'createdAt', cell: (driver) => formatDate(driver.createdAt) },
    {
      header: 'Actions',
      align: 'right',
      cell: (driver) => (
        <RowActionsMenu
          label={`Actions for ${driver.user.name}`}
          actions={recordActions({
            viewPath: paths.drivers.details(driver.id),
            updatePath: paths.drivers.update(driver.id),
            updateLabel: 'Edit',
            onDelete: () => confirmDelete(driver),
          })}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage
        title={SCREEN_HEADINGS.drivers.title}
        resource={RESOURCES.drivers}
        columns={columns}
        searchPlaceholder="Name, email, phone or license"
        headerAction={<AddButton label="Add New Driver" onClick={() => setAdding(true)} />}
      />
      {adding && <AddDriverDialog onClose={() => setAdding(false)} />}
      {deleteDialog}
    </>
  );
}
