import { recordGate } from '../../components/record/RecordGate';
import { paths } from '../../lib/paths/paths';
import { useDriver } from './drivers-api';

export const DriverGate = recordGate({
  useRecord: useDriver,
  noun: 'Driver',
  back: { label: 'All Drivers', to: paths.drivers.list },
});
