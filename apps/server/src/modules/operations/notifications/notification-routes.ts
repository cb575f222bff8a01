import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerSchema,
  messageAnswerSchema,
  NOTIFICATION_PATHS,
  notificationPreferencesSchema,
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionSchema,
  pushUnsubscribeInputSchema,
} from '@school-transport/shared';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import { SUBSCRIBED_MESSAGE, type NotificationService } from './notification-service.js';

/**
 * /api/parent/…: a signed-in parent's devices and notification choices (access 'parent': administrators and
 * drivers are refused, see plugins/authentication.ts). Each call acts on the caller's own rows only.
 */
export function notificationRoutes(notifications: NotificationService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['notifications'];
    const config = { access: 'parent' } as const;

    routes.get(
      NOTIFICATION_PATHS.pushKey,
      { config, schema: { tags, response: { 200: answerSchema(pushKeySchema) } } },
      async () => success(await notifications.publicKey()),
    );

    routes.post(
      NOTIFICATION_PATHS.pushSubscriptions,
      {
        config,
        schema: {
          tags,
          body: pushSubscriptionInputSchema,
          response: { 201: answerSchema(pushSubscriptionSchema) },
        },
      },
      async (request, reply) => {
        const stored = await notifications.subscribe(
          requireAuth(request).user.id,
          request.body,
          request.headers['user-agent'],
        );
        return reply.code(201).send(success(stored, SUBSCRIBED_MESSAGE));
      },
    );

    routes.delete(
      NOTIFICATION_PATHS.pushSubscriptions,
      { config, schema: { tags, body: pushUnsubscribeInputSchema, response: { 200: messageAnswerSchema } } },
      async (request) => {
        await notifications.unsubscribe(requireAuth(request).user.id, request.body.endpoint);
        return success(undefined, 'Notifications are off for this device.');
      },
    );

    routes.get(
      NOTIFICATION_PATHS.preferences,
      { config, schema: { tags, response: { 200: answerSchema(notificationPreferencesSchema) } } },
      async (request) => success(await notifications.preferences(requireAuth(request).user.id)),
    );

    routes.put(
      NOTIFICATION_PATHS.preferences,
      {
        config,
        schema: {
          tags,
          body: notificationPreferencesSchema,
          response: { 200: answerSchema(notificationPreferencesSchema) },
        },
      },
      async (request) =>
        success(
          await notifications.savePreferences(requireAuth(request).user.id, request.body),
          'Notification settings saved.',
        ),
    );
  };
}
