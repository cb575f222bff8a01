import { and, asc, desc, getTableName, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, ListSort } from '@school-transport/shared';
import type { Executor } from './client.js';
import { preparedOnce } from './prepared.js';

/**
 * The two halves of every list, built so that a table of a million rows answers a page in milliseconds:
 * - `pageIds`: the ids of the asked page, chosen on the listed table alone (newest first, or in the order asked
 *   for along that column's index, migration 0022), with conditions that only touch that table (a joined field
 *   is matched through `id IN (…)` or a copied column), so the (created_at, id) index, the sort's index and the
 *   trigram indexes apply; the caller joins the details for those ids only.
 * - the total, carried by the page's own statement (`listPage`): unfiltered, exact from `row_counts` (kept by
 *   statement-level triggers, migration 0006); filtered, counted only up to a few pages past the one shown.
 */
type ListedTable = PgTable & { id: PgColumn; createdAt: PgColumn };

export const offsetOf = (query: ListQuery): number => (query.page - 1) * query.limit;

/** A list's total: exact, or a lower bound when a filter matches more rows than were worth counting. */
export interface ListTotal {
  total: number;
  moreThanTotal: boolean;
}

export const exactTotal = (total: number): ListTotal => ({ total, moreThanTotal: false });

/** Which slice of a list: numbers, or placeholders in a prepared statement. */
export interface Paging {
  limit: number | Placeholder;
  offset: number | Placeholder;
}

/** A column a list sorts by: the columns of its ORDER BY, a unique one last, and what must be joined to read them. */
export interface SortColumns {
  columns: (PgColumn | SQL)[];
  /** Tables holding the columns, one row per listed row (an account's `users` row, an assignment's route). */
  joins?: { table: PgTable; on: SQL }[];
  /** A condition true of every joined row that lets the sort's index be read (the account's role). */
  where?: SQL;
}

/** Sorts on the listed table's own columns, its id breaking ties: `ownSorts(stops, { name: [stops.name] })`. */
export function ownSorts(
  table: { id: PgColumn },
  sorts: Record<string, (PgColumn | SQL)[]>,
): Record<string, SortColumns> {
  return Object.fromEntries(
    Object.entries(sorts).map(([key, columns]) => [key, { columns: [...columns, table.id] }]),
  );
}

/** How a page is ordered, with a name for the prepared statement of that order. */
export interface ListOrder extends Omit<SortColumns, 'columns'> {
  name: string;
  terms: SQL[];
}

/** The order every list had before it could be sorted, and keeps without `sort`: newest first. */
export const newestFirst = (table: ListedTable): ListOrder => ({
  name: 'newest',
  terms: [desc(table.createdAt), desc(table.id)],
});

/**
 * The order a list's query asks for, from the list's own columns (`sorts`, keyed as in LIST_SORTS); `fallback`
 * without `sort`. The schema has already refused a key the list does not offer.
 */
export function listOrder(
  sorts: Record<string, SortColumns>,
  query: ListSort,
  fallback: ListOrder,
): ListOrder {
  const sort = query.sort === undefined ? undefined : sorts[query.sort];
  if (!sort) return fallback;
  const order = query.order ?? 'asc';
  const direction = order === 'asc' ? asc : desc;
  return {
    name: `${query.sort}_${order}`,
    terms: sort.columns.map((column) => direction(column)),
    joins: sort.joins,
    where: sort.where,
  };
}

/** The ids of a page, chosen on the listed table (and the table its sort column lives on, if another). */
export function pageIds(
  db: Executor,
  table: ListedTable,
  where: SQL | undefined,
  paging: Paging,
  order: ListOrder = newestFirst(table),
) {
  let ids = db.select({ id: table.id }).from(table).$dynamic();
  for (const join of order.joins ?? []) ids = ids.innerJoin(join.table, join.on);
  return ids
    .where(and(where, order.where))
    .orderBy(...order.terms)
    .limit(paging.limit)
    .offset(paging.offset);
}

