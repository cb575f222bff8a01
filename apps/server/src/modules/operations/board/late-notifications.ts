import type { BoardTrip } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { runName, type NotificationItem } from '../notifications/index.js';
import { familiesOnTrips } from '../trips/index.js';

/**
 * The LATE notifications to offer the parents of the children seated on each trip behind its plan. The outbox
 * writes one only once the trip is as late as that parent chose (`minutes`), and one per child and trip (the dedup
 * key), so they can be offered on every check on every process.
 */
export async function lateNotices(
  tx: Executor,
  behind: Pick<BoardTrip, 'tripId' | 'lateMinutes'>[],
): Promise<NotificationItem[]> {
  if (!behind.length) return [];
  const lateness = new Map(behind.map((trip) => [trip.tripId, Math.round(trip.lateMinutes!)]));
  const families = await familiesOnTrips(tx, [...lateness.keys()]);
  return families.map((row) => {
    const minutes = lateness.get(row.tripId)!;
    const values = { child: row.name, run: runName(row.type), route: row.routeName, minutes };
    return {
      dedupKey: `LATE:${row.tripId}:${row.studentId}:${row.parentUserId}`,
      userId: row.parentUserId,
      studentId: row.studentId,
      kind: 'LATE' as const,
      text: (t) => ({
        title: t('notification.late.title', values),
        body: t('notification.late.body', values),
      }),
      url: '/parent',
      minutes,
    };
  });
}
