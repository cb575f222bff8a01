import webpush from 'web-push';
import type {
  NotificationPreferences,
  PushKey,
  PushSubscriptionAnswer,
  PushSubscriptionData,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { badRequest } from '../../../lib/errors.js';
import { pushEndpointProblem } from './push-endpoints.js';
import {
  deleteSubscription,
  keyPair,
  preferencesOf,
  savePreferences,
  subscribeWithin,
  type KeyPair,
} from './notification-queries.js';

/** The VAPID key pair's name among the server's key pairs. */
const VAPID = 'vapid';

/**
 * The VAPID key pair, made once for the whole installation (every process and restart reads the same one back:
 * browsers subscribed with its public half).
 */
export function createVapidKeys(db: Database): () => Promise<KeyPair> {
  let pair: Promise<KeyPair> | null = null;
  return () => {
    pair ??= keyPair(db, VAPID, () => webpush.generateVAPIDKeys()).catch((error: unknown) => {
      // A failed read (the database briefly away) is tried again by the next caller, not remembered.
      pair = null;
      throw error;
    });
    return pair;
  };
}

/**
 * How many devices one parent's notifications go to. A new one past this replaces the parent's oldest (by when it
 * subscribed): a parent who changes phones is never stuck, and one account cannot make the server send to
 * thousands of endpoints.
 */
export const MAX_SUBSCRIPTIONS_PER_PARENT = 10;

/** Said on every subscription, replaced or not: the answer is the same whatever became of the parent's others. */
export const SUBSCRIBED_MESSAGE = `Notifications are on for this device. They go to your ${MAX_SUBSCRIPTIONS_PER_PARENT} most recently added devices at most.`;

export interface NotificationServiceDeps {
  db: Database;
  vapidKeys: () => Promise<KeyPair>;
  /** Origins taken as push services besides the browsers' (PUSH_EXTRA_ORIGINS). */
  extraPushOrigins: readonly string[];
}

/** A parent's devices and choices: the VAPID key to subscribe with, subscriptions, preferences. */
export function createNotificationService({ db, vapidKeys, extraPushOrigins }: NotificationServiceDeps) {
  return {
    async publicKey(): Promise<PushKey> {
      return { publicKey: (await vapidKeys()).publicKey };
    },

    /**
     * Stores (or renews) a browser's subscription for the parent; `userAgent` names it when no label is given. The
     * answer says nothing of whether the endpoint was ever reached (no delivery time, no sign of a row removed
     * after its push service said it was gone): only what the browser sent.
     */
    async subscribe(
      userId: string,
      input: PushSubscriptionData,
      userAgent: string | undefined,
    ): Promise<PushSubscriptionAnswer> {
      const problem = pushEndpointProblem(input.endpoint, extraPushOrigins);
      if (problem) throw badRequest(problem, [{ field: 'endpoint', message: problem }]);
      const row = await subscribeWithin(
        db,
        userId,
        {
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          label: input.label ?? userAgent?.slice(0, 200) ?? null,
        },
        MAX_SUBSCRIPTIONS_PER_PARENT,
      );
      return { endpoint: row.endpoint, label: row.label };
    },

    /** Forgets the parent's subscription with this endpoint; one already gone is no error (the browser may retry). */
    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      await deleteSubscription(db, userId, endpoint);
    },

    async preferences(userId: string): Promise<NotificationPreferences> {
      return (await preferencesOf(db, [userId])).get(userId)!;
    },

    async savePreferences(
      userId: string,
      preferences: NotificationPreferences,
    ): Promise<NotificationPreferences> {
      await savePreferences(db, userId, preferences);
      return preferences;
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
