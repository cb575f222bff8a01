/** The notifications module's front door: what the rest of the server may use of it. */
export { createNotificationDispatcher } from './notification-dispatcher.js';
export type { NotificationDispatcher } from './notification-dispatcher.js';
export { enqueueNotifications, runName } from './notification-outbox.js';
export type { NotificationItem } from './notification-outbox.js';
export { notificationRoutes } from './notification-routes.js';
export { createNotificationService, createVapidKeys } from './notification-service.js';
export { insertNotifications } from './notification-queries.js';
export type { OutboxInput } from './notification-queries.js';
