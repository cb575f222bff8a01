import type { ChosenKind } from '@school-transport/shared';
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
    only,
    seated = false,
  }: {
    today: string;
    kind: ChosenKind;
    cause: (tripId: string) => string;
    text: (
      t: Translator['t'],
      values: ReturnType<typeof valuesOf>,
      row: Family,
    ) => { title: string; body: string };
    /** Which of the children's parents to tell (default: all). */
    only?: (row: Family) => boolean;
    /** Tell the parents of the trips' seated children (as planned) rather than of those riding it that day. */
    seated?: boolean;
  },
): Promise<number> {
  if (!tripIds.length) return 0;
  const soon = new Set([today, addDays(today, 1)]);
  const families = (await familiesOnTrips(tx, tripIds, { seated })).filter(
    (row) => soon.has(row.tripDate) && (only?.(row) ?? true),
  );
  return enqueueNotifications(
    tx,
    families.map((row) => ({
      dedupKey: `${cause(row.tripId)}:${row.studentId}:${row.parentUserId}`,
      userId: row.parentUserId,
      studentId: row.studentId,
      kind,
      text: (t) => text(t, valuesOf(row, today), row),
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

/** A combined run as its notices name it (decision 061). */
export interface CombineNews {
  combineId: string;
  hostTripId: string;
  joinedTripId: string;
  hostRouteName: string;
  joinedRouteName: string;
  /** The host's bus: the joined run's children ride it. */
  hostPlate: string;
  reason: string;
  /** Where each joined child rides that day: the host's assignment and their stop, for those who ride with it. */
  riding: Map<string, { assignmentId: string; stopId: string | null }>;
  hostAssignmentId: string;
  /** The host trip's stops by stop id, with its planned time there. */
  hostStops: Map<string, { name: string; plannedAt: Date | null }>;
}

/**
 * The parents of both runs of a combine: the joined run's, that their child rides with the host's bus, at which
 * stop and about when (the host's planned time there, when it has one); the host run's, that another route's
 * children ride with them. One notice per child and combine.
 */
export async function tellParentsOfCombine(
  tx: Executor,
  news: CombineNews,
  { today, timeZone }: { today: string; timeZone: string },
): Promise<number> {
  const joined = await tellParentsOfRuns(tx, [news.joinedTripId], {
    today,
    kind: 'HANDED_OVER',
    seated: true,
    cause: () => `COMBINED:${news.combineId}`,
    only: (row) => news.riding.get(row.studentId)?.assignmentId === news.hostAssignmentId,
    text: (t, values, row) => {
      const stopId = news.riding.get(row.studentId)?.stopId;
      const stop = stopId ? news.hostStops.get(stopId) : undefined;
      const common = { ...values, host: news.hostRouteName, plate: news.hostPlate, reason: news.reason };
      const place = stop?.name ?? t('notification.combined.usualStop');
      return {
        title: t('notification.combined.title', common),
        body: stop?.plannedAt
          ? t('notification.combined.bodyAt', {
              ...common,
              stop: place,
              time: { clockTime: stop.plannedAt, timeZone },
            })
          : t('notification.combined.body', { ...common, stop: place }),
      };
    },
  });
  const host = await tellParentsOfRuns(tx, [news.hostTripId], {
    today,
    kind: 'HANDED_OVER',
    seated: true,
    cause: () => `COMBINED_HOST:${news.combineId}`,
    text: (t, values) => {
      const common = { ...values, joined: news.joinedRouteName, reason: news.reason };
      return {
        title: t('notification.combinedHost.title', common),
        body: t('notification.combinedHost.body', common),
      };
    },
  });
  return joined + host;
}

/**
 * The joined runs' parents whose stop on the host got a new planned time when the office re-ordered the host's
 * stops (decision 061): "now about 07:46 at Birch Road". Only those whose time changed; `changedAt` names the
 * re-order, so each change is told once.
 */
export function tellParentsOfCombinedTime(
  tx: Executor,
  news: Pick<CombineNews, 'hostRouteName' | 'hostPlate' | 'riding' | 'hostAssignmentId'> & {
    retimed: Array<{ stopId: string | null; joinedTripId: string; plannedAt: Date; name: string }>;
    changedAt: Date;
  },
  { today, timeZone }: { today: string; timeZone: string },
): Promise<number> {
  const key = (tripId: string, stopId: string | null) => `${tripId}:${stopId}`;
  const retimed = new Map(news.retimed.map((stop) => [key(stop.joinedTripId, stop.stopId), stop]));
  const stopOf = (row: Family) => {
    const riding = news.riding.get(row.studentId);
    if (riding?.assignmentId !== news.hostAssignmentId || !riding.stopId) return undefined;
    return retimed.get(key(row.tripId, riding.stopId));
  };
  return tellParentsOfRuns(tx, [...new Set(news.retimed.map((stop) => stop.joinedTripId))], {
    today,
    kind: 'HANDED_OVER',
    seated: true,
    cause: (tripId) => `COMBINED_TIME:${tripId}:${news.changedAt.getTime()}`,
    only: (row) => stopOf(row) !== undefined,
    text: (t, values, row) => {
      const stop = stopOf(row)!;
      const common = { ...values, host: news.hostRouteName, plate: news.hostPlate };
      return {
        title: t('notification.combinedTime.title', common),
        body: t('notification.combinedTime.body', {
          ...common,
          stop: stop.name,
          time: { clockTime: stop.plannedAt, timeZone },
        }),
      };
    },
  });
}

/** The joined run's parents, when the office undoes a combine: their run goes with its own bus again. */
export function tellParentsOfUncombine(
  tx: Executor,
  { combineId, joinedTripId, plate }: { combineId: string; joinedTripId: string; plate: string },
  today: string,
): Promise<number> {
  return tellParentsOfRuns(tx, [joinedTripId], {
    today,
    kind: 'HANDED_OVER',
    cause: () => `UNCOMBINED:${combineId}`,
    text: (t, values) => ({
      title: t('notification.uncombined.title', values),
      body: t('notification.uncombined.body', { ...values, plate }),
    }),
  });
}
