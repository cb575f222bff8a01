import type { TripType } from '@school-transport/shared';
import { formatClock } from '../../lib/time/operator-time';

export { useOperatorTimeZone } from '../../lib/time/operator-time';

/** A time the server may not have (a trip without a planned start): '--:--' then. */
export function clockOrDash(iso: string | null, timeZone: string): string {
  return iso ? formatClock(iso, timeZone) : '--:--';
}

export const RUN_LABELS: Record<TripType, string> = { PICKUP: 'Morning pickup', DROP: 'Afternoon drop' };
