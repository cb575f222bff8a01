import { Readable, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

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

function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return neutraliseFormula(value);
  // Numbers and booleans are written by us, not typed by a person: a negative number stays a number.
  return String(value);
}

/**
 * The rows as a CSV byte stream: UTF-8 with a BOM (so spreadsheets read accents), a header row, CRLF line ends.
 * The rows are pulled only as fast as the stream is read (backpressure), so the source can be a database cursor
 * of any size; destroying the stream (a client that went away) ends the source's iteration, whose `finally`
 * releases what it holds.
 */
export function csvStream<Row>(columns: readonly CsvColumn<Row>[], rows: AsyncIterable<Row>): Transform {
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((column) => column.header),
    record_delimiter: 'windows',
  });
  async function* records() {
    for await (const row of rows) yield columns.map((column) => cellText(column.value(row)));
  }
  const source = Readable.from(records(), { highWaterMark: 64 });
  source.on('error', (error) => stringifier.destroy(error));
  stringifier.on('close', () => source.destroy());
  source.pipe(stringifier);
  return stringifier;
}

/** A file name any browser and file system accept: letters, digits, dot, dash and underscore only. */
export const safeFileName = (name: string): string =>
  name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '') || 'export.csv';

/** Sends a CSV stream as a download named `fileName`. */
export function sendCsv(reply: FastifyReply, fileName: string, stream: Transform): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeFileName(fileName)}"`)
    .send(stream);
}
