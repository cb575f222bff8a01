import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alertListQuerySchema, alertSchema, answerSchema, idParamsSchema } from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import type { AlertService } from './alert-service.js';

/** The dispatchers' alerts (/api/alerts): read whole here, then followed on the live stream; admin only. */
export function alertRoutes(alerts: AlertService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['alerts'];

    routes.get(
      '/alerts',
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: alertListQuerySchema,
          response: { 200: answerSchema(z.array(alertSchema)) },
        },
      },
      async (request) => success(await alerts.list(request.query)),
    );

    routes.post(
      '/alerts/:id/acknowledge',
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            200: answerSchema(alertSchema),
            ...errorAnswers({ 409: 'The alert was acknowledged already' }),
          },
        },
      },
      async (request) =>
        success(await alerts.acknowledge(request.params.id, changeContextOf(request)), 'Alert acknowledged.'),
    );
  };
}
