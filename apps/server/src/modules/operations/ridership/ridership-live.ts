import type { LivePosition, LiveTripChanged, RidershipKind } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import type { LiveEventInput } from '../live/index.js';
import { latestFixesOf } from './ridership-queries.js';

/**
 * What the live stream is told of ridership: each event stored now, a trip's newest fix, a stop timeline that
 * changed. Built in the transaction that stored them; each event also goes to the stream of the trip's driver.
 */

/**
 * A 'ridership' event as the live log keeps it. Clients are sent only which trip changed (LIVE_EVENTS); the rest is
 * for the streams that decide on the server what a viewer may see: a parent's follows their own children's events
 * (the child is named only when seated on the trip, so a scan on any bus tells no family it was their child).
 */
export interface LoggedRidership {
  tripId: string;
  eventId: string;
  kind: RidershipKind;
  studentId: string | null;
  occurredAt: string;
}

/** One 'ridership' event per event stored now. */
export const ridershipEvent = (event: LoggedRidership, driverUserId: string | null): LiveEventInput => ({
  type: 'ridership',
  tripId: event.tripId,
  driverUserId,
  payload: event satisfies LoggedRidership,
});

export const stopsEvent = (tripId: string, driverUserId: string | null): LiveEventInput => ({
  type: 'stops',
  tripId,
  driverUserId,
  payload: { tripId } satisfies LiveTripChanged,
});

/**
 * One 'position' event per trip whose newest fix (by recorded time) came in with this request: a request carrying
 * only older fixes (an outbox catching up after a newer one) moves no marker back, and a request of fifty fixes of
 * one trip sends one event.
 */
export async function positionEvents(
  tx: Executor,
  insertedIds: Set<string>,
  tripIds: string[],
  driverUserIdOf: (tripId: string) => string | null,
): Promise<LiveEventInput[]> {
  if (!tripIds.length) return [];
  const latest = await latestFixesOf(tx, tripIds);
  return latest
    .filter((fix) => insertedIds.has(fix.positionId))
    .map((fix) => ({
      type: 'position' as const,
      tripId: fix.tripId,
      driverUserId: driverUserIdOf(fix.tripId!),
      payload: {
        tripId: fix.tripId!,
        lat: fix.lat,
        lng: fix.lng,
        accuracy: fix.accuracy,
        recordedAt: fix.recordedAt.toISOString(),
      } satisfies LivePosition,
    }));
}
