import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import { failure, success } from '../../lib/envelope.js';
import { databaseProblem, diskProblem } from './health-checks.js';

/**
 * GET /api/health: 200 only when the server can do its work, which means writing. A load balancer or monitor
 * reads 503 as "take this one out"; the message says why.
 */
export function healthRoutes(
  database: DatabaseHandle,
  config: Pick<AppConfig, 'dataDir' | 'minFreeDiskBytes'>,
) {
  return async (app: FastifyInstance) => {
    app.get(
      '/health',
      { config: { access: 'public' }, schema: { tags: ['health'] } },
      async (request, reply) => {
        const problems = (
          await Promise.all([
            databaseProblem(database.db),
            diskProblem(config.dataDir, config.minFreeDiskBytes),
          ])
        ).filter((problem) => problem !== null);
        if (problems.length === 0) return success({ status: 'ok', database: database.kind });
        for (const problem of problems)
          request.log.error({ err: problem.cause }, `health check: ${problem.reason}`);
        return reply.code(503).send(failure(problems.map((problem) => problem.reason).join(' ')));
      },
    );
  };
}
