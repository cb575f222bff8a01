import { and, asc, desc, getTableName, inArray, is, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import {
  CURSOR_MESSAGE,
  PAGE_SIZES,
  type ListCursor,
  type ListQuery,
  type ListSort,
} from '@school-transport/shared';
import { pgErrorOf } from './pg-errors.js';
import type { Executor } from './client.js';
import { preparedOnce } from './prepared.js';
import { guardianIsActive, studentIsActive } from './active-records.js';

/**
 * The two halves of every list, built so that a table of a million rows answers a page in milliseconds:
 * - `pageIds`: the ids of the asked page, chosen on the listed table alone (newest first, or in the order asked
 *   for along that column's index, migration 0022), with conditions that only touch that table (a joined field
 *   is matched through `id IN (…)` or a copied column), so the (created_at, id) index, the sort's index and the
 *   trigram indexes apply; the caller joins the details for those ids only.
 * - the total, carried by the page's own statement (`listPage`): unfiltered (or filtered by the table's active rule
 *   alone, decision 079), exact from `row_counts` (kept by statement-level triggers, migration 0006); filtered,
 *   counted only up to a few pages past the one shown.
 */
type ListedTable = PgTable & { id: PgColumn; createdAt: PgColumn };

export const offsetOf = (query: ListQuery): number => (query.page - 1) * query.limit;

/**
 * A list's total: exact, or a lower bound when a filter matches more rows than were worth counting; and, from
 * lists paged by key, where the next and the previous page start (keyset paging, decision 040).
 */
export interface ListTotal {
  total: number;
  moreThanTotal: boolean;
  nextCursor?: string;
  previousCursor?: string;
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
  /**
   * The order's columns, a unique one last, all one way: what a cursor holds, so that the page after (or before)
   * a row is read from that row on along the order's index (keyset paging). Absent: the list pages by number only.
   */
  keys?: { columns: PgColumn[]; descending: boolean };
}

/** An order along `columns` (a unique one last), all ascending or all descending, which keyset paging can follow. */
export function keyedOrder(name: string, columns: PgColumn[], descending: boolean): ListOrder {
  const direction = descending ? desc : asc;
  return { name, terms: columns.map((column) => direction(column)), keys: { columns, descending } };
}

/** The order every list had before it could be sorted, and keeps without `sort`: newest first. */
export const newestFirst = (table: ListedTable): ListOrder =>
  keyedOrder('newest', [table.createdAt, table.id], true);

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
  const name = `${query.sort}_${order}`;
  const columns = sort.columns.filter((column): column is PgColumn => is(column, PgColumn));
  const ordered =
    columns.length === sort.columns.length
      ? keyedOrder(name, columns, order === 'desc')
      : { name, terms: sort.columns.map((column) => (order === 'asc' ? asc : desc)(column)) };
  return { ...ordered, joins: sort.joins, where: sort.where };
}

/**
 * The same order the other way round, for the page before a row: each column's direction flips, and with it
 * where its empty values go (PostgreSQL puts nulls last going up and first going down, so the flip is exact).
 */
function reversed(order: ListOrder & Required<Pick<ListOrder, 'keys'>>): ListOrder {
  return { ...order, ...keyedOrder(order.name, order.keys.columns, !order.keys.descending) };
}

/** The type a cursor's text is read back as: the column's own (a serial is an integer). */
const castTo = (column: PgColumn) => sql.raw(column.getSQLType().replace(/^(big|small)?serial$/, '$1int'));

/**
 * The rows past `cursor`'s row in the direction it points (`next`: after it in the list's order; `prev`: before
 * it), as a condition on the order's columns. Nulls sort as the largest values (PostgreSQL's default both ways).
 * Where the remaining columns cannot be empty it is one row comparison, `(created_at, id) < ($1, $2)`, which
 * PostgreSQL reads as a range of the order's index; an empty-able column before them is spelled out.
 */
