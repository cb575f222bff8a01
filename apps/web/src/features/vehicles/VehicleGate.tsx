import { recordGate } from '../../components/RecordGate';
import { paths } from '../../lib/paths';
import { useVehicle } from './api';

export const VehicleGate = recordGate({
  useRecord: useVehicle,
  noun: 'Vehicle',
  back: { label: 'All Vehicles', to: paths.vehicles.list },
});
