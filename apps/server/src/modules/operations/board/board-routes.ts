import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  boardTripSchema,
  dateField,
  dayChangeSchema,
  idParamsSchema,
  liveTripDetailsSchema,
} from '@school-transport/shared';
import { success } from '../../../lib/envelope.js';
import type { BoardService } from './board-service.js';

/** GET /api/live/board and /api/live/changes: a day, by default today in the operator's time zone. */
const boardQuerySchema = z.object({ date: dateField('Date').optional() });

/** The dispatcher's board, the day's changes, and a trip's stop timeline with its estimates (admin). */
export function boardRoutes(board: BoardService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['live'];

    routes.get(
      '/live/board',
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: boardQuerySchema,
          response: { 200: answerSchema(z.array(boardTripSchema)) },
        },
      },
      async (request) => success(await board.board(request.query.date)),
    );

    routes.get(
      '/live/changes',
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: boardQuerySchema,
          response: { 200: answerSchema(z.array(dayChangeSchema)) },
        },
      },
      async (request) => success(await board.changes(request.query.date)),
    );

    routes.get(
      '/live/trips/:id',
      {
        config: { access: 'office-read' },
        schema: { tags, params: idParamsSchema, response: { 200: answerSchema(liveTripDetailsSchema) } },
      },
      async (request) => success(await board.trip(request.params.id)),
    );
  };
}
