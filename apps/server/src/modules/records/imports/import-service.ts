import { PassThrough, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_PROBLEMS_SHOWN,
  checkImportRow,
  guessMapping,
  type FamilyImportRow,
  type ImportKind,
  type ImportLine,
  type ImportMapping,
  type ImportProblem,
  type ImportReport,
  type ImportRow,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError, badRequest, conflict } from '../../../lib/errors.js';
import { zonedClockTime } from '../../../lib/zoned-time.js';
import { recordAudit, tryTransactionLock } from '../../platform/audit/index.js';
import {
  emailHolders,
  licenseHolders,
  plateHolders,
  tagHolders,
  upsertDrivers,
  upsertParents,
  upsertStops,
  upsertStudents,
  upsertVehicles,
  type Written,
} from './import-queries.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows per statement when writing, and between two progress lines when checking. */
export const BATCH = 5_000;

type Progress = (line: ImportLine) => void;

/** A checked row and its line in the file (the header is line 1). */
interface Line<K extends ImportKind> {
  line: number;
  value: ImportRow<K>;
}

/** The file is handed to the parser this much at a time, with a turn of the event loop between two pieces. */
const SLICE_BYTES = 64 * 1024;
/** PostgreSQL's advisory lock of a running import, held by whichever process runs it. */
export const IMPORT_LOCK_KEY = 0x1_3907;

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
async function* csvRows(body: Readable): AsyncGenerator<{ cells: string[]; line: number; header: boolean }> {
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

export interface ImportServiceDeps {
  db: Database;
  clock: Clock;
  /** The operator's time zone: a refused import is told when the running one started, on the office's clock. */
  timeZone: string;
  /** PostgreSQL: one import at a time across every process on the database, not only in this one. */
  acrossProcesses: boolean;
}

/** This process's running import: who started it and when. */
interface Running {
  startedAt: Date;
  by: string;
}

export function createImportService({ db, clock, timeZone, acrossProcesses }: ImportServiceDeps) {
  let running: Running | null = null;

  /**
   * This process's turn to import, or a 409 in words: one import at a time in the process (the check and the
   * claim in one synchronous step), and on PostgreSQL across processes too, by an advisory lock held in an open
   * transaction on a connection of its own until `end` is called.
   */
  async function begin(context: ChangeContext): Promise<{ end(): void }> {
    if (running)
      throw conflict(
        `Another import is running (started ${zonedClockTime(running.startedAt, timeZone)} by ` +
          `${running.by}); try again when it has finished.`,
      );
    const mine: Running = { startedAt: clock(), by: context.actor.email };
    running = mine;
    const release = () => {
      if (running === mine) running = null;
    };
    if (!acrossProcesses) return { end: release };
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    try {
      await new Promise<void>((taken, refused) => {
        db.transaction(async (tx) => {
          if (!(await tryTransactionLock(tx, IMPORT_LOCK_KEY))) {
            refused(
              conflict(
                'Another import is running on another server process; try again when it has finished.',
              ),
            );
            return;
          }
          taken();
          await ended;
        }).catch(refused);
      });
    } catch (error) {
      release();
      throw error;
    }
    return {
      end: () => {
        end();
        release();
      },
    };
  }

  async function run<K extends ImportKind>(
    kind: K,
    body: Readable,
    options: { mapping?: ImportMapping; commit: boolean; context: ChangeContext },
    progress: Progress,
  ): Promise<ImportReport> {
    progress({ type: 'progress', phase: 'reading', done: 0, total: 0 });
    let headers: string[] = [];
    let mapping: ImportMapping = {};
    const problems: ImportProblem[] = [];
    const columnOf = (field: string) => mapping[field] ?? null;
    const problem = (line: number, field: string | null, message: string) =>
      problems.push({ row: line, column: field ? columnOf(field) : null, field, message });
    /** Each mapped field's column. */
    let indexOf = new Map<string, number>();
    // Only the mapped cells of a row are kept, not the whole line, while the rest of the file is read.
    const rows: Array<{ line: number; record: Record<string, string | undefined> }> = [];
    let count = 0;
    let headerSeen = false;
    const takeHeader = (cells: string[]) => {
      headerSeen = true;
      headers = cells.map((name) => name.trim());
      mapping = options.mapping ?? guessMapping(kind, headers);
      for (const field of IMPORT_FIELDS[kind]) {
        const header = mapping[field.key];
        if (header !== undefined && !headers.includes(header))
          problem(1, field.key, `The file has no column "${header}" for ${field.label}.`);
        else if (field.required && header === undefined)
          problem(1, field.key, `Choose the column that holds ${field.label}.`);
      }
      indexOf = new Map(
        IMPORT_FIELDS[kind].flatMap(({ key }) =>
          key in mapping ? [[key, headers.indexOf(mapping[key]!)]] : [],
        ),
      );
    };
    for await (const { cells, line, header: isHeader } of csvRows(body)) {
      if (isHeader) {
        takeHeader(cells);
        continue;
      }
      count += 1;
      // Until every field has its column, each row would only repeat the same problem: the rows are only counted.
      if (problems.length === 0) {
        const record: Record<string, string | undefined> = {};
        for (const [key, column] of indexOf) {
          const cell = column >= 0 ? cells[column]?.trim() : undefined;
          if (cell) record[key] = cell;
        }
        rows.push({ line, record });
      }
      if (count % BATCH === 0) progress({ type: 'progress', phase: 'reading', done: count, total: count });
    }
    // An empty file: no header, so no field has its column.
    if (!headerSeen) takeHeader([]);
    // The last line of the reading, unless the last batch has just said it.
    if (count === 0 || count % BATCH !== 0)
      progress({ type: 'progress', phase: 'reading', done: count, total: count });
    await nextTurn();

    const checked: Array<Line<K>> = [];
    const report = (written: Written & { committed: boolean }): ImportReport => ({
      kind,
      mode: options.commit ? 'commit' : 'dry-run',
      headers,
      mapping,
      rows: count,
      created: written.created,
      updated: written.updated,
      unchanged: written.committed
        ? RULES[kind].records(checked as never) - written.created - written.updated
        : 0,
      committed: written.committed,
      problemCount: problems.length,
      problems: [...problems].sort((a, b) => a.row - b.row).slice(0, IMPORT_PROBLEMS_SHOWN),
    });
    // Until every field has its column, each row would only repeat the same problem.
    if (problems.length > 0) return report({ created: 0, updated: 0, committed: false });

    for (const [index, { record, line }] of rows.entries()) {
      const result = checkImportRow(kind, record);
      if (result.value) checked.push({ line, value: result.value });
      else for (const issue of result.issues) problem(line, issue.field, issue.message);
      if ((index + 1) % BATCH === 0) {
        progress({ type: 'progress', phase: 'checking', done: index + 1, total: rows.length });
        // Checking is synchronous: without a turn of the event loop the line would wait for the end of the check
        // (each progress line gets one, so it reaches the socket when it is written).
        await nextTurn();
      }
    }
    progress({ type: 'progress', phase: 'checking', done: rows.length, total: rows.length });
    await RULES[kind].clashes(db, checked as never, problem);

    if (!options.commit || problems.length > 0 || count === 0)
      return report({ created: 0, updated: 0, committed: false });

    const written = await db.transaction(async (tx) => {
      const counts = await RULES[kind].write(tx, checked as never, (done, total) =>
        progress({ type: 'progress', phase: 'writing', done, total }),
      );
      await recordAudit(tx, {
        actor: options.context.actor,
        ip: options.context.ip,
        action: `import.${kind}`,
        entityType: 'import',
        // Counts only: no personal value of any row goes into the log.
        details: { rows: count, created: counts.created, updated: counts.updated },
      });
      return counts;
    });
    return report({ ...written, committed: true });
  }

  return { begin, run };
}
export type ImportService = ReturnType<typeof createImportService>;

type Problem = (line: number, field: string | null, message: string) => void;

interface KindRules<K extends ImportKind> {
  /** Duplicates inside the file, and values other records in the database already hold. */
  clashes(db: Executor, rows: Array<Line<K>>, problem: Problem): Promise<void>;
  /** How many records the rows stand for (a family's rows: the parent once, each child). */
  records(rows: Array<Line<K>>): number;
  write(
    tx: Executor,
    rows: Array<Line<K>>,
    progress: (done: number, total: number) => void,
  ): Promise<Written>;
}

/**
 * A value that must be unique: a second row with it (and another record's id) is a duplicate in the file; a
 * record in the database holding it under another external id is a clash.
 */
async function uniqueValues<K extends ImportKind>(
  rows: Array<Line<K>>,
  problem: Problem,
  unique: {
    field: string;
    label: string;
    valueOf: (row: ImportRow<K>) => string | null;
    ownerOf: (row: ImportRow<K>) => string;
    holders?: (values: string[]) => Promise<Array<{ key: string; externalId: string | null }>>;
    taken: string;
  },
) {
  const firstOwner = new Map<string, { owner: string; line: number }>();
  for (const { line, value } of rows) {
    const key = unique.valueOf(value);
    if (!key) continue;
    const owner = unique.ownerOf(value);
    const first = firstOwner.get(key);
    if (!first) firstOwner.set(key, { owner, line });
    else if (first.owner !== owner)
      problem(line, unique.field, `${unique.label} is also on line ${first.line}.`);
  }
  if (!unique.holders || firstOwner.size === 0) return;
  const values = [...firstOwner.keys()];
  const held = new Map<string, string | null>();
  for (let start = 0; start < values.length; start += BATCH)
    for (const row of await unique.holders(values.slice(start, start + BATCH)))
      held.set(row.key, row.externalId);
  for (const { line, value } of rows) {
    const key = unique.valueOf(value);
    if (key && held.has(key) && held.get(key) !== unique.ownerOf(value))
      problem(line, unique.field, unique.taken);
  }
}

/** An external id names one record: a second row with it is a mistake in the file. */
function onceInFile<K extends ImportKind>(
  rows: Array<Line<K>>,
  problem: Problem,
  field: string,
  label: string,
  valueOf: (row: ImportRow<K>) => string | null,
) {
  const firstLine = new Map<string, number>();
  for (const { line, value } of rows) {
    const key = valueOf(value);
    if (key === null) continue;
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, line);
    else problem(line, field, `${label} is also on line ${first}.`);
  }
}

