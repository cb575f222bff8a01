import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  coverAnswerSchema,
  coverInputSchema,
  coverListQuerySchema,
  coverSchema,
  coverUndoneSchema,
  idParamsSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import type { CoverService } from './cover-service.js';

/** Covers (/api/covers, decision 054): the office puts a substitute driver or vehicle on a route's runs. */
export function coverRoutes(covers: CoverService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['covers'];

    routes.get(
      '/covers/get-all',
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: coverListQuerySchema,
          response: { 200: answerSchema(z.array(coverSchema)) },
        },
      },
      async (request) => success(await covers.list(request.query)),
    );

    routes.post(
      '/covers/create',
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          body: coverInputSchema,
          response: {
            200: answerSchema(coverAnswerSchema),
            ...errorAnswers({
              409: 'The substitute is not free, not compliant or has too few seats, or the run is covered already',
            }),
          },
        },
      },
      async (request) => {
        const cover = await covers.create(request.body, changeContextOf(request));
        const left = cover.tripsLeftAsRun
          ? ` ${cover.tripsLeftAsRun} trip(s) had started, finished or been cancelled and keep who drove them.`
          : '';
        return success(cover, `Cover saved: ${cover.tripsCovered} trip(s) now name the substitute.${left}`);
      },
    );

    routes.delete(
      '/covers/delete/:id',
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: answerSchema(coverUndoneSchema), ...errorAnswers({ 404: 'No such cover' }) },
        },
      },
      async (request) => {
        const undone = await covers.remove(request.params.id, changeContextOf(request));
        return success(undone, `Cover undone: ${undone.tripsRestored} trip(s) are back to the plan.`);
      },
    );
  };
}
