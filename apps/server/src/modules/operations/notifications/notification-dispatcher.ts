import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushPayload } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { translatorOf } from '../../platform/i18n/index.js';
import type { Mailer } from '../../platform/mail/index.js';
import { notificationMail } from './notification-mail.js';
import {
  claimDue,
  deleteSubscriptionById,
  markGivenUp,
  markRetry,
  markSent,
  markSubscriptionDelivered,
  preferencesOf,
  recipient,
  subscriptionsOf,
  type ClaimedNotification,
  type KeyPair,
  type StoredSubscription,
} from './notification-queries.js';
import { checkedLookup, pushEndpointProblem, systemResolver, type PushResolver } from './push-endpoints.js';

/**
 * Waits before each retry of a notification that could not be sent; one attempt more than there are delays, then
 * it is given up (about 50 minutes after the first: a later "the bus is approaching" would only mislead).
 */
export const RETRY_DELAYS_MS = [15_000, 60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000];

/** Rows claimed at once; the next batch is claimed as soon as these are done. */
const BATCH = 20;

/** A push service that has not answered within this is counted as failed, and tried again later. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * How long a claim keeps other processes off a row: longer than a batch can take (every request ends within its
 * timeout), short enough that a row claimed by a process that died is sent soon by another.
 */
const LEASE_MS = 60_000;

/** How long a push service keeps a message for a phone that is offline: an hour-old notice is no longer news. */
const TTL_SECONDS = 3_600;

/** The Web Push `Topic` header: at most 32 URL-safe characters, so the dedup key's hash stands for it. */
export const topicOf = (dedupKey: string) =>
  createHash('sha256').update(dedupKey).digest('base64url').slice(0, 32);

