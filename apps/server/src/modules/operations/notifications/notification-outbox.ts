import {
  PREFERENCE_OF_KIND,
  type ChosenKind,
  type NotificationPreferences,
  type TripType,
} from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { languageHolders, translatorOf, type Translator } from '../../platform/i18n/index.js';
import { activeParents, insertNotifications, preferencesOf } from './notification-queries.js';

/** A run's name in a notification (`run.PICKUP`: "morning run"), as a value of its message. */
export const runName = (type: TripType) => ({ message: `run.${type}` });

export interface NotificationItem {
  /**
   * Names the cause and the recipient, e.g. `BOARDED:<ridership event id>:<parent user id>`: the same cause seen
   * again (an event sent twice, a check that runs every 15 s on every process) writes no second row.
   */
  dedupKey: string;
  userId: string;
  /** The child it is about (every kind today): the row goes with the child's record, since its title names them. */
  studentId?: string;
  kind: ChosenKind;
  /**
   * What the phone shows, written in the parent's language (`t` of the `messages` catalogue, decision 053): plain
   * sentences, no more personal detail than the parent already has.
   */
  text(t: Translator['t']): { title: string; body: string };
  /** Where tapping it leads, an address of the web app (a path such as `/parent`). */
  url: string;
  /**
   * For APPROACHING, the minutes until the bus reaches the child's stop: written only once that is within the
   * parent's chosen minutes. For LATE, the minutes the trip runs behind: written only once that reaches the
   * parent's chosen lateness. A producer may so offer the same cause on every check and let each parent's choice
   * decide when it is written (the dedup key then keeps it to one).
   */
  minutes?: number;
}

/** Whether the parent asked for this notification, and for a timed one whether its moment has come. */
export function wanted(item: NotificationItem, preferences: NotificationPreferences): boolean {
  if (!preferences[PREFERENCE_OF_KIND[item.kind]]) return false;
  if (item.minutes === undefined) return true;
  if (item.kind === 'APPROACHING') return item.minutes <= preferences.approachingMinutes;
  if (item.kind === 'LATE') return item.minutes >= preferences.lateMinutes;
  return true;
}

/**
 * Writes the notifications of an event into the outbox, in the transaction that stores the event: a crash loses
 * none, a rollback sends none, and the dedup key keeps each cause to one. Only what each parent chose is written,
 * and only for parents whose account is active. The caller wakes the dispatcher once its transaction has
 * committed (`dispatcher.wake()`); the dispatcher's timer finds them otherwise. Each is written in its parent's
 * language as it is now (the history shows it so). Answers how many were written.
 */
export async function enqueueNotifications(tx: Executor, items: NotificationItem[]): Promise<number> {
  if (!items.length) return 0;
  const userIds = items.map((item) => item.userId);
  // One after the other: statements of one transaction share its connection.
  const parents = await activeParents(tx, userIds);
  const preferences = await preferencesOf(tx, userIds);
  const kept = items.filter(
    (item) => parents.has(item.userId) && wanted(item, preferences.get(item.userId)!),
  );
  const holders = await languageHolders(
    tx,
    kept.map((item) => item.userId),
  );
  return insertNotifications(
    tx,
    kept.map(({ dedupKey, userId, studentId, kind, text, url }) => ({
      dedupKey,
      userId,
      studentId: studentId ?? null,
      kind,
      ...text(translatorOf(holders.get(userId)!).t),
      url,
    })),
  );
}
