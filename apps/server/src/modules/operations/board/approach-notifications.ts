import type { LiveTripDetails } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { runName, type NotificationItem } from '../notifications/index.js';
import { waitingChildren } from './board-queries.js';

/**
 * The APPROACHING notifications to offer the parents of the children waiting at a stop of a running trip (waitingChildren: morning, not boarded
 * yet; afternoon, on board) an APPROACHING notification with the minutes until the bus's estimated arrival there
 * (eta.ts, as the board shows it). The outbox writes one only once that is within the minutes the parent chose, and
 * one per child and trip (the dedup key), so they can be offered on every check on every process.
 */
export async function approachNotices(
  tx: Executor,
  running: LiveTripDetails[],
  now: Date,
): Promise<NotificationItem[]> {
  const estimated = running.filter((details) => details.stops.some((stop) => stop.eta !== null));
  if (!estimated.length) return [];
  const etaOf = new Map(
    estimated.flatMap((details) =>
      details.stops.map((stop) => [`${details.trip.tripId}:${stop.position}`, stop.eta] as const),
    ),
  );
  const waiting = await waitingChildren(
    tx,
    estimated.map((details) => details.trip.tripId),
  );
  return waiting.flatMap((child) => {
    const eta = etaOf.get(`${child.tripId}:${child.position}`);
    if (!eta) return [];
    const minutes = Math.max(0, Math.round((Date.parse(eta) - now.getTime()) / 60_000));
    const values = {
      child: child.name,
      run: runName(child.type),
      route: child.routeName,
      stop: child.stopName,
      minutes,
    };
    return [
      {
        dedupKey: `APPROACHING:${child.tripId}:${child.studentId}:${child.parentUserId}`,
        userId: child.parentUserId,
        studentId: child.studentId,
        kind: 'APPROACHING' as const,
        text: (t) => ({
          title: t('notification.approaching.title', values),
          body: t('notification.approaching.body', values),
        }),
        url: '/parent',
        minutes,
      },
    ];
  });
}
