import type { Executor } from '../../../db/client.js';
import { addDays } from '../../../lib/zoned-time.js';
import { enqueueNotifications, runName } from '../notifications/index.js';
import { familiesOnTrips } from './trip-queries.js';

/**
 * Tells the parents of the children seated on `tripIds`, just cancelled, in the transaction that cancelled them:
 * one outbox row per child and trip (the dedup key), so cancelling, reinstating and cancelling again tells once.
 * Only trips of `today` and the next day: a closure entered weeks ahead is the school's news, told by the school,
 * and a phone buzzing for every run of a holiday helps nobody. Answers how many were written (the caller wakes the
 * dispatcher after its commit when any were).
 */
export async function tellParentsOfCancelled(
  tx: Executor,
  tripIds: string[],
  { today, reason }: { today: string; reason: string | null },
): Promise<number> {
  if (!tripIds.length) return 0;
  const soon = new Set([today, addDays(today, 1)]);
  const families = (await familiesOnTrips(tx, tripIds)).filter((row) => soon.has(row.tripDate));
  return enqueueNotifications(
    tx,
    families.map((row) => {
      const values = {
        child: row.name,
        run: runName(row.type),
        route: row.routeName,
        day: { message: row.tripDate === today ? 'day.today' : 'day.tomorrow' },
        // The office's own words, as typed: not translated.
        reason: reason ?? '',
      };
      return {
        dedupKey: `CANCELLED:${row.tripId}:${row.studentId}:${row.parentUserId}`,
        userId: row.parentUserId,
        studentId: row.studentId,
        kind: 'CANCELLED' as const,
        text: (t) => ({
          title: t('notification.cancelled.title', values),
          body: t(reason ? 'notification.cancelled.bodyWithReason' : 'notification.cancelled.body', values),
        }),
        url: '/parent',
      };
    }),
  );
}
