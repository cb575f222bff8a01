import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Button from '@mui/material/Button';
import type { Vehicle } from '@school-transport/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ImageUploadDialog } from '../../components/ImageUploadDialog';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { PhotoCell } from '../../components/PhotoCell';
import { formatDate } from '../../lib/format';
import { useDeleteVehicle, VEHICLES } from './api';
import { VehicleFormDialog } from './VehicleFormDialog';

type OpenDialog =
  | { kind: 'form'; vehicle?: Vehicle }
  | { kind: 'photo'; vehicle: Vehicle }
  | { kind: 'delete'; vehicle: Vehicle }
  | null;

export function VehicleListPage() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const remove = useDeleteVehicle();
  const close = () => setDialog(null);

  const columns: Column<Vehicle>[] = [
    {
      header: 'Photo',
      cell: (vehicle) => <PhotoCell src={vehicle.profileImage} name={vehicle.licensePlate} />,
    },
    { header: 'RC No', cell: (vehicle) => vehicle.licensePlate },
    { header: 'Model', cell: (vehicle) => vehicle.model },
    { header: 'Type', cell: (vehicle) => vehicle.type },
    { header: 'Total Seats', align: 'right', cell: (vehicle) => vehicle.capacity },
    { header: 'Listed From', cell: (vehicle) => formatDate(vehicle.createdAt) },
    {
      header: 'Actions',
      align: 'right',
      cell: (vehicle) => (
        <RowActionsMenu
          label={`Actions for ${vehicle.licensePlate}`}
          actions={[
            {
              label: 'Edit',
              icon: <EditOutlinedIcon />,
              onClick: () => setDialog({ kind: 'form', vehicle }),
            },
            {
              label: 'Upload photo',
              icon: <PhotoCameraOutlinedIcon />,
              onClick: () => setDialog({ kind: 'photo', vehicle }),
            },
            {
              label: 'Delete',
              icon: <DeleteOutlinedIcon />,
              onClick: () => setDialog({ kind: 'delete', vehicle }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage
        title="All Vehicles"
        resource={VEHICLES}
        columns={columns}
        searchPlaceholder="Registration no, model, type or color"
        headerAction={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'form' })}>
            Add New Vehicle
          </Button>
        }
      />
      {dialog?.kind === 'form' && <VehicleFormDialog vehicle={dialog.vehicle} onClose={close} />}
      {dialog?.kind === 'photo' && (
        <ImageUploadDialog
          kind="vehicle"
          id={dialog.vehicle.id}
          name={dialog.vehicle.licensePlate}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title="Delete Vehicle?"
          text={`Are you sure you want to delete the vehicle ${dialog.vehicle.licensePlate} (${dialog.vehicle.model})?`}
          onConfirm={() => remove.mutateAsync(dialog.vehicle.id)}
          onClose={close}
        />
      )}
    </>
  );
}