const emailsHeldBy =
  (db: Executor, role: 'parentExternalId' | 'driverExternalId') => async (emails: string[]) =>
    (await emailHolders(db, emails)).map((row) => ({ key: row.email, externalId: row[role] }));

async function inBatches<T>(
  rows: T[],
  write: (batch: T[]) => Promise<Written>,
  progress: (done: number, total: number) => void,
  offset = 0,
  total = rows.length,
): Promise<Written> {
  const sum: Written = { created: 0, updated: 0 };
  for (let start = 0; start < rows.length; start += BATCH) {
    const written = await write(rows.slice(start, start + BATCH));
    sum.created += written.created;
    sum.updated += written.updated;
    progress(offset + Math.min(start + BATCH, rows.length), total);
    // Other requests get a turn between batches, whatever the engine answers in (decision 042 moved PGlite off this thread).
    await nextTurn();
  }
  return sum;
}

const plus = (a: Written, b: Written): Written => ({
  created: a.created + b.created,
  updated: a.updated + b.updated,
});

/** The family of each id, as its first row gives it. */
function familiesOf(rows: Array<Line<'families'>>): FamilyImportRow[] {
  const families = new Map<string, FamilyImportRow>();
  for (const { value } of rows)
    if (!families.has(value.parentExternalId)) families.set(value.parentExternalId, value);
  return [...families.values()];
}

