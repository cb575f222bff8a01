import { PassThrough, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
} from '@school-transport/shared';
import { AppError, badRequest } from '../../../lib/errors.js';

/** Reading an import's CSV as it is uploaded: in slices, within its limits, each row with its line. */

/** A turn of the event loop: other requests are answered between two pieces of an import's work. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The file is handed to the parser this much at a time, with a turn of the event loop between two pieces. */
const SLICE_BYTES = 64 * 1024;
const thousands = (n: number) => n.toLocaleString('en');

/**
 * The upload, in pieces of at most SLICE_BYTES, each after a turn of the event loop: a file that arrives in one
 * piece (a fast client, or a test's inject) is still parsed a piece at a time, other requests answered between.
 * Past IMPORT_MAX_BYTES it stops (the route no longer has Fastify's body limit, the body being a stream). The
 * request is read through a pipe: stopping early ends the pipe and lets the rest of the upload drain, where
 * ending the request's own stream would close the socket the answer (the error line) still has to go out on.
 */
async function* slices(body: Readable): AsyncGenerator<Buffer> {
  const pipe = new PassThrough();
  // A pipe passes no error on: an upload cut short (the client gone) would leave the reading waiting forever, and
  // the import's turn held.
  const interrupted = () => {
    if (!body.readableEnded) pipe.destroy(badRequest('The upload was interrupted; nothing was written.'));
  };
  body.once('error', interrupted);
  body.once('close', interrupted);
  body.pipe(pipe);
  let bytes = 0;
  try {
    for await (const chunk of pipe as AsyncIterable<Buffer | string>) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += buffer.length;
      if (bytes > IMPORT_MAX_BYTES)
        throw new AppError(
          413,
          `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB, the most an import takes.`,
        );
      for (let start = 0; start < buffer.length; start += SLICE_BYTES) {
        yield buffer.subarray(start, start + SLICE_BYTES);
        await nextTurn();
      }
    }
  } finally {
    body.off('error', interrupted);
    body.off('close', interrupted);
    body.unpipe(pipe);
    body.resume();
  }
}

/** What csv-parse says of a file it cannot read, in words; its line is where the record started. */
function unreadable(error: CsvError & { lines?: number }): AppError {
  if (error.code === 'CSV_MAX_RECORD_SIZE')
    return badRequest(
      `Line ${error.lines ?? '?'} is longer than a row may be (${IMPORT_MAX_COLUMNS} columns of at most ` +
        `${thousands(IMPORT_MAX_CELL_CHARS)} characters): is a quote left open?`,
    );
  return badRequest(`The file is not a CSV file we can read: ${error.message}`);
}

/**
 * The file's header, then each row with the line it starts on (a quoted cell may span lines), parsed as the
 * upload arrives. A problem of the CSV itself (an unclosed quote), a row past IMPORT_MAX_ROWS, a line of more than
 * IMPORT_MAX_COLUMNS cells or a cell of more than IMPORT_MAX_CELL_CHARS characters is a 400 naming the line (and
 * the column): the reading stops there.
 */
export async function* csvRows(
  body: Readable,
): AsyncGenerator<{ cells: string[]; line: number; header: boolean }> {
  const source = Readable.from(slices(body));
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
    // A quote never closed would otherwise gather the rest of the file into one cell, in memory.
    max_record_size: IMPORT_MAX_COLUMNS * IMPORT_MAX_CELL_CHARS,
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let headers: string[] = [];
  let lastLine = 0;
  let rows = 0;
  let first = true;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const line = lastLine + 1;
      lastLine = info.lines;
      if (record.length > IMPORT_MAX_COLUMNS)
        throw badRequest(
          `Line ${line} has ${record.length} columns: an import takes at most ${IMPORT_MAX_COLUMNS}.`,
        );
      const long = record.findIndex((cell) => cell.length > IMPORT_MAX_CELL_CHARS);
      if (long >= 0) {
        const name = headers[long] ? ` ("${headers[long]}")` : '';
        throw badRequest(
          `Line ${line}, column ${long + 1}${name} holds ${record[long]!.length} characters: a cell may hold at ` +
            `most ${thousands(IMPORT_MAX_CELL_CHARS)}.`,
        );
      }
      const header = first;
      if (first) {
        headers = record.map((name) => name.trim());
        first = false;
      } else if (++rows > IMPORT_MAX_ROWS) {
        throw badRequest(
          `Line ${line} is the file's row ${rows}: an import takes at most ` +
            `${thousands(IMPORT_MAX_ROWS)} rows. Split the file and import the parts one after the other.`,
        );
      }
      yield { cells: record, line, header };
    }
  } catch (error) {
    if (error instanceof CsvError) throw unreadable(error);
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
