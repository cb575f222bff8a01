import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditQuerySchema, pageAnswerSchema } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { listAnswer } from '../../../lib/pagination.js';
import { createAuditService } from './audit-service.js';

/** Admins read the audit log (audit-queries.ts says how it is searched and filtered). */
export function auditRoutes(db: Database) {
  const audit = createAuditService({ db });
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/audit-log/get-all',
      {
        config: { access: 'office-read' },
        schema: {
          tags: ['audit'],
          querystring: auditQuerySchema,
          response: { 200: pageAnswerSchema(auditEntrySchema) },
        },
      },
      async (request) => {
        const { rows, total } = await audit.list(request.query);
        return listAnswer(rows, total, request.query);
      },
    );
  };
}
