/*
 * The notifications' addresses, kinds and the endpoint's length limit, apart from notifications.ts and its schemas:
 * the parent app's first screen calls these addresses, and a module with top-level zod calls would bring zod along.
 */

/** What a parent can be told: their child boarded, left the bus, the bus is near their stop, the trip was
 * cancelled, or it runs late. */
export const NOTIFICATION_KINDS = [
  'BOARDED',
  'LEFT',
  'APPROACHING',
  'CANCELLED',
  'LATE',
  'DELAYED',
  'HANDED_OVER',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The API's addresses of this module (below /api), written once for the server's routes and the web app. */
export const NOTIFICATION_PATHS = {
  pushKey: '/parent/push/key',
  pushSubscriptions: '/parent/push/subscriptions',
  preferences: '/parent/notification-preferences',
} as const;

/** Push services' endpoints are long opaque URLs (FCM's are about 200 characters); this leaves ample room. */
export const PUSH_ENDPOINT_MAX = 2048;
