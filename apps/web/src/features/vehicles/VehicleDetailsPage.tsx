import Stack from '@mui/material/Stack';
import type { Vehicle } from '@school-transport/shared';
import { AssignedWork } from '../../components/trips/AssignedWork';
import { RecordSummary, type Fact } from '../../components/record/RecordSummary';
import { formatDate } from '../../lib/time/format';
import { VehicleGate } from './VehicleGate';

function VehicleDetails({ vehicle }: { vehicle: Vehicle }) {
  const facts: Fact[] = [
    ['Model', vehicle.model],
    ['Type', vehicle.type],
    ['Color', vehicle.color],
    ['Total Seats', vehicle.capacity],
    ['Listed From', formatDate(vehicle.createdAt)],
  ];
  return (
    <Stack spacing={3}>
      <RecordSummary
        name={vehicle.licensePlate}
        photo={vehicle.profileImage}
        photoUpload={{ kind: 'vehicle', id: vehicle.id }}
        facts={facts}
      />
      <AssignedWork part="vehicle" id={vehicle.id} />
    </Stack>
  );
}

/** A vehicle's facts, and what it does: its assignment, the children it carries and its trips. */
export function VehicleDetailsPage() {
  return (
    <VehicleGate title="Vehicle Details">{(vehicle) => <VehicleDetails vehicle={vehicle} />}</VehicleGate>
  );
}