/** A table's exact row count: the sum of its `row_counts` stripes (migrations 0006 and 0009), as a sub-select. */
export const rowCount = (tableName: string): SQL<number> =>
  sql`(select sum(n)::int from row_counts where table_name = ${tableName})`.mapWith(Number);

/** How many pages past the shown one a filtered total looks: enough for the pager, never the whole table. */
export const COUNT_AHEAD_PAGES = 10;

const countCap = (query: ListQuery) => offsetOf(query) + query.limit * COUNT_AHEAD_PAGES;

/**
 * The list's total as SQL: unfiltered, the `row_counts` counters; filtered, the matching rows counted only up to
 * `COUNT_AHEAD_PAGES` pages past the asked one (cap + 1 rows, to know whether there are more). A three-letter
 * search that matches 100,000 children so reads a few thousand rows, not all of them (decision 016).
 */
function totalSql(table: PgTable, where: SQL | undefined, query: ListQuery): SQL<number> {
  const counted = isCounted(table, where)
    ? rowCount(getTableName(table))
    : sql`(select count(*) from (select 1 from ${table} where ${where ?? sql`true`} limit ${countCap(query) + 1}) matching)`;
  return counted.mapWith(Number);
}

function listTotal(counted: number, table: PgTable, where: SQL | undefined, query: ListQuery): ListTotal {
  const cap = countCap(query);
  return !isCounted(table, where) && counted > cap
    ? { total: cap, moreThanTotal: true }
    : { total: counted, moreThanTotal: false };
}

/**
 * Tables whose rows `row_counts` counts (migrations 0006 and 0009: a stripe per connection, summed here). The
 * audit log is not one of them: every change writes to it, and its lists are nearly always filtered.
 */
const COUNTED_TABLES = new Set([
  'users',
  'drivers',
  'parents',
  'students',
  'vehicles',
  'routes',
  'route_assignments',
  'trips',
  'assignment_students',
]);
const isCounted = (table: PgTable, where: SQL | undefined) =>
  !where && COUNTED_TABLES.has(getTableName(table));

/** The total of a list on its own statement: for a page past the end, which has no row to carry it. */
export async function countRows(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  query: ListQuery,
): Promise<ListTotal> {
  const [row] = await db.select({ n: totalSql(table, where, query) }).from(sql`(select 1) one`);
  return listTotal(row?.n ?? 0, table, where, query);
}

/** A page's query as drizzle builds it: awaited as is, or prepared once and executed with the paging. */
interface PageSelect<Row> extends PromiseLike<Row[]> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
}

/**
 * One list page in one statement: `selectPage` is the caller's query for the page's rows, given the total as a
 * column to add (an uncorrelated subquery, which PostgreSQL evaluates once) and the paging; the total is split
 * off the rows. One round trip instead of two (docs/benchmarks.md). `name` names the prepared unfiltered page.
 */
export async function listPage<Row extends { total: number }>(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  query: ListQuery,
  name: string,
  selectPage: (total: SQL<number>, paging: Paging) => PageSelect<Row>,
): Promise<{ rows: Omit<Row, 'total'>[]; total: ListTotal }> {
  const paging = { limit: query.limit, offset: offsetOf(query) };
  const page = isCounted(table, where)
    ? // Unfiltered pages (what a screen opens on) are prepared; a filtered page is planned for its own search term,
      // since a common and a rare term want different plans.
      await preparedOnce(db, `list_${name}`, (statement) =>
        selectPage(totalSql(table, where, query), {
          limit: sql.placeholder('limit'),
          offset: sql.placeholder('offset'),
        }).prepare(statement),
      ).execute(paging)
    : await selectPage(totalSql(table, where, query), paging);
  if (page.length === 0) return { rows: [], total: await countRows(db, table, where, query) };
  const rows = page.map(({ total: _total, ...row }) => row);
  return { rows, total: listTotal(page[0]!.total, table, where, query) };
}
