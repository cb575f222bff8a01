import { count, desc, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@school-transport/shared';
import { offsetOf } from '../lib/pagination.js';
import { queryRows, type Executor } from './client.js';

/**
 * The two halves of every list, built so that a table of a million rows answers a page in milliseconds:
 * - `pageIds`: the ids of the asked page, chosen on the listed table alone, newest first, with conditions that
 *   only touch that table (a joined field is matched through `id IN (…)`), so the (created_at, id) index and the
 *   trigram indexes apply; the caller joins the details for those ids only.
 * - `countRows`: unfiltered, from `row_counts` (exact, kept by statement-level triggers, migration 0006);
 *   filtered, counted on the listed table alone.
 */
type ListedTable = PgTable & { id: PgColumn; createdAt: PgColumn };

export function pageIds(db: Executor, table: ListedTable, where: SQL | undefined, query: ListQuery) {
  return db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(query.limit)
    .offset(offsetOf(query));
}

export async function countRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  if (!where) return tableRowCount(db, getTableName(table));
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

export async function tableRowCount(db: Executor, tableName: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select n from row_counts where table_name = ${tableName}`,
  );
  return Number(row?.n ?? 0);
}
