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

/**
 * Who was planned on a trip a cover changed (decision 054): 'Ravi Kumar with KA-01-1234', and whether the cover still
 * stands; null on a trip run as planned. The trip's driver and vehicle are who drives.
 */
export function plannedOnCoveredTrip(trip: Pick<Trip, 'cover'>): string | null {
  if (!trip.cover) return null;
  const planned = `${trip.cover.plannedDriver.name} with ${trip.cover.plannedVehicle.licensePlate}`;
  return trip.cover.id ? `${planned} (covered)` : `${planned} (covered; the cover was undone since)`;
}

/** 'About 20 minutes late: snow': a delay as the office marked it and the parents read it (decision 056). */
export function delayInWords(delay: NonNullable<Trip['delay']>): string {
  return `About ${delay.minutes} ${delay.minutes === 1 ? 'minute' : 'minutes'} late: ${delay.reason}`;
}