function pastCursor(
  keys: { columns: PgColumn[]; descending: boolean },
  cursor: ListCursor,
  value: (index: number) => unknown,
): SQL {
  const { columns } = keys;
  const larger = keys.descending === (cursor.d === 'prev');
  const typed = (index: number) => sql`${value(index)}::${castTo(columns[index]!)}`;
  let tail = columns.length - 1;
  while (tail > 0 && columns[tail - 1]!.notNull && cursor.k[tail - 1] !== null) tail--;
  const beyond = (index: number): SQL => {
    const column = columns[index]!;
    if (cursor.k[index] === null) return larger ? sql`false` : sql`${column} is not null`;
    if (!larger) return sql`${column} < ${typed(index)}`;
    return column.notNull
      ? sql`${column} > ${typed(index)}`
      : sql`(${column} > ${typed(index)} or ${column} is null)`;
  };
  const same = (index: number): SQL =>
    cursor.k[index] === null ? sql`${columns[index]!} is null` : sql`${columns[index]!} = ${typed(index)}`;
  const rest = columns.slice(tail).map((_, offset) => tail + offset);
  const row = sql`(${sql.join(
    rest.map((index) => columns[index]!),
    sql`, `,
  )}) ${sql.raw(larger ? '>' : '<')} (${sql.join(rest.map(typed), sql`, `)})`;
  const from = (index: number): SQL =>
    index === tail ? row : or(beyond(index), and(same(index), from(index + 1)))!;
  return from(0);
}

/** A number written into a statement's text: drizzle writes an SQL object given as a LIMIT as it is. */
const writtenIn = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as Placeholder;

/** The keys (pageKeySql) of a page's first and last rows, by row: one lookup of two ids. */
async function keysOf<Row>(
  db: Executor,
  table: ListedTable,
  order: ListOrder,
  rows: Row[],
): Promise<Map<Row, string | null>> {
  // Every list's rows carry their own id (a resource's, an entry's number).
  const idOf = (row: Row) => (row as { id?: unknown }).id;
  let query = db
    .select({ id: table.id, key: pageKeySql(order) })
    .from(table)
    .$dynamic();
  for (const join of order.joins ?? []) query = query.innerJoin(join.table, join.on);
  const found = await query.where(inArray(table.id, rows.map(idOf)));
  const byId = new Map(found.map(({ id, key }) => [id, key]));
  return new Map(rows.map((row) => [row, byId.get(idOf(row)) ?? null]));
}

/** A 400 for a cursor the list did not give (the error handler sends a 4xx's own message). */
class CursorError extends Error {
  readonly statusCode = 400;
  constructor() {
    super(CURSOR_MESSAGE);
  }
}

/** The opaque text of a cursor (ListCursor), as a client passes it back. */
const encodeCursor = (cursor: ListCursor): string =>
  Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

/** A row's place in its order as a cursor carries it: the order's columns as text (exact for every type). */
const pageKeySql = (order: ListOrder): SQL<string | null> =>
  order.keys
    ? sql<string>`json_build_array(${sql.join(
        order.keys.columns.map((column) => sql`${column}::text`),
        sql`, `,
      )})::text`
    : sql<null>`null::text`;

/** The ids of a page, chosen on the listed table (and the table its sort column lives on, if another). */
export function pageIds(db: Executor, table: ListedTable, { where, order, limit, offset }: PageWindow) {
  let ids = db.select({ id: table.id }).from(table).$dynamic();
  for (const join of order.joins ?? []) ids = ids.innerJoin(join.table, join.on);
  return ids
    .where(and(where, order.where))
    .orderBy(...order.terms)
    .limit(limit)
    .offset(offset);
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
  const counted =
    counterTotal(table, where) ??
    sql`(select count(*) from (select 1 from ${table} where ${where ?? sql`true`} limit ${countCap(query) + 1}) matching)`;
  return counted.mapWith(Number);
}

