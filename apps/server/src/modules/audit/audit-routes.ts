import { count, desc, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listQuerySchema } from '@school-transport/shared';
import type { Database } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { containsPattern, listAnswer, offsetOf } from '../../lib/pagination.js';

/** Admins read the audit log newest first, searching by actor e-mail or action. */
export function auditRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/audit-log/get-all',
        { schema: { tags: ['audit'], querystring: listQuerySchema } },
        async (request) => {
          const query = request.query;
          const pattern = containsPattern(query.search);
          const where = query.search
            ? or(ilike(auditLog.actorEmail, pattern), ilike(auditLog.action, pattern))
            : undefined;
          const [rows, [total]] = await Promise.all([
            db
              .select()
              .from(auditLog)
              .where(where)
              .orderBy(desc(auditLog.id))
              .limit(query.limit)
              .offset(offsetOf(query)),
            db.select({ n: count() }).from(auditLog).where(where),
          ]);
          return listAnswer(rows, total?.n ?? 0, query);
        },
      );
  };
}
