import { Readable } from 'node:stream';
import { csvHead, type RowCounter } from './csv.js';

/**
 * A CSV download from the text of PostgreSQL's `COPY … TO STDOUT (FORMAT csv)` (db/copy-out.ts, whose `copyCell`
 * writes each cell as csv.ts would), made byte for byte the file that csv.ts writes from rows: the same BOM, header
 * and CRLF line ends (decision 049).
 */

/**
 * COPY ends each row with LF; csv.ts with CRLF (RFC 4180). An LF ends a row unless it is inside a quoted cell, and
 * a cell's quotes always pair up (`"` inside it is doubled), so counting quotes tells which LFs to widen, across the
 * chunk boundaries too. The chunks are whatever the socket gave; a row may span two of them.
 */
export function crlfRowEnds(counter?: RowCounter): (chunk: Buffer) => Buffer {
  let quoted = false;
  return (chunk) => {
    const ends: number[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === 0x22) quoted = !quoted;
      else if (byte === 0x0a && !quoted) ends.push(i);
    }
    // Each row end is a row written: the count an export's audit entry records.
    if (counter) counter.rows += ends.length;
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
export function csvCopyStream(
  headers: readonly string[],
  chunks: AsyncIterable<Buffer>,
  counter?: RowCounter,
): Readable {
  async function* bytes() {
    yield Buffer.from(csvHead(headers));
    const widen = crlfRowEnds(counter);
    for await (const chunk of chunks) yield widen(chunk);
  }
  return Readable.from(bytes(), { objectMode: false });
}
