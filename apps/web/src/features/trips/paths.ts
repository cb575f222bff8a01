import type { TripStatus } from '@school-transport/shared';

/** The API resource (`/api/trips/…`) and the addresses of the trip screens. */
export const TRIPS = 'trips';
export const TRIP_LIST_PATH = '/all-trips';
export const tripDetailsPath = (id: string) => `/trip-details/${id}`;

/** The trips of one day in one status, e.g. the dashboard's "started today". */
export function tripsOfDayPath(day: string, status: TripStatus): string {
  return `${TRIP_LIST_PATH}?${new URLSearchParams({ dateFrom: day, dateTo: day, status })}`;
}
