import { and, desc, getTableColumns, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditQuerySchema, type AuditEntry } from '@school-transport/shared';
import type { Database } from '../../db/client.js';
import { listPage } from '../../db/list-queries.js';
import { auditLog } from '../../db/schema/index.js';
import { containsPattern, listAnswer } from '../../lib/pagination.js';

/**
 * Admins read the audit log newest first: search over actor and action, filter by person (part of the e-mail) and
 * by day (inclusive dates, the server's calendar).
 */
export function auditRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/audit-log/get-all',
        { schema: { tags: ['audit'], querystring: auditQuerySchema } },
        async (request) => {
          const query = request.query;
          const pattern = containsPattern(query.search);
          const where = and(
            query.search
              ? or(ilike(auditLog.actorEmail, pattern), ilike(auditLog.action, pattern))
              : undefined,
            query.actor ? ilike(auditLog.actorEmail, containsPattern(query.actor)) : undefined,
            query.dateFrom ? gte(auditLog.createdAt, sql`${query.dateFrom}::date`) : undefined,
            query.dateTo ? lt(auditLog.createdAt, sql`${query.dateTo}::date + 1`) : undefined,
          );
          const { rows, total } = await listPage(db, auditLog, where, query, 'audit_log', (total, paging) =>
            db
              .select({ ...getTableColumns(auditLog), total })
              .from(auditLog)
              .where(where)
              .orderBy(desc(auditLog.id))
              .limit(paging.limit)
              .offset(paging.offset),
          );
          const entries: AuditEntry[] = rows.map(({ actorId: _actorId, ...row }) => ({
            ...row,
            createdAt: row.createdAt.toISOString(),
          }));
          return listAnswer(entries, total, query);
        },
      );
  };
}
