import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { csvHead } from './csv.js';

/**
 * CSV written by PostgreSQL's `COPY … TO STDOUT (FORMAT csv)` (db/copy-out.ts), made byte for byte the file that
 * csv.ts writes from rows: the same cells, quoting, BOM, header and CRLF line ends (decision 049). COPY does the
 * per-cell work in C, where csv.ts spends about 10 µs a row in JavaScript (parsing, mapping, csv-stringify).
 */

/** How a cell's value is written: text (neutralised), a number, or true/false. */
export type CopyCellKind = 'text' | 'number' | 'boolean';

/**
 * A cell as csv.ts's `cellText` writes it, in SQL over the cell's value:
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

/**
 * COPY ends each row with LF; csv.ts with CRLF (RFC 4180). An LF ends a row unless it is inside a quoted cell, and
 * a cell's quotes always pair up (`"` inside it is doubled), so counting quotes tells which LFs to widen, across the
 * chunk boundaries too. The chunks are whatever the socket gave; a row may span two of them.
 */
export function crlfRowEnds(): (chunk: Buffer) => Buffer {
  let quoted = false;
  return (chunk) => {
    const ends: number[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === 0x22) quoted = !quoted;
      else if (byte === 0x0a && !quoted) ends.push(i);
    }
    if (ends.length === 0) return chunk;
    const out = Buffer.allocUnsafe(chunk.length + ends.length);
    let from = 0;
    let to = 0;
    for (const end of ends) {
      to += chunk.copy(out, to, from, end);
      out[to++] = 0x0d;
      out[to++] = 0x0a;
      from = end + 1;
    }
    chunk.copy(out, to, from);
    return out;
  };
}

/** A CSV download from COPY's text: the BOM and header row, then the rows with CRLF line ends. */
export function csvCopyStream(headers: readonly string[], chunks: AsyncIterable<Buffer>): Readable {
  async function* bytes() {
    yield Buffer.from(csvHead(headers));
    const widen = crlfRowEnds();
    for await (const chunk of chunks) yield widen(chunk);
  }
  return Readable.from(bytes(), { objectMode: false });
}