const families: KindRules<'families'> = {
  async clashes(db, rows, problem) {
    await uniqueValues(rows, problem, {
      field: 'email',
      label: 'This email address',
      valueOf: (row) => row.parent.email.toLowerCase(),
      ownerOf: (row) => row.parentExternalId,
      holders: emailsHeldBy(db, 'parentExternalId'),
      taken: 'An account with this email address already exists.',
    });
    onceInFile(rows, problem, 'childExternalId', 'This child id', (row) => row.child?.externalId ?? null);
    await uniqueValues(rows, problem, {
      field: 'nfcTagId',
      label: 'This NFC tag',
      valueOf: (row) => row.child?.nfcTagId ?? null,
      ownerOf: (row) => row.child?.externalId ?? '',
      holders: (tags) => tagHolders(db, tags),
      taken: 'This NFC tag is already on another child.',
    });
  },
  records: (rows) => familiesOf(rows).length + rows.filter((row) => row.value.child).length,
  async write(tx, rows, progress) {
    const parents = familiesOf(rows).map(({ parentExternalId, parent }) => ({
      ext: parentExternalId,
      name: parent.name,
      email: parent.email,
      phone: parent.phone,
      alternative_phone: parent.alternativePhone,
      address: parent.address,
      city: parent.city,
      state: parent.state,
      pin_code: parent.pinCode,
    }));
    const children = rows.flatMap(({ value }) =>
      value.child
        ? [
            {
              ext: value.child.externalId,
              parent_id: value.parentExternalId,
              name: value.child.name,
              class: value.child.class,
              roll_no: value.child.rollNo,
              nfc_tag_id: value.child.nfcTagId,
              pickup_lat: value.child.pickupAndDropLat,
              pickup_lng: value.child.pickupAndDropLng,
              pickup_address: value.child.pickupDropAddress,
              door_to_door: value.child.doorToDoor,
            },
          ]
        : [],
    );
    const total = parents.length + children.length;
    const written = await inBatches(parents, (batch) => upsertParents(tx, batch), progress, 0, total);
    return plus(
      written,
      await inBatches(children, (batch) => upsertStudents(tx, batch), progress, parents.length, total),
    );
  },
};

