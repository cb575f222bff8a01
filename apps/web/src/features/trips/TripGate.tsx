import { recordGate } from '../../components/RecordGate';
import { paths } from '../../lib/paths';
import { useTrip } from './api';

export const TripGate = recordGate({
  useRecord: useTrip,
  noun: 'Trip',
  back: { label: 'All Trips', to: paths.trips.list },
});