/**
 * A filtered total for the page after a cursor: the rows before the page (its offset, exactly the rows up to the
 * cursor's when nothing changed) and the matches past the cursor counted up to the same cap as totalSql's. The
 * same figure as counting from the start, without reading every match before the page again: an export walking a
 * search by cursor (decision 045) counts about ten pages a page instead of all the pages before it.
 */
function countPastCursor(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  query: ListQuery,
  order: ListOrder,
  past: SQL,
): SQL<number> {
  const matching = pageIds(db, table as ListedTable, {
    where: and(where, past),
    order,
    limit: query.limit * COUNT_AHEAD_PAGES + 1,
    offset: 0,
  });
  return sql`(select ${offsetOf(query)}::int + count(*)::int from (${matching}) matching)`.mapWith(Number);
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

/**
 * Tables whose lists leave out deactivated rows unless asked (decision 076), with that rule: their list as it opens
 * is counted exactly as the counter less the few deactivated rows (a partial index each, migration 0054), like the
 * dashboard's figures, rather than "more than 1,000" at a million children.
 */
const ACTIVE_RULES = new Map<string, SQL>([
  ['students', studentIsActive],
  ['parents', guardianIsActive],
]);

/** Whether `where` is `rule` alone, as given or as drizzle's `and()` wraps a single condition (`new SQL([rule])`). */
const isOnly = (where: SQL, rule: SQL) =>
  where === rule || (where.queryChunks.length === 1 && where.queryChunks[0] === rule);

/**
 * An unfiltered list's exact total from the counters (or a list filtered only by its table's active rule), as SQL;
 * undefined for any other filter, which is counted by reading its matches up to a cap.
 */
function counterTotal(table: PgTable, where: SQL | undefined): SQL<number> | undefined {
  const name = getTableName(table);
  if (!COUNTED_TABLES.has(name)) return undefined;
  if (!where) return rowCount(name);
  const rule = ACTIVE_RULES.get(name);
  if (!rule || !isOnly(where, rule)) return undefined;
  return sql`(${rowCount(name)} - (select count(*)::int from ${table} where not ${rule}))`.mapWith(Number);
}
const isCounted = (table: PgTable, where: SQL | undefined) => counterTotal(table, where) !== undefined;

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
export interface PageSelect<Row> extends PromiseLike<Row[]> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
}

/** What a page's query reads: the list's condition with the cursor's, in the order the rows are read, and the slice. */
export interface PageWindow extends Paging {
  where: SQL | undefined;
  order: ListOrder;
}

/** The columns every page's query adds to its rows: the list's total and each row's place in the order. */
export type PageColumns = {
  total: SQL<number>;
  pageKey: SQL<string | null>;
};

/**
 * One list page in one statement: `selectPage` is the caller's query for the page's rows, given the columns to add
 * (the total, an uncorrelated subquery which PostgreSQL evaluates once; each row's key in the order) and the window
 * to read; those columns are split off the rows. One round trip instead of two (docs/benchmarks.md). Unfiltered
 * pages are prepared, under the table's and the order's name.
 *
 * With `query.cursor` (keyset paging, decision 040) the page is read from the cursor's row on, along the order's
 * index, instead of counting `offset` rows past the start: the rows offset paging would give for `query.page` when
 * nothing changed in between. The answer carries the cursors of the pages next to it.
 */