const drivers: KindRules<'drivers'> = {
  async clashes(db, rows, problem) {
    onceInFile(rows, problem, 'externalId', 'This driver id', (row) => row.externalId);
    await uniqueValues(rows, problem, {
      field: 'email',
      label: 'This email address',
      valueOf: (row) => row.email.toLowerCase(),
      ownerOf: (row) => row.externalId,
      holders: emailsHeldBy(db, 'driverExternalId'),
      taken: 'An account with this email address already exists.',
    });
    await uniqueValues(rows, problem, {
      field: 'licenseNo',
      label: 'This license number',
      valueOf: (row) => row.licenseNo.toUpperCase(),
      ownerOf: (row) => row.externalId,
      holders: (licenses) => licenseHolders(db, licenses),
      taken: 'A driver with this license number already exists.',
    });
  },
  records: (rows) => rows.length,
  write: (tx, rows, progress) =>
    inBatches(
      rows.map(({ value }) => ({
        ext: value.externalId,
        name: value.name,
        email: value.email,
        phone: value.phone,
        alternative_phone: value.alternativePhone,
        license_no: value.licenseNo,
        address: value.address,
      })),
      (batch) => upsertDrivers(tx, batch),
      progress,
    ),
};

const vehicles: KindRules<'vehicles'> = {
  async clashes(db, rows, problem) {
    onceInFile(rows, problem, 'externalId', 'This vehicle id', (row) => row.externalId);
    await uniqueValues(rows, problem, {
      field: 'licensePlate',
      label: 'This registration number',
      valueOf: (row) => row.licensePlate,
      ownerOf: (row) => row.externalId,
      holders: (plates) => plateHolders(db, plates),
      taken: 'A vehicle with this registration number already exists.',
    });
  },
  records: (rows) => rows.length,
  write: (tx, rows, progress) =>
    inBatches(
      rows.map(({ value }) => ({
        ext: value.externalId,
        license_plate: value.licensePlate,
        model: value.model,
        type: value.type,
        color: value.color,
        capacity: value.capacity,
      })),
      (batch) => upsertVehicles(tx, batch),
      progress,
    ),
};

const stops: KindRules<'stops'> = {
  async clashes(_db, rows, problem) {
    onceInFile(rows, problem, 'externalId', 'This stop id', (row) => row.externalId);
  },
  records: (rows) => rows.length,
  write: (tx, rows, progress) =>
    inBatches(
      rows.map(({ value }) => ({ ext: value.externalId, ...value })),
      (batch) => upsertStops(tx, batch),
      progress,
    ),
};

const RULES: { [K in ImportKind]: KindRules<K> } = { families, drivers, vehicles, stops };
