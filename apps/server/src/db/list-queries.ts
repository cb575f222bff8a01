import { count, desc, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@school-transport/shared';
import { offsetOf, type ListTotal } from '../lib/pagination.js';
import { queryRows, type Executor } from './client.js';

/**
 * The two halves of every list, built so that a table of a million rows answers a page in milliseconds:
 * - `pageIds`: the ids of the asked page, chosen on the listed table alone, newest first, with conditions that
 *   only touch that table (a joined field is matched through `id IN (…)` or a copied column), so the
 *   (created_at, id) index and the trigram indexes apply; the caller joins the details for those ids only.
 * - `countRows`: unfiltered, exact from `row_counts` (kept by statement-level triggers, migration 0006);
 *   filtered, counted only up to a few pages past the one shown (`countUpTo`).
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

/** How many pages past the shown one a filtered total looks: enough for the pager, never the whole table. */
export const COUNT_AHEAD_PAGES = 10;

export async function countRows(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  query: ListQuery,
): Promise<ListTotal> {
  if (!where) return { total: await tableRowCount(db, getTableName(table)), moreThanTotal: false };
  return countUpTo(db, table, where, query);
}

/**
 * Counts matching rows, but stops at `COUNT_AHEAD_PAGES` pages past the asked one: a three-letter search that
 * matches 100,000 children answers "more than 100" after reading a few thousand rows instead of all of them
 * (decision 016). Below the cap the total is exact.
 */
export async function countUpTo(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  query: ListQuery,
): Promise<ListTotal> {
  const cap = offsetOf(query) + query.limit * COUNT_AHEAD_PAGES;
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, moreThanTotal: true } : { total: n, moreThanTotal: false };
}

export async function tableRowCount(db: Executor, tableName: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select n from row_counts where table_name = ${tableName}`,
  );
  return Number(row?.n ?? 0);
}
