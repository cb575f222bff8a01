import type { TripStatus, TripType } from '@school-transport/shared';
import { useT } from '../i18n';

/**
 * The driver app's recurring words about a trip, in the driver's language: a time the server may not have (a trip
 * without a planned start shows '--:--'), the run's name and the trip's status.
 */
export function useTripWords() {
  const { t, formatTime } = useT();
  return {
    clock: (iso: string | null) => (iso ? formatTime(iso) : t('time.none')),
    run: (type: TripType) => t(`run.${type}`),
    status: (status: TripStatus) => t(`status.${status}`),
  };
}
