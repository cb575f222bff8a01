import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerSchema } from '@school-transport/shared';
import type { AppConfig } from '../../../config.js';
import type { DatabaseHandle } from '../../../db/client.js';
import { errorAnswers } from '../../../lib/answers.js';
import { failure, success } from '../../../lib/envelope.js';
import { createHealthService } from './health-service.js';

/** What a healthy server answers: it can write, and on which engine. Monitors read it, the web app does not. */
const healthAnswerSchema = answerSchema(
  z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
);

/**
 * GET /api/health: 200 only when the server can do its work, which means writing. A load balancer or monitor
 * reads 503 as "take this one out"; the message says why.
 */
export function healthRoutes(
  database: DatabaseHandle,
  config: Pick<AppConfig, 'dataDir' | 'minFreeDiskBytes'>,
) {
  const health = createHealthService(database, config);
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          response: {
            200: healthAnswerSchema,
            ...errorAnswers({ 503: 'The server cannot do its work (it cannot write); the message says why' }),
          },
        },
      },
      async (request, reply) => {
        const problems = await health.check();
        if (problems.length === 0) return success({ status: 'ok', database: database.kind });
        for (const problem of problems)
          request.log.error({ err: problem.cause }, `health check: ${problem.reason}`);
        return reply.code(503).send(failure(problems.map((problem) => problem.reason).join(' ')));
      },
    );
  };
}
