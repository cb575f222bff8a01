import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationKind,
  type NotificationPreferences,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import {
  notificationOutbox,
  notificationPreferences,
  pushSubscriptions,
  serverKeyPairs,
  users,
} from '../../../db/schema/index.js';

/** The SQL of notifications: key pairs, subscriptions, preferences and the outbox (rules in the other files). */

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * The named key pair, stored as `make()` builds it when none is there yet. Concurrent first uses in several
 * processes each make a pair, one insert wins, and all read that one back.
 */
export async function keyPair(db: Executor, name: string, make: () => KeyPair): Promise<KeyPair> {
  const read = () =>
    db
      .select({ publicKey: serverKeyPairs.publicKey, privateKey: serverKeyPairs.privateKey })
      .from(serverKeyPairs)
      .where(eq(serverKeyPairs.name, name));
  const [existing] = await read();
  if (existing) return existing;
  await db
    .insert(serverKeyPairs)
    .values({ name, ...make() })
    .onConflictDoNothing();
  const [stored] = await read();
  return stored!;
}

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string | null;
}

const shownSubscription = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  label: pushSubscriptions.label,
};

/**
 * Stores the browser's subscription for `userId`, or renews it: a browser that subscribes again keeps its
 * endpoint with new keys, and one another parent signed in on becomes theirs (the endpoint is a secret only that
 * browser's push service and this server know). Then, past `max` subscriptions of the user, removes their oldest
 * others (by when they subscribed). One transaction, with the user's row locked: two devices subscribing at once
 * cannot both leave the user above `max`.
 */
export async function subscribeWithin(db: Database, userId: string, input: SubscriptionInput, max: number) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, ...input })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.p256dh, auth: input.auth, label: input.label },
      })
      .returning(shownSubscription);
    const others = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.id, row!.id)))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
    const surplus = others.slice(max - 1).map((other) => other.id);
    if (surplus.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, surplus));
    return row!;
  });
}

/** Removes `userId`'s subscription with this endpoint; answers whether there was one. */
export async function deleteSubscription(db: Executor, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Every subscription of a user, with the keys a message is encrypted to. */
export function subscriptionsOf(db: Executor, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}
export type StoredSubscription = Awaited<ReturnType<typeof subscriptionsOf>>[number];

/** A subscription its push service says is gone (404/410): the browser unsubscribed or the user revoked it. */
export async function deleteSubscriptionById(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSubscriptionDelivered(db: Executor, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(inArray(pushSubscriptions.id, ids));
}

const preferenceColumns = {
  userId: notificationPreferences.userId,
  boarded: notificationPreferences.boarded,
  left: notificationPreferences.left,
  approaching: notificationPreferences.approaching,
  approachingMinutes: notificationPreferences.approachingMinutes,
  cancelled: notificationPreferences.cancelled,
  late: notificationPreferences.late,
  stopChanges: notificationPreferences.stopChanges,
  planChanges: notificationPreferences.planChanges,
  handOver: notificationPreferences.handOver,
  officeReplies: notificationPreferences.officeReplies,
  lateMinutes: notificationPreferences.lateMinutes,
  emailFallback: notificationPreferences.emailFallback,
};

/** Each user's preferences, the defaults for a user who never chose. */
export async function preferencesOf(
  db: Executor,
  userIds: string[],
): Promise<Map<string, NotificationPreferences>> {
  const unique = [...new Set(userIds)];
  const rows = unique.length
    ? await db
        .select(preferenceColumns)
        .from(notificationPreferences)
        .where(inArray(notificationPreferences.userId, unique))
    : [];
  const stored = new Map(rows.map(({ userId, ...preferences }) => [userId, preferences]));
  return new Map(unique.map((id) => [id, stored.get(id) ?? { ...DEFAULT_NOTIFICATION_PREFERENCES }]));
}

export async function savePreferences(
  db: Executor,
  userId: string,
  preferences: NotificationPreferences,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...preferences, updatedAt: sql`now()` },
    });
}

/** Of these users, the parents whose account is not disabled: the only ones a notification is written for. */
export async function activeParents(db: Executor, userIds: string[]): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.role, 'parent'), isNull(users.disabledAt)));
  return new Set(rows.map((row) => row.id));
}

/** Where an e-mail fallback goes, and whether the account may still receive anything. */
export async function recipient(db: Executor, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      disabledAt: users.disabledAt,
      role: users.role,
      language: users.language,
      browserLanguage: users.browserLanguage,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export interface OutboxInput {
  dedupKey: string;
  userId: string;
  studentId: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
}

/** Writes the notifications whose dedup key has none yet, in the caller's transaction; answers how many. */
export async function insertNotifications(tx: Executor, items: OutboxInput[]): Promise<number> {
  if (!items.length) return 0;
  const inserted = await tx
    .insert(notificationOutbox)
    .values(items)
    .onConflictDoNothing({ target: notificationOutbox.dedupKey })
    .returning({ id: notificationOutbox.id });
  return inserted.length;
}

const unfinished = and(isNull(notificationOutbox.sentAt), isNull(notificationOutbox.givenUpAt));

/**
 * Claims up to `limit` due notifications for `leaseMs` and counts the attempt: rows locked by another process's
 * claim right now are skipped (skip locked), and a claimed row is left alone by every other process until its
 * lease ends, so two processes never send a row at once. A process that dies mid-send leaves a lease that runs
 * out, and the row is tried again. Times are the database's, one clock for every process.
 */
export function claimDue(db: Executor, limit: number, leaseMs: number) {
  const due = db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(
      and(
        unfinished,
        lte(notificationOutbox.nextAttemptAt, sql`now()`),
        or(isNull(notificationOutbox.claimedUntil), lte(notificationOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(notificationOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notificationOutbox)
    .set({
      claimedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql`${notificationOutbox.attempts} + 1`,
    })
    .where(inArray(notificationOutbox.id, due))
    .returning();
}
export type ClaimedNotification = Awaited<ReturnType<typeof claimDue>>[number];

/** Done: handed to a push service or the mail server. */
export async function markSent(db: Executor, id: string, channel: 'push' | 'email'): Promise<void> {
  await db
    .update(notificationOutbox)
    .set({ sentAt: sql`now()`, channel, claimedUntil: null, lastError: null })
    .where(eq(notificationOutbox.id, id));
}

/** Not sent this time: tried again after `delayMs`. */
export async function markRetry(db: Executor, id: string, delayMs: number, error: string): Promise<void> {
  await db
    .update(notificationOutbox)
    .set({
      nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'`,
      claimedUntil: null,
      lastError: error,
    })
    .where(eq(notificationOutbox.id, id));
}

/** Never to be sent: no way to reach the parent, or every attempt failed. */
export async function markGivenUp(db: Executor, id: string, error: string): Promise<void> {
  await db
    .update(notificationOutbox)
    .set({ givenUpAt: sql`now()`, claimedUntil: null, lastError: error })
    .where(eq(notificationOutbox.id, id));
}
