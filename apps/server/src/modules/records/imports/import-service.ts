import type { Readable } from 'node:stream';
import {
  IMPORT_FIELDS,
  IMPORT_PROBLEMS_SHOWN,
  checkImportRow,
  guessMapping,
  type ImportKind,
  type ImportLine,
  type ImportMapping,
  type ImportProblem,
  type ImportReport,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { restoreNeutralised } from '../../../lib/csv.js';
import { conflict } from '../../../lib/errors.js';
import { zonedClockTime } from '../../../lib/zoned-time.js';
import { recordAudit, tryTransactionLock } from '../../platform/audit/index.js';
import { csvRows, nextTurn } from './import-csv.js';
import type { Written } from './import-queries.js';
import { BATCH, type Line, type Problem, RULES } from './import-rules.js';

export { BATCH } from './import-rules.js';

type Progress = (line: ImportLine) => void;

interface ImportOptions {
  /** The field → column choice; guessed from the header when not given. */
  mapping?: ImportMapping;
  /** Write the rows (when none has a problem), rather than only check them. */
  commit: boolean;
  context: ChangeContext;
}

/** PostgreSQL's advisory lock of a running import, held by whichever process runs it. */
export const IMPORT_LOCK_KEY = 0x1_3907;

export interface ImportServiceDeps {
  db: Database;
  clock: Clock;
  /** The operator's time zone: a refused import is told when the running one started, on the office's clock. */
  timeZone: string;
  /** PostgreSQL: one import at a time across every process on the database, not only in this one. */
  acrossProcesses: boolean;
  /**
   * The geocoder (decision 072): whether one is configured (without, a child's row needs its coordinates), and the
   * geocoding job's wake, called after a commit that left addresses waiting.
   */
  geocoding: { configured: boolean; wake(): void };
}

/** This process's running import: who started it and when. */
interface Running {
  startedAt: Date;
  by: string;
}

/** The factory's deps, and the service's running import (null between two). */
interface ImportDeps extends ImportServiceDeps {
  turn: { running: Running | null };
}

/**
 * This process's turn to import, or a 409 in words: one import at a time in the process (the check and the
 * claim in one synchronous step), and on PostgreSQL across processes too, by an advisory lock held in an open
 * transaction on a connection of its own until `end` is called.
 */
async function begin(
  { db, clock, timeZone, acrossProcesses, turn }: ImportDeps,
  context: ChangeContext,
): Promise<{ end(): void }> {
  if (turn.running)
    throw conflict(
      `Another import is running (started ${zonedClockTime(turn.running.startedAt, timeZone)} by ` +
        `${turn.running.by}); try again when it has finished.`,
    );
  const mine: Running = { startedAt: clock(), by: context.actor.email };
  turn.running = mine;
  const release = () => {
    if (turn.running === mine) turn.running = null;
  };
  if (!acrossProcesses) return { end: release };
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  try {
    await new Promise<void>((taken, refused) => {
      db.transaction(async (tx) => {
        if (!(await tryTransactionLock(tx, IMPORT_LOCK_KEY))) {
          refused(
            conflict('Another import is running on another server process; try again when it has finished.'),
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

/** What reading the file found: its header, the mapping, the header's problems and each row's mapped cells. */
interface Reading {
  headers: string[];
  mapping: ImportMapping;
  problems: ImportProblem[];
  /** Only the mapped cells of a row are kept, not the whole line, while the rest of the file is read. */
  rows: Array<{ line: number; record: Record<string, string | undefined> }>;
  /** The file's rows, the header not counted. */
  count: number;
}

/** A problem on a line, in the column its field is mapped to. */
const problemOf =
  (reading: Reading): Problem =>
  (line, field, message) =>
    reading.problems.push({
      row: line,
      column: field ? (reading.mapping[field] ?? null) : null,
      field,
      message,
    });

/**
 * Reads the file as it arrives: the header and its mapping (the given one, or guessed from the header), each
 * field's column checked, then the mapped cells of every row, with a progress line every BATCH rows.
 */
async function readRows(
  kind: ImportKind,
  body: Readable,
  givenMapping: ImportMapping | undefined,
  progress: Progress,
): Promise<Reading> {
  progress({ type: 'progress', phase: 'reading', done: 0, total: 0 });
  const reading: Reading = { headers: [], mapping: {}, problems: [], rows: [], count: 0 };
  const problem = problemOf(reading);
  /** Each mapped field's column. */
  let indexOf = new Map<string, number>();
  let headerSeen = false;
  const takeHeader = (cells: string[]) => {
    headerSeen = true;
    const headers = cells.map((name) => name.trim());
    const mapping = givenMapping ?? guessMapping(kind, headers);
    reading.headers = headers;
    reading.mapping = mapping;
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
    reading.count += 1;
    // Until every field has its column, each row would only repeat the same problem: the rows are only counted.
    if (reading.problems.length === 0) {
      const record: Record<string, string | undefined> = {};
      for (const [key, column] of indexOf) {
        const cell = column >= 0 ? cells[column]?.trim() : undefined;
        // A cell an export neutralised against spreadsheet formulas is read as it was written.
        if (cell) record[key] = restoreNeutralised(cell);
      }
      reading.rows.push({ line, record });
    }
    if (reading.count % BATCH === 0)
      progress({ type: 'progress', phase: 'reading', done: reading.count, total: reading.count });
  }
  // An empty file: no header, so no field has its column.
  if (!headerSeen) takeHeader([]);
  // The last line of the reading, unless the last batch has just said it.
  const { count } = reading;
  if (count === 0 || count % BATCH !== 0)
    progress({ type: 'progress', phase: 'reading', done: count, total: count });
  await nextTurn();
  return reading;
}

/** Each row against its kind's rules: the rows that pass, the others' problems added to the reading's. */
async function checkRows<K extends ImportKind>(
  kind: K,
  reading: Reading,
  progress: Progress,
): Promise<Array<Line<K>>> {
  const { rows } = reading;
  const problem = problemOf(reading);
  const checked: Array<Line<K>> = [];
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
  return checked;
}

/**
 * An import of `kind` from the uploaded CSV: read, checked row by row and against the database, then (a commit
 * without problems) written in one transaction with its audit entry. Answers the report; progress lines go to
 * `progress` meanwhile.
 */
async function runImport<K extends ImportKind>(
  { db, geocoding }: ImportDeps,
  kind: K,
  body: Readable,
  options: ImportOptions,
  progress: Progress,
): Promise<ImportReport> {
  const reading = await readRows(kind, body, options.mapping, progress);
  const { headers, mapping, problems, count } = reading;
  let checked: Array<Line<K>> = [];
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

  checked = await checkRows(kind, reading, progress);
  await RULES[kind].clashes(db, checked as never, problemOf(reading));
  if (kind === 'families' && !geocoding.configured)
    for (const { line, value } of checked as Array<Line<'families'>>)
      if (value.child && value.child.pickupAndDropLat == null)
        problemOf(reading)(
          line,
          'pickupAndDropLat',
          'No geocoder is configured (GEOCODER_URL) to place the address: give the pickup latitude and longitude.',
        );

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
  // Addresses without coordinates wait for the geocoding job: it starts now rather than at its next turn.
  if (kind === 'families') geocoding.wake();
  return report({ ...written, committed: true });
}

/** CSV imports of families, drivers, vehicles and stops: one at a time (begin), then run. */
export function createImportService(deps: ImportServiceDeps) {
  const withTurn: ImportDeps = { ...deps, turn: { running: null } };
  return {
    begin: begin.bind(null, withTurn),
    // Written out rather than bound: binding would drop the type parameter.
    run: <K extends ImportKind>(kind: K, body: Readable, options: ImportOptions, progress: Progress) =>
      runImport(withTurn, kind, body, options, progress),
  };
}
export type ImportService = ReturnType<typeof createImportService>;
