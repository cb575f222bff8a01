import type { Trip } from '@school-transport/shared';
import { formatTripDay, formatTripMoment } from '../../lib/time/format';

/**
 * The Date column of the trip list: when the trip started, to the second; a trip that has not started has no
 * time yet, so its day alone.
 */
export function tripDateLabel(trip: Pick<Trip, 'date' | 'startedAt'>): string {
  return trip.startedAt ? formatTripMoment(trip.startedAt) : formatTripDay(trip.date);
}

/** 'Ravi Kumar (DL-123)': the trip list's "Driver (license no)". */
export function driverWithLicence(driver: Pick<Trip['driver'], 'name' | 'licenseNo'>): string {
  return `${driver.name} (${driver.licenseNo})`;
}
