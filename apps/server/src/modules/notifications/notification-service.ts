import { isIP } from 'node:net';
import webpush from 'web-push';
import type {
  NotificationPreferences,
  PushKey,
  PushSubscriptionAnswer,
  PushSubscriptionData,
} from '@school-transport/shared';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import {
  deleteSubscription,
  keyPair,
  preferencesOf,
  savePreferences,
  upsertSubscription,
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

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why this endpoint is refused, or null. The server POSTs to whatever endpoint a parent sends it, so an endpoint is
 * a request the server makes on a stranger's behalf (SSRF): without this rule a parent could aim it at the
 * database, a cloud metadata address or an admin page inside the network, and read from the answers' timing or
 * status what is there. Browsers' push services are public HTTPS hosts with names, so only those are taken:
 * https, a host name with a dot (not an IP address, not localhost or an intranet name), no credentials; the
 * dispatcher also never follows a redirect. A public name that resolves to an inside address is not caught here.
 * `allowLoopback` (NODE_ENV=test only) lets tests use their push service on http://127.0.0.1, which never leaves
 * the machine.
 */
export function pushEndpointProblem(endpoint: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The subscription endpoint must be a URL.';
  }
  if (url.username || url.password) return 'The subscription endpoint must not contain credentials.';
  if (
    allowLoopback &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    LOOPBACK_HOSTS.has(url.hostname)
  )
    return null;
  if (url.protocol !== 'https:') return 'The subscription endpoint must be an https address.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))
    return "The subscription endpoint must be a push service's public address.";
  return null;
}

const toAnswer = (row: Awaited<ReturnType<typeof upsertSubscription>>): PushSubscriptionAnswer => ({
  id: row.id,
  endpoint: row.endpoint,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
});

export interface NotificationServiceDeps {
  db: Database;
  vapidKeys: () => Promise<KeyPair>;
  /** Take http://127.0.0.1 endpoints (tests' push service): NODE_ENV=test only. */
  allowLoopbackEndpoints: boolean;
}

/** A parent's devices and choices: the VAPID key to subscribe with, subscriptions, preferences. */
export function createNotificationService({
  db,
  vapidKeys,
  allowLoopbackEndpoints,
}: NotificationServiceDeps) {
  return {
    async publicKey(): Promise<PushKey> {
      return { publicKey: (await vapidKeys()).publicKey };
    },

    /** Stores (or renews) a browser's subscription for the parent; `userAgent` names it when no label is given. */
    async subscribe(
      userId: string,
      input: PushSubscriptionData,
      userAgent: string | undefined,
    ): Promise<PushSubscriptionAnswer> {
      const problem = pushEndpointProblem(input.endpoint, allowLoopbackEndpoints);
      if (problem) throw badRequest(problem, [{ field: 'endpoint', message: problem }]);
      const row = await upsertSubscription(db, userId, {
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        label: input.label ?? userAgent?.slice(0, 200) ?? null,
      });
      return toAnswer(row);
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
