import type { NoAdultRule, RidershipKind, TripType } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { runName, type NotificationItem } from '../notifications/index.js';
import { guardiansOfStudents } from '../../../db/guardian-queries.js';

/** An event stored now that a parent is told of: a child of theirs got on or off a bus. */
export interface RiderMoment {
  tripId: string;
  kind: RidershipKind;
  studentId: string | null;
  occurredAt: string;
}

/** The notification of each event a parent is told of, and its messages in the `messages` catalogue. */
const TOLD: Partial<Record<RidershipKind, { kind: 'BOARDED' | 'LEFT'; message: string }>> = {
  BOARD: { kind: 'BOARDED', message: 'notification.boarded' },
  ALIGHT: { kind: 'LEFT', message: 'notification.left' },
};

/**
 * The parents' notifications of a batch of ridership events, written to the outbox in the batch's transaction.
 * One per child, trip and kind (the dedup key), so a child scanned twice, or a batch replayed, tells once. Said
 * only of a child seated on the trip (the caller leaves out anyone else's id): a card of another route's child
 * scanned on any bus must not alarm their family; the office gets the wrong-bus alert instead. The text names the
 * parent's own child, the run and the time (on the operator's clock, written the parent's language's way), nothing
 * of other children.
 */
export async function riderNotifications(
  tx: Executor,
  moments: RiderMoment[],
  tripOf: (tripId: string) => { routeName: string; type: TripType },
  timeZone: string,
): Promise<NotificationItem[]> {
  const told = moments.filter((moment) => moment.studentId && TOLD[moment.kind]);
  if (!told.length) return [];
  // Every guardian of the child is told (decision 064), each once (the dedup key names them).
  const guardians = await guardiansOfStudents(tx, [...new Set(told.map((moment) => moment.studentId!))], {
    told: true,
  });
  return told.flatMap((moment) =>
    guardians
      .filter((guardian) => guardian.studentId === moment.studentId)
      .map((family) => toldOne(moment, family)),
  );

  function toldOne(moment: RiderMoment, family: (typeof guardians)[number]): NotificationItem {
    const { kind, message } = TOLD[moment.kind]!;
    const trip = tripOf(moment.tripId);
    const values = {
      child: family.studentName,
      time: { clockTime: new Date(moment.occurredAt), timeZone },
      run: runName(trip.type),
      route: trip.routeName,
    };
    return {
      dedupKey: `${kind}:${moment.tripId}:${family.studentId}:${family.userId}`,
      userId: family.userId,
      studentId: family.studentId,
      kind,
      text: (t) => ({ title: t(`${message}.title`, values), body: t(`${message}.body`, values) }),
      url: '/parent',
    };
  }
}

/**
 * The guardians' notification that no adult they authorized was at the stop (decision 065): what the driver does
 * under the operator's rule, and that the office will call. One per child, trip and guardian (the dedup key): a
 * driver who says it again at the next stop tells no one twice.
 */
export function noAdultNotifications(
  families: { studentId: string; name: string; parentUserId: string; type: TripType; routeName: string }[],
  miss: { tripId: string; stopName: string | null; rule: NoAdultRule; at: Date },
  timeZone: string,
): NotificationItem[] {
  return families.map((family) => ({
    dedupKey: `NO_AUTHORIZED_ADULT:${miss.tripId}:${family.studentId}:${family.parentUserId}`,
    userId: family.parentUserId,
    studentId: family.studentId,
    kind: 'NO_AUTHORIZED_ADULT' as const,
    text: (t) => {
      const child = family.name;
      const values = {
        child,
        stop: miss.stopName ?? t('notification.noAuthorizedAdult.stop'),
        time: { clockTime: miss.at, timeZone },
        run: runName(family.type),
        route: family.routeName,
        rule: t(`notification.noAuthorizedAdult.rule.${miss.rule}`, { child }),
      };
      return {
        title: t('notification.noAuthorizedAdult.title', values),
        body: t('notification.noAuthorizedAdult.body', values),
      };
    },
    url: '/parent',
  }));
}
