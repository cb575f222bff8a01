import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  audienceChoicesSchema,
  audienceCountSchema,
  audienceSchema,
  familyMessageInputSchema,
  familyMessageSchema,
  idParamsSchema,
  messageAnswerSchema,
  messageTemplateInputSchema,
  messageTemplateListQuerySchema,
  messageTemplateSchema,
  PARENT_PORTAL_PATHS,
  parentMessageSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import { resourceRoutes } from '../../platform/resources/index.js';
import type { FamilyMessageService } from './family-message-service.js';
import type { MessageTemplateService } from './message-template-service.js';

/** /api/message-templates/…: the office's templates, a resource of the kit. */
export const messageTemplateRoutes = (service: MessageTemplateService) =>
  resourceRoutes({
    path: 'message-templates',
    label: 'Template',
    inputSchema: messageTemplateInputSchema,
    listQuerySchema: messageTemplateListQuerySchema,
    answerSchema: messageTemplateSchema,
    service,
  });

/**
 * /api/family-messages/… (the office only: what it can address, the count before sending, sending, the sent list)
 * and /api/parent/messages (a guardian's own messages, and opening one).
 */
export function familyMessageRoutes(messages: FamilyMessageService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['family-messages'];
    const parent = { access: 'parent' as const };

    routes.get(
      '/family-messages/audiences',
      {
        config: { access: 'office-read' },
        schema: { tags, response: { 200: answerSchema(audienceChoicesSchema) } },
      },
      async () => success(await messages.choices()),
    );

    routes.post(
      '/family-messages/recipients',
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          body: z.object({ audience: audienceSchema }),
          response: {
            200: answerSchema(audienceCountSchema),
            ...errorAnswers({ 404: 'No such run of today, route, school or stop' }),
          },
        },
      },
      async (request) => success(await messages.count(request.body.audience)),
    );

    routes.post(
      '/family-messages/create',
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          body: familyMessageInputSchema,
          response: {
            200: answerSchema(familyMessageSchema),
            ...errorAnswers({ 404: 'No such run of today, route, school or stop' }),
          },
        },
      },
      async (request) => {
        const sent = await messages.send(request.body, changeContextOf(request));
        return success(sent, `Message queued for ${sent.audienceLabel}.`);
      },
    );

    routes.get(
      '/family-messages/get-all',
      {
        config: { access: 'office-read' },
        schema: { tags, response: { 200: answerSchema(z.array(familyMessageSchema)) } },
      },
      async () => success(await messages.list()),
    );

    routes.get(
      '/family-messages/get-one/:id',
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: answerSchema(familyMessageSchema), ...errorAnswers({ 404: 'No such message' }) },
        },
      },
      async (request) => success(await messages.get(request.params.id)),
    );

    routes.get(
      PARENT_PORTAL_PATHS.messages,
      { config: parent, schema: { tags, response: { 200: answerSchema(z.array(parentMessageSchema)) } } },
      async (request) => success(await messages.ofGuardian(requireAuth(request).user.id)),
    );

    routes.post(
      PARENT_PORTAL_PATHS.messageRead,
      {
        config: parent,
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            200: messageAnswerSchema,
            ...errorAnswers({ 404: 'No such message sent to this guardian' }),
          },
        },
      },
      async (request) => {
        await messages.markRead(requireAuth(request).user.id, request.params.id);
        return success(undefined, 'Marked as read.');
      },
    );
  };
}
