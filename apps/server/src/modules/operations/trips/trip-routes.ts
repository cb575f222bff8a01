import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  generateTripsAnswerSchema,
  generateTripsSchema,
  idParamsSchema,
  officeStartSchema,
  pageAnswerSchema,
  TRIP_MOVES,
  tripDetailsSchema,
  tripListQuerySchema,
  tripSchema,
  type TripMove,
  dayInLocale,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { listAnswer } from '../../../lib/pagination.js';
import type { TripService } from './trip-service.js';

const MOVE_MESSAGES: Record<TripMove, string> = {
  start: 'Trip started.',
  complete: 'Trip completed.',
  cancel: 'Trip cancelled.',
};

/** Trips are generated, listed, read and moved through their statuses; never created or edited by hand. */
export function tripRoutes(tripService: TripService, locale: string) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['trips'];

    routes.get(
      '/trips/get-all',
      { schema: { tags, querystring: tripListQuerySchema, response: { 200: pageAnswerSchema(tripSchema) } } },
      async (request) => {
        const { rows, total } = await tripService.list(request.query);
        return listAnswer(rows, total, request.query);
      },
    );

    routes.get(
      '/trips/get-one/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: answerSchema(tripDetailsSchema) } } },
      async (request) => success(await tripService.get(request.params.id)),
    );

    routes.post(
      '/trips/generate',
      {
        schema: {
          tags,
          body: generateTripsSchema,
          response: { 200: answerSchema(generateTripsAnswerSchema) },
        },
      },
      async (request) => {
        const answer = await tripService.generate(request.body.date, changeContextOf(request));
        return success(
          answer,
          `${answer.created} trips generated for ${dayInLocale(answer.date, locale)}; ${answer.existing} already existed.`,
        );
      },
    );

    const moveParams = idParamsSchema.extend({
      move: z.enum(Object.keys(TRIP_MOVES) as [TripMove, ...TripMove[]]),
    });
    routes.post(
      '/trips/:move/:id',
      {
        schema: {
          tags,
          params: moveParams,
          body: officeStartSchema,
          response: {
            200: answerSchema(tripSchema),
            ...errorAnswers({
              409: 'The trip’s status does not allow this move, or an expired credential blocks its start',
            }),
          },
        },
      },
      async (request) => {
        const { move, id } = request.params;
        const reason = move === 'start' ? request.body?.overrideReason : undefined;
        return success(
          await tripService.move(id, move, changeContextOf(request), reason),
          MOVE_MESSAGES[move],
        );
      },
    );
  };
}
