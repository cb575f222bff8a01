import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { safeFileName } from './attachment.js';

/** What a CSV cell may be made from; null and undefined are an empty cell. */
export type CsvCell = string | number | boolean | Date | null | undefined;

/** One column of a CSV file: its header and how a row gives its cell. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (tab and carriage return too, as some
 * spreadsheets strip them first). OWASP's advice: prefix a single quote so the cell stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutraliseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * A cell as it was before `neutraliseFormula`: an import reads back what an export wrote (a phone "+91 …" is
 * written "'+91 …"; decision 075). A quote before anything else is the cell's own.
 */
export const restoreNeutralised = (text: string): string =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return neutraliseFormula(value);
  // Numbers and booleans are written by us, not typed by a person: a negative number stays a number.
  return String(value);
}

/**
 * The rows as a CSV byte stream: UTF-8 with a BOM (so spreadsheets read accents), a header row, CRLF line ends, a
 * cell quoted (RFC 4180) when it holds a comma, a quote or a line end. The rows are pulled only as fast as the
 * stream is read (backpressure), so the source can be a database cursor of any size; destroying the stream (a
 * client that went away) ends the source's iteration, whose `finally` releases what it holds.
 */
export function csvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row>,
  counter?: RowCounter,
): Readable {
  return csvBatchStream(columns, inBatches(rows), counter);
}

/** How many rows a CSV stream has written so far (what an export's audit entry records). */
export interface RowCounter {
  rows: number;
}

/**
 * The same from rows that come in batches (a cursor's fetches): each batch is written as one piece of text by
 * csv-stringify's synchronous API, with no stream step or promise per row: its object stream, fed a row at a time
 * through a chain of async generators, spent about 12 µs a row and handed the compressor one chunk per row
 * (decision 044). A cell holding a line break is quoted as well (`quoted_match`): with CRLF as the record
 * delimiter, csv-stringify quotes a cell holding CRLF but would leave a lone LF bare, breaking the row.
 */
export function csvBatchStream<Row>(
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
  counter?: RowCounter,
): Readable {
  async function* text() {
    yield csvHead(columns.map((column) => column.header));
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      yield csvText(batch.map((row) => columns.map((column) => cellText(column.value(row)))));
      if (counter) counter.rows += batch.length;
    }
  }
  // Byte mode: the stream holds up to 64 kB (or one batch's text, when larger) beyond what the reply has taken
  // before it asks for more, and starts writing them now, before the reply reads.
  const stream = Readable.from(text(), { objectMode: false, highWaterMark: 64 * 1024 });
  stream.read(0);
  return stream;
}

/** Rows of a one-at-a-time source, a few hundred at a time (each row is still pulled only when wanted). */
const CSV_ROWS_PER_CHUNK = 256;
async function* inBatches<Row>(rows: AsyncIterable<Row>): AsyncGenerator<Row[]> {
  let batch: Row[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === CSV_ROWS_PER_CHUNK) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** The start of every CSV file: the BOM and the header row. */
export const csvHead = (headers: readonly string[]) => `\uFEFF${csvText([[...headers]])}`;

/** Lines of cells, CRLF-ended (RFC 4180); a cell is quoted when it holds a comma, a quote or a line break. */
const csvText = (lines: string[][]) =>
  stringify(lines, { record_delimiter: 'windows', quoted_match: /[\r\n]/ });

export { safeFileName };

/** Sends a CSV stream as a download named `fileName`. */
export function sendCsv(reply: FastifyReply, fileName: string, stream: Readable): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeFileName(fileName)}"`)
    .send(stream);
}
