import type { Trip } from '@school-transport/shared';
import { formatClock, useOperatorTimeZone } from '../../lib/time/operator-time';

/** The time of day a trip is planned to start, on the operator's clock; a dash when its route had no schedule. */
export function TripTime({ trip }: { trip: Pick<Trip, 'plannedStartAt'> }) {
  const timeZone = useOperatorTimeZone();
  return <>{trip.plannedStartAt ? formatClock(trip.plannedStartAt, timeZone) : '—'}</>;
}
