import { recordGate } from '../../components/record/RecordGate';
import { paths } from '../../lib/paths/paths';
import { useVehicle } from './vehicles-api';

export const VehicleGate = recordGate({
  useRecord: useVehicle,
  noun: 'Vehicle',
  back: { label: 'All Vehicles', to: paths.vehicles.list },
});
