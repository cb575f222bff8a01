import { sql, type SQL } from 'drizzle-orm';
import { CREDENTIAL_SUBJECT_LABELS, REPORT_PAGE_SIZE, type ReportCell } from '@school-transport/shared';
import { queryRows, type Executor } from '../../../db/client.js';
import { copyCell, type CopyCellKind } from '../../../db/copy-out.js';
import type { ReportStatement } from './reports-queries.js';

/**
 * How a report's rows become its table's and its CSV's cells, and the planner settings some reports need. Each
 * column's cell is SQL over a row of the report's statement (`q`), so the table's rows, the cursor's CSV and the CSV
 * that PostgreSQL writes itself (decision 049) select the same cells.
 */

/** A report column's cell: its key in the table's rows, its SQL and how COPY writes it. */
export interface ReportCellSource {
  key: string;
  value: SQL;
  copyAs: CopyCellKind;
}

type Row = Record<string, ReportCell>;

/** A column of the statement's rows, as a cell reads it. */
export const statementColumn = (name: string) => sql`q.${sql.identifier(name)}`;

/** A credential's holder type as the screen names it (driver, vehicle). */
export const holderTypeLabel = sql`case q.holder_type ${sql.join(
  Object.entries(CREDENTIAL_SUBJECT_LABELS).map(([subject, label]) => sql`when ${subject} then ${label}`),
  sql` `,
)} end`;

/** The ranks of the per-stop reports' pages and CSVs, ending on the key so that pages never overlap. */
export const LEAST_ON_TIME_FIRST = sql`q.on_time_pct, q.name, q.key`;
export const MOST_PICKED_UP_FIRST = sql`q.pickups desc, q.name, q.key`;

/**
 * Ridership per stop sums a month of week and day rollup rows per stop and run (1.2M rows at a million children).
 * The planner cannot know how many stops that `union all` groups into and guesses 200, so it looked each stop's
 * name up by index, 100k times, instead of hashing the stops once: about 300 ms more (decision 047). Only there:
 * on time per stop's plan hashes its names already, and its fallback over the trips' stops wants nested loops.
 */
export const NAMES_BY_HASH = sql`set local enable_nestloop = off`;

/**
 * Both per-stop reports hash a month of rollup rows (about 600k at a million children) into 100k stops; their
 * estimated cost, which counts the gated branch of each edge that is not taken (decision 048), is past
 * `jit_inline_above_cost` and `jit_optimize_above_cost` (500,000), and compiling took 450–660 ms of a 1.4–2.2 s
 * statement that ran in 0.9–1.5 s without it (decision 048). JIT never repaid itself on these statements.
 */
export const NO_JIT = sql`set local jit = off`;

/** The cells, named by their column keys. */
const cells = (columns: ReportCellSource[]) =>
  sql.join(
    columns.map((column) => sql`${column.value} as ${sql.identifier(column.key)}`),
    sql`, `,
  );

/** Every row of a report in its order, as its cells: for the table and the cursor's CSV. */
export const orderedCells = (columns: ReportCellSource[], { body, order }: ReportStatement) =>
  sql`select ${cells(columns)} from (${body}) q order by ${order}`;

/** The same written as COPY writes a CSV's cells (db/copy-out.ts): numbers as text, text neutralised. */
export const orderedCopyCells = (columns: ReportCellSource[], { body, order }: ReportStatement) =>
  sql`select ${sql.join(
    columns.map((column) => copyCell(column.value, column.copyAs)),
    sql`, `,
  )} from (${body}) q order by ${order}`;

/**
 * One page of a ranked report and the count of all its rows. The rows are made once (a materialized CTE) and read
 * twice: counted, and ranked into a top-N sort that keeps only the page's rows. The count rides on the page's rows;
 * a page past the end has no rows to carry it, so it is counted on its own. A window (`count(*) over ()`) did the
 * same at 30 to 220 ms more for 100k stops (decision 047).
 */
export async function rankedPage(
  db: Executor,
  columns: ReportCellSource[],
  statement: ReportStatement,
  page: number,
): Promise<{ rows: Row[]; total: number }> {
  const rows = await queryRows<Row & { report_total: number }>(
    db,
    sql`with q as materialized (${statement.body})
      select ${cells(columns)}, (select count(*) from q)::int as report_total from q
      order by ${statement.order} limit ${REPORT_PAGE_SIZE} offset ${(page - 1) * REPORT_PAGE_SIZE}`,
  );
  if (rows.length > 0)
    return { rows: rows.map(({ report_total: _, ...row }) => row), total: rows[0]!.report_total };
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${statement.body}) q`,
  );
  return { rows, total: counted?.total ?? 0 };
}
