import type { FastifyInstance } from 'fastify';
import { pingDatabase, type DatabaseHandle } from '../../db/client.js';
import { failure, success } from '../../lib/envelope.js';

export function healthRoutes(database: DatabaseHandle) {
  return async (app: FastifyInstance) => {
    app.get(
      '/health',
      { config: { access: 'public' }, schema: { tags: ['health'] } },
      async (request, reply) => {
        try {
          await pingDatabase(database.db);
          return success({ status: 'ok', database: database.kind });
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return reply.code(503).send(failure('The database is not reachable.'));
        }
      },
    );
  };
}
