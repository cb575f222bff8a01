import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database, Executor } from './client.js';

export interface CopyOut {
  /** Settles once the first bytes have come (or the COPY ended with none): a failure before any byte is sent. */
  ready: Promise<void>;
  /** The CSV text as PostgreSQL sends it, in the pieces its socket reads give (64 kB at most). */
  chunks: AsyncGenerator<Buffer>;
  /** Ends the COPY early (the reader went away): its connection is closed, which ends the statement. */
  stop: () => void;
}

/** Runs `query(tx)`'s rows out as CSV; PostgreSQL only (db/client.ts gives it on that engine alone). */
export type CopyCsvOut = (query: (tx: Executor) => Promise<SQL>) => CopyOut;

const dialect = new PgDialect();

/** How a cell's value is written: text (neutralised), a number, or true/false. */
export type CopyCellKind = 'text' | 'number' | 'boolean';

/**
 * A cell as lib/csv.ts's `cellText` writes it, in SQL over the cell's value:
 * - text starting with `= + - @`, tab or carriage return gets a leading `'` (`neutraliseFormula`);
 * - an empty text is written as NULL: COPY quotes an empty string (`""`) to tell it from NULL, csv-stringify does not;
 * - a number is PostgreSQL's text of it: for int and for float8 (shortest exact digits, as JavaScript's `String`)
 *   the same text below 1e15, the report figures' range;
 * - a boolean is `true` or `false` (PostgreSQL's own text is `t`/`f`).
 * NULL stays NULL, written as nothing.
 */
export function copyCell(value: SQL, kind: CopyCellKind): SQL {
  if (kind === 'number') return sql`(${value})::text`;
  if (kind === 'boolean') return sql`case when ${value} then 'true' when not ${value} then 'false' end`;
  const text = sql`(${value})::text`;
  return sql`case when left(${text}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${text}
    else nullif(${text}, '') end`;
}

/** Why a COPY's connection was closed rather than handed back: it stopped in the middle of its rows. */
class CopyStopped extends Error {}

/**
 * `COPY (query) TO STDOUT (FORMAT csv)` on a pooled connection, in a read-only transaction of its own: the rows
 * are formatted by PostgreSQL and reach the caller as text, only as fast as it reads them (the socket is read no
 * further ahead than the stream's buffer). `query(tx)` runs first in the same transaction, so it may read settings
 * or `set local` the planner's. PostgreSQL plans a COPY's query with parallel workers, which it never does for a
 * cursor's (decision 049).
 *
 * COPY takes no bind parameters, so the statement's are written into it as literals by Drizzle (`inlineParams`:
 * strings quoted with `'` doubled, numbers as text). That is safe only with `standard_conforming_strings` on, where a
 * backslash is an ordinary character; the transaction sets it rather than trusting the server's default.
 */
export function copyCsvOut(pool: pg.Pool, query: (tx: Executor) => Promise<SQL>): CopyOut {
  let client: pg.PoolClient | undefined;
  let copy: ReturnType<typeof copyTo> | undefined;
  let released = false;
  let stopped = false;
  // A connection in the middle of a COPY, or of a failed transaction, cannot be reused: released with an error,
  // the pool closes it.
  const release = (error?: Error) => {
    if (released || !client) return;
    released = true;
    client.release(error);
  };
  const stop = () => {
    stopped = true;
    if (!copy || released) return;
    copy.destroy();
    release(new CopyStopped());
  };

  let rows: AsyncIterator<Buffer> | undefined;
  let first: IteratorResult<Buffer> | undefined;
  const ready = (async () => {
    client = await pool.connect();
    try {
      await client.query('begin read only');
      await client.query('set local standard_conforming_strings = on');
      const statement = await query(drizzle(client) as unknown as Database);
      if (stopped) throw new CopyStopped();
      const { sql: text } = dialect.sqlToQuery(
        sql`copy (${statement}) to stdout (format csv)`.inlineParams(),
      );
      copy = client.query(copyTo(text));
      rows = copy[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      first = await rows.next();
    } catch (error) {
      release(error as Error);
      throw error;
    }
  })();
  // Unawaited until the reader needs it; a failure reaches the reader through `ready` or the generator.
  ready.catch(() => undefined);

  async function* chunks(): AsyncGenerator<Buffer> {
    await ready;
    try {
      for (let next = first!; !next.done; next = await rows!.next()) yield next.value;
      await client!.query('commit');
      release();
    } catch (error) {
      release(error as Error);
      throw error;
    } finally {
      // The reader stopped before the end (a return from its loop, or the stream destroyed).
      stop();
    }
  }
  return { ready, chunks: chunks(), stop };
}
