import { TRIP_STATUS_COLORS, type TripStatus } from '@school-transport/shared/trip-statuses';
import { Chip } from '../kit';
import { useTripWords } from './driver-format';

/** A trip's status in the driver's words, in its colour (the shared TRIP_STATUS_COLORS). */
export function TripStatusChip({ status }: { status: TripStatus }) {
  return <Chip tone={TRIP_STATUS_COLORS[status]}>{useTripWords().status(status)}</Chip>;
}
