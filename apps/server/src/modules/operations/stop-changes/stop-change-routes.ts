import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STOP_CHANGE_PATHS as PATHS,
  answerSchema,
  idParamsSchema,
  pendingCountSchema,
  stopChangeDeclineSchema,
  stopChangeInputSchema,
  stopChangeListQuerySchema,
  stopChangeSchema,
  stopOptionSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import type { StopChangeService } from './stop-change-service.js';

/**
 * The office's stop changes (/api/stop-changes, decision 057): the queue of requests, approve or decline, and an
 * entry approved at once. The parents' side is the parent portal's (/api/parent/stop-changes).
 */
export function stopChangeRoutes(changes: StopChangeService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['stop changes'];
    const answer = { 200: answerSchema(stopChangeSchema) };

    routes.get(
      PATHS.list,
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: stopChangeListQuerySchema,
          response: { 200: answerSchema(z.array(stopChangeSchema)) },
        },
      },
      async (request) => success(await changes.list(request.query.state)),
    );

    routes.get(
      PATHS.pendingCount,
      {
        config: { access: 'office-read' },
        schema: { tags, response: { 200: answerSchema(pendingCountSchema) } },
      },
      async () => success({ pending: await changes.pendingCount() }),
    );

    routes.get(
      PATHS.options,
      {
        config: { access: 'office-read' },
        schema: { tags, response: { 200: answerSchema(z.array(stopOptionSchema)) } },
      },
      async () => success(await changes.options()),
    );

    routes.post(
      PATHS.list,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          body: stopChangeInputSchema,
          response: {
            ...answer,
            ...errorAnswers({
              404: 'No such child',
              409: 'The stop is not on that run of the route, the date has passed, or the run has no seat left',
            }),
          },
        },
      },
      async (request) =>
        success(
          await changes.create(request.body, changeContextOf(request), { approved: true }),
          'Stop change saved and approved.',
        ),
    );

    routes.post(
      PATHS.approve,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            ...answer,
            ...errorAnswers({ 404: 'No such change', 409: 'Decided already, or the run has no seat left' }),
          },
        },
      },
      async (request) =>
        success(await changes.approve(request.params.id, changeContextOf(request)), 'Stop change approved.'),
    );

    routes.post(
      PATHS.decline,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          params: idParamsSchema,
          body: stopChangeDeclineSchema,
          response: { ...answer, ...errorAnswers({ 404: 'No such change', 409: 'Decided already' }) },
        },
      },
      async (request) =>
        success(
          await changes.decline(request.params.id, request.body.reason, changeContextOf(request)),
          'Stop change declined.',
        ),
    );
  };
}
