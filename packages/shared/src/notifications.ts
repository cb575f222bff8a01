import { z } from 'zod';
import { NOTIFICATION_KINDS, PUSH_ENDPOINT_MAX, type NotificationKind } from './notification-paths.js';

export * from './notification-paths.js';

/**
 * The parent portal's notifications: Web Push subscriptions (one per device and browser), each parent's choice of
 * what to be told, and the server's VAPID public key that a browser needs to subscribe.
 */

/** Unpadded base64url, as PushSubscription.toJSON() writes the keys. */
const base64url = (label: string, bytes: number) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^[A-Za-z0-9_-]+$/, `${label} must be base64url`)
    .refine((value) => Math.floor((value.length * 3) / 4) === bytes, `${label} must be ${bytes} bytes long`);

const endpointField = z
  .string({ error: 'The subscription endpoint is required' })
  .max(PUSH_ENDPOINT_MAX, `The subscription endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`)
  .pipe(z.url({ error: 'The subscription endpoint must be a URL' }));

/**
 * POST /api/parent/push/subscriptions: what the browser's `PushSubscription.toJSON()` gives (its
 * `expirationTime` is accepted and ignored: an expired subscription is noticed when its push service answers 404
 * or 410), with an optional label the parent recognises the device by.
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: endpointField,
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      /** The browser's P-256 public key, uncompressed (65 bytes). */
      p256dh: base64url('The p256dh key', 65),
      /** The 16-byte authentication secret. */
      auth: base64url('The auth secret', 16),
    },
    { error: 'The subscription keys are required' },
  ),
  label: z
    .string()
    .trim()
    .max(200, 'The label must be at most 200 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInputSchema>;
/** The same, as the server has it after checking (a blank label is null). */
export type PushSubscriptionData = z.output<typeof pushSubscriptionInputSchema>;

/** DELETE /api/parent/push/subscriptions: the endpoint the browser unsubscribed. */
export const pushUnsubscribeInputSchema = z.object({ endpoint: endpointField });
export type PushUnsubscribeInput = z.input<typeof pushUnsubscribeInputSchema>;

/**
 * A stored subscription as its owner sees it: what their browser sent, nothing more. Its keys stay on the server,
 * and nothing says whether its push service was ever reached (an answer that did would tell a caller whether an
 * address answers).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string(),
  label: z.string().nullable(),
});
export type PushSubscriptionAnswer = z.infer<typeof pushSubscriptionSchema>;

/** GET /api/parent/push/key: the applicationServerKey for `pushManager.subscribe` (base64url, 65 bytes). */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

const minutesField = (label: string) =>
  z
    .number({ error: `${label} must be a number of minutes` })
    .int(`${label} must be a whole number of minutes`)
    .min(1, `${label} must be at least 1 minute`)
    .max(60, `${label} must be at most 60 minutes`);

/**
 * GET/PUT /api/parent/notification-preferences: which notifications a parent wants, how many minutes before their
 * stop "the bus is approaching" comes, how late a trip must run before they are told, and whether a notification
 * that no device could receive goes by e-mail instead.
 */
export const notificationPreferencesSchema = z.object({
  boarded: z.boolean(),
  left: z.boolean(),
  approaching: z.boolean(),
  approachingMinutes: minutesField('The approaching time'),
  cancelled: z.boolean(),
  late: z.boolean(),
  lateMinutes: minutesField('The lateness'),
  stopChanges: z.boolean(),
  planChanges: z.boolean(),
  handOver: z.boolean(),
  officeReplies: z.boolean(),
  emailFallback: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** What a parent who never chose gets: everything pushed, no e-mail (a parent turns that on knowingly). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  boarded: true,
  left: true,
  approaching: true,
  approachingMinutes: 5,
  cancelled: true,
  late: true,
  lateMinutes: 10,
  stopChanges: true,
  planChanges: true,
  handOver: true,
  officeReplies: true,
  emailFallback: false,
};

/** Which preference switches each kind on or off. */
export const PREFERENCE_OF_KIND = {
  BOARDED: 'boarded',
  LEFT: 'left',
  APPROACHING: 'approaching',
  CANCELLED: 'cancelled',
  LATE: 'late',
  // A change of the day's plan, as a cancellation is: one switch for both (its label says so).
  COVERED: 'cancelled',
  STOP_CHANGE: 'stopChanges',
  // The office's word that a run is late goes with the lateness the parent asked to hear of; a rescue bus with
  // the changes to the run (the 'cancelled' switch), decision 056.
  DELAYED: 'late',
  HANDED_OVER: 'cancelled',
  PLAN_CHANGE: 'planChanges',
  NO_AUTHORIZED_ADULT: 'handOver',
  OFFICE_REPLY: 'officeReplies',
} as const satisfies Record<ChosenKind, keyof NotificationPreferences>;

/**
 * The kinds a parent chooses to hear of; the office's own messages (decision 066) are not among them: the office
 * speaks to families when it must, and a switch would let the one message about a closed road go unread.
 */
export type ChosenKind = Exclude<NotificationKind, 'OFFICE_MESSAGE'>;

/**
 * What the service worker receives in a push message (JSON): `tag` is the notification's deduplication key, so a
 * message sent again after a crash replaces the one shown instead of adding a second.
 */
export const pushPayloadSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