export async function listPage<Row extends { total: number; pageKey: string | null }>(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  query: ListQuery,
  order: ListOrder,
  selectPage: (columns: PageColumns, window: PageWindow) => PageSelect<Row>,
): Promise<{ rows: Omit<Row, 'total' | 'pageKey'>[]; total: ListTotal }> {
  const name = `${getTableName(table)}_${order.name}`;
  const keys = order.keys;
  const cursor = keys ? query.cursor : undefined;
  if (cursor && (cursor.s !== order.name || cursor.k.length !== keys!.columns.length)) {
    throw new CursorError();
  }
  const offset = cursor ? 0 : offsetOf(query);
  // PostgreSQL works out a selected expression for every row an OFFSET skips: a page by number past the first reads
  // its two rows' keys afterwards (keysOf) instead of writing half a million keys as text.
  const keyInline = offset === 0 || !keys;
  const readOrder = cursor?.d === 'prev' ? reversed({ ...order, keys: keys! }) : order;
  const columns = {
    total:
      cursor?.d === 'next' && !isCounted(table, where)
        ? countPastCursor(
            db,
            table,
            where,
            query,
            order,
            pastCursor(keys!, cursor, (index) => cursor.k[index]),
          )
        : totalSql(table, where, query),
    pageKey: keyInline ? pageKeySql(order) : sql<null>`null::text`,
  };
  const window = (value: (index: number) => unknown, paging: Paging): PageWindow => ({
    ...paging,
    where: and(where, cursor ? pastCursor(keys!, cursor, value) : undefined),
    order: readOrder,
  });
  const keyValues = Object.fromEntries(cursor?.k.map((key, index) => [`k${index}`, key]) ?? []);
  // A screen's page size is written into the prepared statement, and the first page and a cursor's page have no
  // offset: given `limit $1` or `offset $2`, PostgreSQL's one plan for every execution (its generic plan) guesses
  // a tenth of the table and hashes all of it into the join (1.4 s at a million children), so it kept planning
  // each execution afresh instead (docs/benchmarks.md). Other sizes and deeper pages by number stay parameters.
  const fixedLimit = (PAGE_SIZES as readonly number[]).includes(query.limit);
  const statement = [
    `list_${name}`,
    // The active rows only, or every row (`?withDeactivated=true`): two statements, never one prepared for the other.
    where ? 'active' : 'all',
    fixedLimit ? query.limit : 'n',
    offset === 0 ? '' : 'o',
    cursor ? `${cursor.d}${cursor.k.map((k) => (k === null ? 0 : 1)).join('')}` : '',
  ].join('_');
  const read = isCounted(table, where)
    ? // Unfiltered pages (what a screen opens on) are prepared, one statement per order, page size, offset or
      // none, cursor direction and empty key columns; a filtered page is planned for its own search term, since a
      // common and a rare term want different plans.
      preparedOnce(db, statement, (prepared) =>
        selectPage(
          columns,
          window((index) => sql.placeholder(`k${index}`), {
            limit: fixedLimit ? writtenIn(query.limit) : sql.placeholder('limit'),
            offset: offset === 0 ? 0 : sql.placeholder('offset'),
          }),
        ).prepare(prepared),
      ).execute({ limit: query.limit, offset, ...keyValues })
    : selectPage(
        columns,
        window((index) => cursor!.k[index], { limit: query.limit, offset }),
      );
  const page = await Promise.resolve(read).catch((error: unknown) => {
    // A cursor's key that is not of its column's type (edited by hand): PostgreSQL's "data exception".
    if (cursor && pgErrorOf(error)?.code.startsWith('22')) throw new CursorError();
    throw error;
  });
  if (cursor?.d === 'prev') page.reverse();
  if (page.length === 0) return { rows: [], total: await countRows(db, table, where, query) };
  const rows = page.map(({ total: _total, pageKey: _key, ...row }) => row);
  const total = listTotal(page[0]!.total, table, where, query);
  const ends = [page[0]!, page.at(-1)!];
  const keyOf = keyInline
    ? new Map(ends.map((row) => [row, row.pageKey]))
    : await keysOf(db, table as ListedTable, order, ends);
  const cursorAt = (row: Row, d: ListCursor['d']) => {
    const key = keyOf.get(row);
    return key ? encodeCursor({ s: order.name, d, k: JSON.parse(key) as ListCursor['k'] }) : undefined;
  };
  return {
    rows,
    total: {
      ...total,
      nextCursor:
        page.length === query.limit && (total.moreThanTotal || offsetOf(query) + query.limit < total.total)
          ? cursorAt(page.at(-1)!, 'next')
          : undefined,
      previousCursor: query.page > 1 ? cursorAt(page[0]!, 'prev') : undefined,
    },
  };
}
