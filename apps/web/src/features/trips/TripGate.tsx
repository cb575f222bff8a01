import { recordGate } from '../../components/record/RecordGate';
import { paths } from '../../lib/paths/paths';
import { useTrip } from './trips-api';

export const TripGate = recordGate({
  useRecord: useTrip,
  noun: 'Trip',
  back: { label: 'All Trips', to: paths.trips.list },
});
