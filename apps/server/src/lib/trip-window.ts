import type { TripStatus } from '@school-transport/shared';
import type { Words } from './errors.js';
import { zonedDate } from './zoned-time.js';

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

/** What a phone uploads for a trip, as the messages catalogue names it in a refusal. */
export type UploadKind = 'scans' | 'positions' | 'childChecks';

/**
 * Why a phone's events or fixes for this trip are refused now, or null when the trip takes them: it runs, or it
 * ended less than TRIP_GRACE_MS ago. Worded from the messages catalogue (refusal.upload.*); times on the operator's
 * clock.
 */
export function uploadRefusal(trip: TripSpan, now: Date, timeZone: string, what: UploadKind): Words | null {
  switch (trip.status) {
    case 'STARTED':
      return null;
    case 'COMPLETED':
      return withinGrace(trip, now)
        ? null
        : {
            code: 'refusal.upload.tripEnded',
            params: {
              time: { clockTime: trip.completedAt!, timeZone },
              what: { message: `refusal.upload.what.${what}` },
            },
          };
    case 'PENDING':
      return { code: 'refusal.upload.notStarted' };
    case 'CANCELLED':
      return { code: 'refusal.upload.cancelled' };
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
export function timeOutsideSpan(trip: TripSpan, at: Date, now: Date, timeZone: string): Words | null {
  if (!trip.startedAt) return { code: 'refusal.upload.notStartedYet' };
  if (insideSpan(trip, at, now)) return null;
  const clock = (instant: Date) => ({ clockTime: instant, timeZone });
  const sameDay = zonedDate(at, timeZone) === zonedDate(trip.startedAt, timeZone);
  const params = {
    time: clock(at),
    day: zonedDate(at, timeZone),
    started: clock(trip.startedAt),
    ...(trip.completedAt ? { ended: clock(trip.completedAt) } : {}),
  };
  const when = sameDay ? 'SameDay' : 'OtherDay';
  const span = trip.completedAt ? 'Ran' : 'Running';
  return { code: `refusal.upload.outside${when}${span}`, params };
}
