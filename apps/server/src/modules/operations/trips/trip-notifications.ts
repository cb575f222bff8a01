import type { NotificationKind } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { addDays } from '../../../lib/zoned-time.js';
import type { Translator } from '../../platform/i18n/index.js';
import { enqueueNotifications, runName } from '../notifications/index.js';
import { familiesOnTrips } from './trip-queries.js';

type Family = Awaited<ReturnType<typeof familiesOnTrips>>[number];

/** What a notice about a run says: the child, the run, its route and day, as values of the catalogue's message. */
const valuesOf = (row: Family, today: string) => ({
  child: row.name,
  run: runName(row.type),
  route: row.routeName,
  day: { message: row.tripDate === today ? 'day.today' : 'day.tomorrow' },
});

/**
 * Tells the parents of the children seated on `tripIds`, in the transaction that changed them: one outbox row per
 * child and trip under `cause` (the dedup key's head, e.g. `CANCELLED:<trip>`), so the same change told twice is
 * written once. Only trips of `today` and the next day: a closure entered weeks ahead is the school's news, told by
 * the school, and a phone buzzing for every run of a holiday helps nobody. Answers how many were written (the
 * caller wakes the dispatcher after its commit when any were).
 */
async function tellParentsOfRuns(
  tx: Executor,
  tripIds: string[],
  {
    today,
    kind,
    cause,
    text,
  }: {
    today: string;
    kind: NotificationKind;
    cause: (tripId: string) => string;
    text: (t: Translator['t'], values: ReturnType<typeof valuesOf>) => { title: string; body: string };
  },
): Promise<number> {
  if (!tripIds.length) return 0;
  const soon = new Set([today, addDays(today, 1)]);
  const families = (await familiesOnTrips(tx, tripIds)).filter((row) => soon.has(row.tripDate));
  return enqueueNotifications(
    tx,
    families.map((row) => ({
      dedupKey: `${cause(row.tripId)}:${row.studentId}:${row.parentUserId}`,
      userId: row.parentUserId,
      studentId: row.studentId,
      kind,
      text: (t) => text(t, valuesOf(row, today)),
      url: '/parent',
    })),
  );
}

/** The parents of the children seated on `tripIds`, just cancelled, with the reason (the office's words, as typed). */
export function tellParentsOfCancelled(
  tx: Executor,
  tripIds: string[],
  { today, reason }: { today: string; reason: string | null },
): Promise<number> {
  return tellParentsOfRuns(tx, tripIds, {
    today,
    kind: 'CANCELLED',
    // Cancelling, reinstating and cancelling again tells once.
    cause: (tripId) => `CANCELLED:${tripId}`,
    text: (t, values) => ({
      title: t('notification.cancelled.title', values),
      body: t(reason ? 'notification.cancelled.bodyWithReason' : 'notification.cancelled.body', {
        ...values,
        reason: reason ?? '',
      }),
    }),
  });
}

/**
 * The parents of the children seated on the trip, which the office just marked `minutes` late (0: on time again)
 * with `reason`. `changedAt` names the change: each change is told once (decision 056).
 */
export function tellParentsOfDelay(
  tx: Executor,
  tripId: string,
  { today, minutes, reason, changedAt }: { today: string; minutes: number; reason: string; changedAt: Date },
): Promise<number> {
  return tellParentsOfRuns(tx, [tripId], {
    today,
    kind: 'DELAYED',
    cause: () => `DELAYED:${tripId}:${changedAt.getTime()}`,
    text: (t, values) =>
      minutes
        ? {
            title: t('notification.delayed.title', { ...values, minutes }),
            body: t('notification.delayed.body', { ...values, minutes, reason }),
          }
        : {
            title: t('notification.delayCleared.title', values),
            body: t('notification.delayCleared.body', { ...values, reason }),
          },
  });
}

/**
 * The parents of the children handed over from `tripId` to the rescue trip `rescueTripId`: which bus and driver
 * carry their child now, and why (decision 056). Only the children on board are told, not the whole run's.
 */
export async function tellParentsOfHandover(
  tx: Executor,
  { tripId, rescueTripId, studentIds }: { tripId: string; rescueTripId: string; studentIds: string[] },
  {
    today,
    vehiclePlate,
    driverName,
    reason,
  }: { today: string; vehiclePlate: string; driverName: string; reason: string },
): Promise<number> {
  const onBoard = new Set(studentIds);
  const families = (await familiesOnTrips(tx, [tripId])).filter((row) => onBoard.has(row.studentId));
  return enqueueNotifications(
    tx,
    families.map((row) => {
      const values = { ...valuesOf(row, today), plate: vehiclePlate, driver: driverName, reason };
      return {
        dedupKey: `HANDED_OVER:${rescueTripId}:${row.studentId}:${row.parentUserId}`,
        userId: row.parentUserId,
        studentId: row.studentId,
        kind: 'HANDED_OVER' as const,
        text: (t: Translator['t']) => ({
          title: t('notification.handedOver.title', values),
          body: t('notification.handedOver.body', values),
        }),
        url: '/parent',
      };
    }),
  );
}
