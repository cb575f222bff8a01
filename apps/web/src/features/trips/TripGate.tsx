import { recordGate } from '../../components/RecordGate';
import { useTrip } from './api';
import { TRIP_LIST_PATH } from './paths';

export const TripGate = recordGate({
  useRecord: useTrip,
  noun: 'Trip',
  back: { label: 'All Trips', to: TRIP_LIST_PATH },
});
