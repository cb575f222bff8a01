import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import { failure, success } from '../../lib/envelope.js';
import { databaseProblem, diskProblem, type HealthProblem } from './health-checks.js';

/**
 * GET /api/health: 200 only when the server can do its work, which means writing. A load balancer or monitor
 * reads 503 as "take this one out"; the message says why.
 */
export function healthRoutes(
  database: DatabaseHandle,
  config: Pick<AppConfig, 'dataDir' | 'minFreeDiskBytes'>,
) {
  // One check at a time: callers that arrive while a check runs share its result, so a flood of health requests
  // costs one write probe (a transaction on PGlite's only connection) at a time, not one each.
  let running: Promise<HealthProblem[]> | null = null;
  const check = () =>
    (running ??= Promise.all([
      databaseProblem(database.db),
      diskProblem(config.dataDir, config.minFreeDiskBytes),
    ])
      .then((found) => found.filter((problem) => problem !== null))
      .finally(() => (running = null)));
  return async (app: FastifyInstance) => {
    app.get(
      '/health',
      { config: { access: 'public' }, schema: { tags: ['health'] } },
      async (request, reply) => {
        const problems = await check();
        if (problems.length === 0) return success({ status: 'ok', database: database.kind });
        for (const problem of problems)
          request.log.error({ err: problem.cause }, `health check: ${problem.reason}`);
        return reply.code(503).send(failure(problems.map((problem) => problem.reason).join(' ')));
      },
    );
  };
}
