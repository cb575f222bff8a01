import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GUARDIAN_PATHS,
  answerSchema,
  guardianRequestInputSchema,
  guardianRequestSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import type { GuardianService } from '../../records/families/index.js';

/**
 * A guardian's requests for another guardian of their child (decision 064): the office approves or declines them
 * (records/families). A guardian sees the requests about the children they are linked to, and may ask only for those.
 */
export function parentGuardianRoutes(guardians: GuardianService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'parent' as const };
    const tags = ['parent portal'];
    const userOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

    routes.get(
      GUARDIAN_PATHS.parentRequests,
      { config, schema: { tags, response: { 200: answerSchema(z.array(guardianRequestSchema)) } } },
      async (request) => success(await guardians.requestsOfGuardian(userOf(request))),
    );

    routes.post(
      GUARDIAN_PATHS.parentRequests,
      {
        config,
        schema: {
          tags,
          body: guardianRequestInputSchema,
          response: {
            201: answerSchema(guardianRequestSchema),
            ...errorAnswers({ 404: 'Not one of your children' }),
          },
        },
      },
      async (request, reply) => {
        const made = await guardians.request(userOf(request), request.body, changeContextOf(request));
        return reply.code(201).send(success(made, 'Request sent to the office.'));
      },
    );
  };
}
