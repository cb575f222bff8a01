import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { Driver } from '@school-transport/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { recordActions, RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { PhotoCell } from '../../components/PhotoCell';
import { formatDate } from '../../lib/format';
import { AddDriverDialog } from './AddDriverDialog';
import { DRIVERS, useDeleteDriver } from './api';
import { driverDetailsPath, updateDriverPath } from './paths';

type OpenDialog = { kind: 'add' } | { kind: 'delete'; driver: Driver } | null;

export function DriverListPage() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const remove = useDeleteDriver();
  const close = () => setDialog(null);

  const columns: Column<Driver>[] = [
    { header: 'Name', cell: (driver) => driver.user.name },
    { header: 'Photo', cell: (driver) => <PhotoCell src={driver.profileImage} name={driver.user.name} /> },
    { header: 'Phone', cell: (driver) => driver.phone },
    { header: 'Email', cell: (driver) => driver.user.email },
    { header: 'License', cell: (driver) => driver.licenseNo },
    { header: 'Joined', cell: (driver) => formatDate(driver.createdAt) },
    {
      header: 'Actions',
      align: 'right',
      cell: (driver) => (
        <RowActionsMenu
          label={`Actions for ${driver.user.name}`}
          actions={recordActions({
            viewPath: driverDetailsPath(driver.id),
            updatePath: updateDriverPath(driver.id),
            updateLabel: 'Edit',
            onDelete: () => setDialog({ kind: 'delete', driver }),
          })}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage
        title="All Drivers"
        resource={DRIVERS}
        columns={columns}
        searchPlaceholder="Name, email, phone or license"
        headerAction={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'add' })}>
            Add New Driver
          </Button>
        }
      />
      {dialog?.kind === 'add' && <AddDriverDialog onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title="Delete Driver?"
          text={`Are you sure you want to delete the driver ${dialog.driver.user.name} (license ${dialog.driver.licenseNo})?`}
          onConfirm={() => remove.mutateAsync(dialog.driver.id)}
          onClose={close}
        />
      )}
    </>
  );
}
