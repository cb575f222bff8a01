import { recordGate } from '../../components/RecordGate';
import { useDriver } from './api';
import { DRIVER_LIST_PATH } from './paths';

export const DriverGate = recordGate({
  useRecord: useDriver,
  noun: 'Driver',
  back: { label: 'All Drivers', to: DRIVER_LIST_PATH },
});
