import type { ManifestFieldTrip } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { zonedClockTime } from '../../../lib/zoned-time.js';
import { childCounts, fieldTripById, fieldTripsWhere, type FieldTripRow } from './field-trip-queries.js';

/** What a bus's driver reads of its field trip (decisions 073 and 078): where, when, the group and its list's size. */
export function driverSummary(
  trip: FieldTripRow,
  schoolName: string,
  children: number,
  timeZone: string,
): ManifestFieldTrip {
  return {
    schoolName,
    destinationName: trip.destinationName,
    departTime: zonedClockTime(trip.departAt, timeZone),
    returnTime: zonedClockTime(trip.returnAt, timeZone),
    pupils: trip.pupils,
    adults: trip.adults,
    wheelchairPlaces: trip.wheelchairPlaces,
    notes: trip.notes,
    children,
  };
}

/** The field trip part of a bus's manifest (the driver app's, for the trip's own driver only). */
export async function manifestFieldTrip(
  db: Executor,
  fieldTripId: string,
  timeZone: string,
): Promise<ManifestFieldTrip | undefined> {
  const [[row], counts] = await Promise.all([
    fieldTripsWhere(db, fieldTripById(fieldTripId)),
    childCounts(db, [fieldTripId]),
  ]);
  return row && driverSummary(row.trip, row.schoolName, counts.get(fieldTripId) ?? 0, timeZone);
}
