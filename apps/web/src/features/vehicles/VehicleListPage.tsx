import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import SatelliteAltOutlinedIcon from '@mui/icons-material/SatelliteAltOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Link from '@mui/material/Link';
import type { Vehicle } from '@school-transport/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDeleteConfirmation } from '../../components/page/ConfirmDialog';
import { ImageUploadDialog } from '../../components/images/ImageUploadDialog';
import { AddButton } from '../../components/list-page/AddButton';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { RowActionsMenu } from '../../components/list-page/RowActionsMenu';
import { PhotoCell } from '../../components/images/PhotoCell';
import { formatDate } from '../../lib/time/format';
import { paths } from '../../lib/paths/paths';
import { RESOURCES } from '../../lib/api/resource-api';
import { useDeleteVehicle } from './vehicles-api';
import { TrackersDialog } from './TrackersDialog';
import { VehicleCredentialsDialog } from './VehicleCredentialsDialog';
import { VehicleFormDialog } from './VehicleFormDialog';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';

type OpenDialog =
  | { kind: 'form'; vehicle?: Vehicle }
  | { kind: 'photo' | 'trackers' | 'credentials'; vehicle: Vehicle }
  | null;

export function VehicleListPage() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const { confirmDelete, dialog: deleteDialog } = useDeleteConfirmation<Vehicle>({
    title: 'Delete Vehicle?',
    describe: (vehicle) =>
      `Are you sure you want to delete the vehicle ${vehicle.licensePlate} (${vehicle.model})?`,
    remove: useDeleteVehicle().mutateAsync,
  });

  const columns: Column<Vehicle>[] = [
    {
      header: 'Photo',
      cell: (vehicle) => <PhotoCell src={vehicle.profileImage} name={vehicle.licensePlate} />,
    },
    {
      header: 'RC No',
      sort: 'licensePlate',
      card: 'title',
      cell: (vehicle) => (
        <Link component={RouterLink} to={paths.vehicles.details(vehicle.id)}>
          {vehicle.licensePlate}
        </Link>
      ),
    },
    { header: 'Model', card: 'field', cell: (vehicle) => vehicle.model },
    { header: 'Type', sort: 'type', card: 'field', cell: (vehicle) => vehicle.type },
    {
      header: 'Total Seats',
      sort: 'capacity',
      align: 'right',
      card: 'field',
      cell: (vehicle) => vehicle.capacity,
    },
    { header: 'Listed From', sort: 'createdAt', cell: (vehicle) => formatDate(vehicle.createdAt) },
    {
      header: 'Actions',
      align: 'right',
      cell: (vehicle) => (
        <RowActionsMenu
          label={`Actions for ${vehicle.licensePlate}`}
          actions={[
            // The vehicle's page holds its assignment, children and trips.
            { label: 'View', icon: <VisibilityOutlinedIcon />, to: paths.vehicles.details(vehicle.id) },
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
              label: 'Trackers',
              icon: <SatelliteAltOutlinedIcon />,
              onClick: () => setDialog({ kind: 'trackers', vehicle }),
            },
            {
              label: 'Credentials',
              icon: <VerifiedUserOutlinedIcon />,
              // Read by every office role; the panel offers its changes to administrators only.
              access: 'office-read',
              onClick: () => setDialog({ kind: 'credentials', vehicle }),
            },
            {
              label: 'Delete',
              icon: <DeleteOutlinedIcon />,
              onClick: () => confirmDelete(vehicle),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage
        title={SCREEN_HEADINGS.vehicles.title}
        resource={RESOURCES.vehicles}
        columns={columns}
        searchPlaceholder="Registration no, model, type or color"
        headerAction={<AddButton label="Add New Vehicle" onClick={() => setDialog({ kind: 'form' })} />}
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
      {dialog?.kind === 'trackers' && <TrackersDialog vehicle={dialog.vehicle} onClose={close} />}
      {dialog?.kind === 'credentials' && (
        <VehicleCredentialsDialog vehicle={dialog.vehicle} onClose={close} />
      )}
      {deleteDialog}
    </>
  );
}
