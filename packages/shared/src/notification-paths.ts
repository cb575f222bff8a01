/*
 * The notifications' addresses, kinds and the endpoint's length limit, apart from notifications.ts and its schemas:
 * the parent app's first screen calls these addresses, and a module with top-level zod calls would bring zod along.
 */

/** What a parent can be told: their child boarded, left the bus, the bus is near their stop, the trip was
 * cancelled, it runs late (by the office's word too), another driver or bus runs it today (a cover, or its undo, or
 * a rescue bus after a breakdown), the office decided on a stop change they asked for, their child's standing
 * plan moved (stop or time, decision 068) and waits for their acknowledgement, the office wrote to them
 * (OFFICE_MESSAGE, decision 066: no switch turns it off, and it falls back to e-mail whatever the parent chose), no
 * adult they authorized was at the stop to receive their child (decision 065), or the office replied to
 * their message (decision 067). */
export const NOTIFICATION_KINDS = [
  'BOARDED',
  'LEFT',
  'APPROACHING',
  'CANCELLED',
  'LATE',
  'COVERED',
  'STOP_CHANGE',
  'DELAYED',
  'HANDED_OVER',
  'PLAN_CHANGE',
  'OFFICE_MESSAGE',
  'NO_AUTHORIZED_ADULT',
  'OFFICE_REPLY',
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
