import type { TripStatus } from '@school-transport/shared';
import { zonedClockTime, zonedDate } from './zoned-time.js';

/**
 * How long a driver keeps a trip after it ends (decision 051): its record stays readable on the driver app and its
 * phone's late uploads (scans and positions recorded in a dead zone, sent once back in signal) are still taken.
 * Two hours covers a bus that ends its run out of signal and a phone that reaches a network at the depot or at
 * home; after that the trip's history belongs to the office, and what a phone sends for it is refused in words
 * (the driver app keeps refused events aside with the server's reason).
 */
export const TRIP_GRACE_MS = 2 * 3600_000;

/**
 * How far a device's clock may be off the server's: an event or fix may say up to this long before the trip
 * started or after it ended (or after now, while it runs). Phones take the network's time, so minutes are
 * generous; the same tolerance as the inspections' device times.
 */
export const DEVICE_CLOCK_SKEW_MS = 5 * 60_000;

/** The parts of a trip the window is read from. */
export interface TripSpan {
  status: TripStatus;
  startedAt: Date | null;
  completedAt: Date | null;
}

/** Until when a finished trip stays the driver's (record, late uploads); null for a trip that has not ended. */
const graceEndOf = (trip: TripSpan): Date | null =>
  trip.status === 'COMPLETED' && trip.completedAt
    ? new Date(trip.completedAt.getTime() + TRIP_GRACE_MS)
    : null;

/** Whether a finished trip is still within its grace window at `now`. */
export const withinGrace = (trip: TripSpan, now: Date): boolean => {
  const end = graceEndOf(trip);
  return end !== null && now.getTime() <= end.getTime();
};

/**
 * Why a phone's events or fixes for this trip are refused now, or null when the trip takes them: it runs, or it
 * ended less than TRIP_GRACE_MS ago. Said in the operator's time zone.
 */
export function uploadRefusal(trip: TripSpan, now: Date, timeZone: string, what: string): string | null {
  switch (trip.status) {
    case 'STARTED':
      return null;
    case 'COMPLETED':
      return withinGrace(trip, now)
        ? null
        : `This trip ended at ${zonedClockTime(trip.completedAt!, timeZone)}; it no longer takes ${what}.`;
    case 'PENDING':
      return `This trip has not started yet: start it first; nothing was recorded.`;
    case 'CANCELLED':
      return `This trip was cancelled; nothing was recorded.`;
  }
}

/** Whether `at` falls in the trip's span at `now`: start to end (to now while it runs), widened by the skew. */
export function insideSpan(trip: Pick<TripSpan, 'startedAt' | 'completedAt'>, at: Date, now: Date): boolean {
  if (!trip.startedAt) return false;
  const from = trip.startedAt.getTime() - DEVICE_CLOCK_SKEW_MS;
  const to = (trip.completedAt ?? now).getTime() + DEVICE_CLOCK_SKEW_MS;
  return at.getTime() >= from && at.getTime() <= to;
}

/**
 * Why a time a device gave is not believed for this trip, or null when it falls in the trip's span: from its
 * start to its end (to now while it runs), each widened by DEVICE_CLOCK_SKEW_MS. A backdated or forward-dated
 * event would rewrite what happened on a trip (who left the bus when, how late it ran).
 */
export function timeOutsideSpan(trip: TripSpan, at: Date, now: Date, timeZone: string): string | null {
  if (!trip.startedAt) return 'This trip has not started yet.';
  if (insideSpan(trip, at, now)) return null;
  const clock = (instant: Date) => zonedClockTime(instant, timeZone);
  const day = (instant: Date) => zonedDate(instant, timeZone);
  const when = day(at) === day(trip.startedAt) ? clock(at) : `${clock(at)} on ${day(at)}`;
  const span = trip.completedAt
    ? `it ran from ${clock(trip.startedAt)} to ${clock(trip.completedAt)}`
    : `it started at ${clock(trip.startedAt)}`;
  return `A time of ${when} is outside this trip (${span}); nothing was recorded.`;
}
