import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { openPgliteFolder, pgliteExtensions } from './durable-node-fs.js';

/**
 * The embedded database's own thread (docs/decisions/042): PGlite, its WebAssembly PostgreSQL and the parsing of
 * its answers run here, so the server's thread spends its time on requests. It answers the requests of
 * pglite-thread.ts, one message each; the statements of an open transaction wait here for their next message
 * inside PGlite's transaction, as they would in the server's thread.
 */

export interface PgliteWorkerData {
  /** `memory://…` or a folder. */
  dataDir: string;
  durable: boolean;
  /** A tarball file to start an in-memory database from (DatabaseConfig's loadDataDir). */
  loadDataDir?: string;
  /** PGlite's WebAssembly compiled once by the opening thread (pglite-thread.ts), for an in-memory database. */
  pgliteWasmModule?: WebAssembly.Module;
}

/** What a query's options become between threads: drizzle's parsers are functions, which cannot travel. */
export interface QueryShape {
  rowMode?: 'array' | 'object';
  /** Types whose values stay PostgreSQL's text (drizzle's parsers for dates, times and intervals do just that). */
  textTypes?: number[];
}

export type PgliteRequest = { id: number } & (
  | { op: 'query'; sql: string; params?: unknown[]; shape?: QueryShape; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'snapshot' | 'close' }
);

/** An error as it crosses: its message, stack and own fields (code, constraint, detail…), values that clone. */
export interface ErrorShape {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
  /** PGlite's own DatabaseError (SQLSTATE and the rest), to be made one again on the other side. */
  database: boolean;
}

export type PgliteReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ErrorShape }
  | { notify: string; payload: string }
  | { ready: true }
  | { failed: ErrorShape };

/** Fields that are functions or hold them (PGlite's `queryOptions` carries drizzle's parsers) cannot be cloned. */
export function errorShape(error: unknown): ErrorShape {
  if (!(error instanceof Error))
    return { name: 'Error', message: String(error), fields: {}, database: false };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions' || typeof value === 'function') continue;
    try {
      fields[key] = structuredClone(value);
    } catch {
      fields[key] = String(value);
    }
  }
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    fields,
    database: error instanceof messages.DatabaseError,
  };
}

const keepText = (value: string) => value;

/** Drizzle's options again, with its parsers (which keep those types' text as it came) made here. */
function queryOptions(shape: QueryShape | undefined): QueryOptions | undefined {
  if (!shape) return undefined;
  return {
    rowMode: shape.rowMode,
    ...(shape.textTypes
      ? { parsers: Object.fromEntries(shape.textTypes.map((type) => [type, keepText])) }
      : {}),
  };
}

async function open({ dataDir, durable, loadDataDir, pgliteWasmModule }: PgliteWorkerData): Promise<PGlite> {
  if (dataDir.startsWith('memory://'))
    return PGlite.create(dataDir, {
      extensions: pgliteExtensions,
      pgliteWasmModule,
      ...(loadDataDir ? { loadDataDir: new Blob([await readFile(loadDataDir)]) } : {}),
    });
  // A folder is restored from a backup's tarball by restore, which checks and syncs what it writes.
  if (loadDataDir) throw new Error('loadDataDir starts an in-memory database only');
  return openPgliteFolder(dataDir, { extensions: pgliteExtensions, durable });
}

function serve(pg: PGlite, port: NonNullable<typeof parentPort>) {
  const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
  /** Each open transaction's outcome, awaited by its `end`. */
  const ends = new Map<number, Promise<void>>();
  const listening = new Map<string, () => Promise<void>>();
  let nextTransaction = 1;

  const target = (tx: number | undefined) => {
    if (tx === undefined) return pg;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  /** Opens a transaction and answers its number; its end (commit or rollback) is answered by `end`. */
  const begin = () =>
    new Promise<number>((opened, failed) => {
      const number = nextTransaction++;
      const done = pg.transaction(async (tx) => {
        const commit = await new Promise<boolean>((end) => {
          transactions.set(number, { tx, end });
          opened(number);
        });
        if (!commit) await tx.rollback();
      });
      const settled = done.finally(() => transactions.delete(number));
      ends.set(number, settled);
      // BEGIN itself failed: the promise above never opened.
      settled.catch(failed);
    });

  const run = async (request: PgliteRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return target(request.tx).query(request.sql, request.params, queryOptions(request.shape));
      case 'exec':
        return target(request.tx).exec(request.sql);
      case 'begin':
        return begin();
      case 'end': {
        const settled = ends.get(request.tx);
        ends.delete(request.tx);
        transactions.get(request.tx)?.end(request.commit);
        await settled;
        return undefined;
      }
      case 'listen': {
        if (!listening.has(request.channel))
          listening.set(
            request.channel,
            await pg.listen(request.channel, (payload) =>
              port.postMessage({ notify: request.channel, payload } satisfies PgliteReply),
            ),
          );
        return undefined;
      }
      case 'unlisten': {
        const unlisten = listening.get(request.channel);
        listening.delete(request.channel);
        await unlisten?.();
        return undefined;
      }
      case 'snapshot': {
        await pg.exec('checkpoint');
        // Inside the transaction lock as well as the query lock dumpDataDir takes: no transaction is half done in it.
        const tarball = await pg._runExclusiveTransaction(() => pg.dumpDataDir('none'));
        return tarball.arrayBuffer();
      }
      case 'close':
        await pg.close();
        return undefined;
    }
  };

  port.on('message', (request: PgliteRequest) => {
    run(request).then(
      (value) => {
        const reply: PgliteReply = { id: request.id, ok: true, value };
        port.postMessage(reply, value instanceof ArrayBuffer ? [value] : []);
      },
      (error: unknown) =>
        port.postMessage({ id: request.id, ok: false, error: errorShape(error) } satisfies PgliteReply),
    );
  });
}

if (parentPort) {
  const port = parentPort;
  try {
    const pg = await open(workerData as PgliteWorkerData);
    serve(pg, port);
    port.postMessage({ ready: true } satisfies PgliteReply);
  } catch (error) {
    port.postMessage({ failed: errorShape(error) } satisfies PgliteReply);
  }
}
