import { recordGate } from '../../components/RecordGate';
import { paths } from '../../lib/paths';
import { useDriver } from './api';

export const DriverGate = recordGate({
  useRecord: useDriver,
  noun: 'Driver',
  back: { label: 'All Drivers', to: paths.drivers.list },
});
