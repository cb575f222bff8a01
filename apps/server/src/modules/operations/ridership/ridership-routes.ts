import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HAND_OVER_PATHS,
  answerSchema,
  handOverMissAnswerSchema,
  handOverMissInputSchema,
  positionBatchAnswerSchema,
  positionBatchSchema,
  ridershipBatchAnswerSchema,
  ridershipBatchSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import { createRidershipService, type RidershipServiceDeps } from './ridership-service.js';

/** The driver app's batches: what happened on the bus and where it was, each item stored once by its id. */
export function ridershipRoutes(deps: RidershipServiceDeps) {
  const ridership = createRidershipService(deps);
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['driver app'];

    routes.post(
      '/driver/events',
      {
        config: { access: 'driver' },
        schema: {
          tags,
          body: ridershipBatchSchema,
          response: {
            200: answerSchema(ridershipBatchAnswerSchema),
            ...errorAnswers({
              404: 'A trip of the batch is not one of this driver’s: nothing was recorded',
              409: 'A trip of the batch takes no uploads now, or a time is outside its trip: nothing was recorded',
            }),
          },
        },
      },
      async (request) => {
        const answer = await ridership.recordEvents(requireAuth(request).user.id, request.body.events);
        return success(answer, `${answer.created} recorded, ${answer.duplicates} received before.`);
      },
    );

    routes.post(
      HAND_OVER_PATHS.driverMisses,
      {
        config: { access: 'driver' },
        schema: {
          tags,
          body: handOverMissInputSchema,
          response: {
            200: answerSchema(handOverMissAnswerSchema),
            ...errorAnswers({
              404: 'The trip is not one of this driver’s, or the child does not ride it',
              409: 'The trip takes no uploads now, the time is outside it, or the child needs no hand-over',
            }),
          },
        },
      },
      async (request) => {
        const answer = await ridership.recordMiss(requireAuth(request).user.id, request.body);
        return success(
          answer,
          answer.duplicate ? 'Received before.' : 'Recorded: the office and the family are told.',
        );
      },
    );

    routes.post(
      '/driver/positions',
      {
        config: { access: 'driver' },
        schema: {
          tags,
          body: positionBatchSchema,
          response: {
            200: answerSchema(positionBatchAnswerSchema),
            ...errorAnswers({
              404: 'A trip of the batch is not one of this driver’s: nothing was recorded',
              409: 'A trip of the batch takes no uploads now, or a time is outside its trip: nothing was recorded',
              503: 'The server is taking in more positions than it can store: try again after Retry-After',
            }),
          },
        },
      },
      async (request) => {
        const answer = await ridership.recordPositions(requireAuth(request).user.id, request.body.positions);
        return success(
          answer,
          `${answer.created} recorded, ${answer.duplicates} received before, ${answer.dropped} too inaccurate.`,
        );
      },
    );
  };
}