/** VAPID's contact for push services: the sender address of the server's mails (MAIL_FROM), as a mailto: URL. */
export function vapidSubject(mailFrom: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

type PushOutcome = { result: 'delivered' } | { result: 'gone' } | { result: 'failed'; error: string };

export interface DispatcherDeps {
  db: Database;
  log: FastifyBaseLogger;
  mailer: Mailer;
  vapidKeys: () => Promise<KeyPair>;
  /** MAIL_FROM: the VAPID contact (vapidSubject). */
  mailFrom: string;
  /** PUBLIC_URL: a mailed notification's link is this plus the notification's path. */
  publicUrl: string;
  /** Origins taken as push services besides the browsers' (PUSH_EXTRA_ORIGINS); no address check for them. */
  extraPushOrigins: readonly string[];
  /** How push services' names are resolved (tests put a name on 127.0.0.1 with it); the system's by default. */
  resolver?: PushResolver;
  retryDelaysMs?: number[];
  /**
   * Asks for a pass soon: the notification-dispatch job's wake (job-registry.ts), which runs one now or right after
   * the one under way. Producers call it through the dispatcher's wake() once their commit is done.
   */
  wake(): void;
}

/**
 * Sends what the outbox holds: claims due rows (no two processes at once), pushes each to every device of its
 * parent, removes devices their push service says are gone, falls back to e-mail when the parent chose it and no
 * device could receive it, and retries failures with growing delays. Its pass is the notification-dispatch job's
 * work, run on the job's timer and woken by `wake()` after a producer's commit. Each message carries the dedup key as its `tag` and, hashed, as its `Topic`:
 * one sent again after a crash replaces the first on the phone instead of showing twice.
 */
export function createNotificationDispatcher(deps: DispatcherDeps) {
  const { db, log, mailer, vapidKeys, publicUrl, extraPushOrigins } = deps;
  const lookup = checkedLookup(deps.resolver ?? systemResolver);
  const retryDelaysMs = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const maxAttempts = retryDelaysMs.length + 1;
  const subject = vapidSubject(deps.mailFrom);

  async function push(
    subscription: StoredSubscription,
    payload: PushPayload,
    keys: KeyPair,
  ): Promise<PushOutcome> {
    // Checked again: the list of push services may have shrunk since the browser subscribed.
    if (pushEndpointProblem(subscription.endpoint, extraPushOrigins)) return { result: 'gone' };
    // web-push encrypts (RFC 8291) and signs (VAPID); the request is sent here, so that it follows no redirect and
    // ends within its timeout.
    let request: webpush.RequestDetails;
    try {
      request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          topic: topicOf(payload.tag),
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
    } catch {
      // Keys of the right length that are no point on the curve: nothing can ever be encrypted to this device.
      return { result: 'gone' };
    }
    const url = new URL(request.endpoint);
    try {
      const status = await post(url, request.headers, request.body, extraPushOrigins.includes(url.origin));
      if (status >= 200 && status < 300) return { result: 'delivered' };
      if (status === 404 || status === 410) return { result: 'gone' };
      return { result: 'failed', error: `push service answered ${status}` };
    } catch (error) {
      // Only the error's kind and code: its message may quote the endpoint, which identifies a parent's device.
      const name = error instanceof Error ? error.name : 'error';
      const code = (error as { code?: unknown }).code;
      return {
        result: 'failed',
        error: `push request failed (${typeof code === 'string' ? `${name} ${code}` : name})`,
      };
    }
  }

  /**
   * One POST, answering the status: no redirect followed, ended within its timeout, and (unless the origin is one
   * the operator configured) connected only to addresses checked public when the name was resolved for it.
   */
  function post(
    url: URL,
    headers: webpush.RequestDetails['headers'],
    body: Buffer | null,
    configured: boolean,
  ): Promise<number> {
    return new Promise((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(
        url,
        {
          method: 'POST',
          headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
          ...(configured ? {} : { lookup }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        },
        (answer) => {
          // Read to the end (and away), so the socket is freed.
          answer.resume();
          answer.on('end', () => resolve(answer.statusCode ?? 0));
          answer.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body ?? undefined);
    });
  }

  async function email(row: ClaimedNotification): Promise<'sent' | 'no-address'> {
    const to = await recipient(db, row.userId);
    if (!to || to.disabledAt) return 'no-address';
    await mailer.send(notificationMail(to.email, row, publicUrl, translatorOf(to)));
    return 'sent';
  }

  /** After a failed attempt: again later, or (the last one) by e-mail if the parent chose it, or given up. */
  async function failed(row: ClaimedNotification, error: string, emailFallback: boolean): Promise<void> {
    if (row.attempts < maxAttempts) {
      await markRetry(db, row.id, retryDelaysMs[row.attempts - 1]!, error);
      return;
    }
    if (emailFallback && (await email(row)) === 'sent') {
      await markSent(db, row.id, 'email');
      return;
    }
    await markGivenUp(db, row.id, `${error}; gave up after ${row.attempts} attempts`);
  }

  /** One notification, to every device of its parent, or by e-mail. Never throws: a failure is a retry. */
  async function deliver(row: ClaimedNotification, keys: KeyPair): Promise<void> {
    try {
      // The office's own message reaches every guardian, by e-mail when no device could take it (decision 066).
      const emailFallback =
        row.kind === 'OFFICE_MESSAGE' ||
        (await preferencesOf(db, [row.userId])).get(row.userId)!.emailFallback;
      const payload: PushPayload = {
        kind: row.kind,
        title: row.title,
        body: row.body,
        url: row.url,
        tag: row.dedupKey,
      };
      const subscriptions = await subscriptionsOf(db, row.userId);
      const outcomes = await Promise.all(subscriptions.map((s) => push(s, payload, keys)));
      const delivered = subscriptions.filter((_, i) => outcomes[i]!.result === 'delivered');
      for (const [i, subscription] of subscriptions.entries())
        if (outcomes[i]!.result === 'gone') await deleteSubscriptionById(db, subscription.id);
      // One device that has it is enough: sending again to all would repeat it on those that had it.
      if (delivered.length) {
        await markSubscriptionDelivered(
          db,
          delivered.map((s) => s.id),
        );
        await markSent(db, row.id, 'push');
        return;
      }
      const failure = outcomes.find((outcome) => outcome.result === 'failed');
      if (failure) {
        await failed(row, failure.error, emailFallback);
        return;
      }
      // No device (none subscribed, or every one gone): e-mail now if the parent chose it.
      if (emailFallback) {
        if ((await email(row)) === 'sent') await markSent(db, row.id, 'email');
        else await markGivenUp(db, row.id, 'no e-mail address');
        return;
      }
      await markGivenUp(db, row.id, 'no device subscribed and no e-mail fallback');
    } catch (error) {
      log.error({ err: error, notification: row.id }, 'notification not sent');
      const reason = `sending failed (${error instanceof Error ? error.name : 'error'})`;
      // No e-mail from here (it may be the mail that failed). If even this fails (the database away), the claim
      // runs out and another pass tries again.
      await (
        row.attempts < maxAttempts
          ? markRetry(db, row.id, retryDelaysMs[row.attempts - 1]!, reason)
          : markGivenUp(db, row.id, `${reason}; gave up after ${row.attempts} attempts`)
      ).catch(() => undefined);
    }
  }

  /** Claims and sends batches until nothing is due; answers how many notifications it handled. */
  async function drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await claimDue(db, BATCH, LEASE_MS);
      if (!rows.length) return handled;
      const keys = await vapidKeys();
      await Promise.all(rows.map((row) => deliver(row, keys)));
      handled += rows.length;
      if (rows.length < BATCH) return handled;
    }
  }

  return {
    /** Called by a producer once the transaction that wrote to the outbox has committed. */
    wake: deps.wake,
    /** One pass through what is due (the job's run; tests drive their own dispatcher with it). */
    runOnce: drain,
  };
}
export type NotificationDispatcher = ReturnType<typeof createNotificationDispatcher>;
