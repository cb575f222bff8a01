import { and, getTableColumns, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { AuditQuery } from '@school-transport/shared';
import { queryRows, type Executor } from '../../../db/client.js';
import { keyedOrder, listOrder, listPage, ownSorts } from '../../../db/list-queries.js';
import { auditLog } from '../../../db/schema/index.js';
import { containsPattern } from '../../../lib/pagination.js';

/** The SQL of reading and pruning the audit log (entries are written by audit-log.ts). */

/** What the log sorts by, each along its index (migration 0022); when, by the time written. */
const AUDIT_SORTS = ownSorts(auditLog, {
  createdAt: [auditLog.createdAt],
  action: [auditLog.action],
  actorEmail: [auditLog.actorEmail],
});

/**
 * A page of entries newest first (or as sorted): search over actor and action, filter by person (part of the e-mail) and by day
 * (inclusive dates, the server's calendar).
 */
export async function listAuditEntries(db: Executor, query: AuditQuery) {
  const pattern = containsPattern(query.search);
  const where = and(
    query.search ? or(ilike(auditLog.actorEmail, pattern), ilike(auditLog.action, pattern)) : undefined,
    query.actor ? ilike(auditLog.actorEmail, containsPattern(query.actor)) : undefined,
    query.dateFrom ? gte(auditLog.createdAt, sql`${query.dateFrom}::date`) : undefined,
    query.dateTo ? lt(auditLog.createdAt, sql`${query.dateTo}::date + 1`) : undefined,
  );
  // Entries are numbered as they are written: newest first is the key's order.
  const order = listOrder(AUDIT_SORTS, query, keyedOrder('newest', [auditLog.id], true));
  return listPage(db, auditLog, where, query, order, (columns, window) =>
    db
      .select({ ...getTableColumns(auditLog), ...columns })
      .from(auditLog)
      .where(window.where)
      .orderBy(...window.order.terms)
      .limit(window.limit)
      .offset(window.offset),
  );
}

/** Takes the transaction-wide advisory lock `key` if nobody holds it; answers whether it was taken. */
export async function tryTransactionLock(tx: Executor, key: number): Promise<boolean> {
  const [lock] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${key}) as locked`,
  );
  return lock?.locked === true;
}

/** Deletes the entries written before `cutoff`; answers how many went. */
export async function deleteAuditEntriesBefore(tx: Executor, cutoff: Date): Promise<number> {
  const [removed] = await queryRows<{ n: number }>(
    tx,
    sql`with gone as (delete from ${auditLog} where ${auditLog.createdAt} < ${cutoff} returning 1)
        select count(*)::int as n from gone`,
  );
  return removed?.n ?? 0;
}
