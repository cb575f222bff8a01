import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HAND_OVER_PATHS as PATHS,
  answerSchema,
  authorizedAdultInputSchema,
  authorizedAdultSchema,
  handOverOfChildSchema,
  idParamsSchema,
  messageAnswerSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import type { HandOverService } from './hand-over-service.js';

/** The office's side of hand-over: a child's authorized adults, added and removed (audited). */
export function handOverRoutes(handOver: HandOverService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['hand-over'];

    routes.get(
      PATHS.officeAdults,
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: answerSchema(handOverOfChildSchema), ...errorAnswers(404) },
        },
      },
      async (request) => success(await handOver.ofChild(request.params.id)),
    );

    routes.post(
      PATHS.officeAdults,
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: authorizedAdultInputSchema,
          response: { 201: answerSchema(authorizedAdultSchema), ...errorAnswers(404) },
        },
      },
      async (request, reply) => {
        const adult = await handOver.addAdult(request.params.id, request.body, changeContextOf(request));
        return reply.code(201).send(success(adult, 'Authorized adult added.'));
      },
    );

    routes.delete(
      PATHS.officeAdult,
      {
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: messageAnswerSchema, ...errorAnswers(404) },
        },
      },
      async (request) => {
        await handOver.removeAdult(request.params.id, changeContextOf(request));
        return success(undefined, 'Authorized adult removed.');
      },
    );
  };
}
