import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';
import type {
  ErrorShape,
  PgliteReply,
  PgliteRequest,
  PgliteWorkerData,
  QueryShape,
} from './pglite-worker.js';
import { startWorkerThread } from './worker-thread.js';

/**
 * PGlite in a thread of its own (docs/decisions/042), seen from the server's thread through the part of PGlite's
 * interface that drizzle-orm/pglite and this server call: `query` (with drizzle's options), `exec`, `transaction`
 * (whose statements go to the transaction open in the database's thread), `listen`, `close`, and `snapshot` (the
 * consistent tarball a backup takes). Errors come back with their fields (SQLSTATE `code`, `constraint`, `detail`…),
 * as PGlite's DatabaseError when they were one, so a unique violation still becomes its 409.
 */

/**
 * PGlite's WebAssembly, compiled once per process for its in-memory databases: a compiled module crosses to a
 * thread as it is, and each database thread would otherwise compile its own 9 MB (and tier it up again). Every
 * test file opens one (docs/decisions/050); the server, one at most. A folder's PGlite (durable-node-fs.ts)
 * replaces imports of the module at its start and compiles its own.
 */
let compiled: Promise<WebAssembly.Module> | undefined;
/** Node's global WebAssembly, whose value (not only its types) the server's libraries (no DOM) leave undeclared. */
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
).WebAssembly;
const pgliteWasmModule = () =>
  (compiled ??= readFile(
    path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'),
  ).then((bytes) => wasm.compile(bytes)));

function databaseThread(workerData: PgliteWorkerData): Worker {
  return startWorkerThread(new URL('./pglite-worker.ts', import.meta.url), { workerData });
}

/** The error the database's thread sent, made again here: a DatabaseError for PostgreSQL's own. */
function errorFrom(shape: ErrorShape): Error {
  const error = shape.database
    ? new messages.DatabaseError(shape.message, 0, 'error')
    : Object.assign(new Error(shape.message), { name: shape.name });
  Object.assign(error, shape.fields);
  if (shape.stack) error.stack = shape.stack;
  return error;
}

const PROBE = '\u0000text as it came';

/** Whether `parse` hands a value back unchanged (drizzle's `(value) => value`). */
function keepsText(parse: (value: string, type: number) => unknown, type: number): boolean {
  try {
    return parse(PROBE, type) === PROBE;
  } catch {
    return false;
  }
}

/**
 * Drizzle's options as they can cross: its parsers (for dates, times, intervals and their arrays) keep the text
 * as it came, which the other thread does again by type. A parser that does anything else cannot be sent.
 */
function shapeOf(options: QueryOptions | undefined): QueryShape | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options;
  if (Object.keys(rest).length > 0)
    throw new Error(`PGlite's thread does not take these query options: ${Object.keys(rest).join(', ')}`);
  if (!parsers) return { rowMode };
  const textTypes = Object.entries(parsers).map(([type, parse]) => {
    if (!keepsText(parse, Number(type)))
      throw new Error(
        `PGlite's thread keeps a type's text or parses it itself; type ${type} has another parser`,
      );
    return Number(type);
  });
  return { rowMode, textTypes };
}

type Request = PgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

export interface PgliteTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
}

export interface PgliteThread extends PgliteTransaction {
  transaction<T>(work: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** A tarball of the folder between two transactions, after a checkpoint. */
  snapshot(): Promise<Blob>;
  close(): Promise<void>;
}

export async function openPgliteThread(
  options: Omit<PgliteWorkerData, 'pgliteWasmModule'>,
): Promise<PgliteThread> {
  const workerData: PgliteWorkerData = options.dataDir.startsWith('memory://')
    ? { ...options, pgliteWasmModule: await pgliteWasmModule() }
    : options;
  const worker = databaseThread(workerData);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let ended: Error | null = null;

  // The thread keeps the process alive only while an answer is awaited, as PGlite in this thread did not at all.
  worker.unref();
  const settle = (id: number) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return waiting;
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: PgliteReply) => {
      if ('ready' in reply) return resolve();
      if ('failed' in reply) return reject(errorFrom(reply.failed));
      if ('notify' in reply) {
        for (const callback of listeners.get(reply.notify) ?? []) callback(reply.payload);
        return;
      }
      const waiting = settle(reply.id);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(errorFrom(reply.error));
    });
    const end = (error: Error) => {
      ended ??= error;
      reject(error);
      for (const id of [...pending.keys()]) settle(id)?.reject(error);
    };
    worker.on('error', end);
    worker.on('exit', (code) => end(new Error(`PGlite's thread ended (exit code ${code})`)));
  });
  worker.ref();
  await ready;
  worker.unref();

  const ask = <T>(request: Request): Promise<T> => {
    if (ended) return Promise.reject(ended);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };

  const executor = (tx?: number): PgliteTransaction => ({
    // async: options that cannot cross reject the query, as a database error would.
    query: async (sql, params, options) => ask({ op: 'query', sql, params, shape: shapeOf(options), tx }),
    exec: (sql) => ask({ op: 'exec', sql, tx }),
  });

  return {
    ...executor(),
    async transaction(work) {
      const tx = await ask<number>({ op: 'begin' });
      let result;
      try {
        result = await work(executor(tx));
      } catch (error) {
        await ask({ op: 'end', tx, commit: false });
        throw error;
      }
      await ask({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, callback) {
      let callbacks = listeners.get(channel);
      if (!callbacks) listeners.set(channel, (callbacks = new Set()));
      callbacks.add(callback);
      if (callbacks.size === 1) await ask({ op: 'listen', channel });
      return async () => {
        callbacks.delete(callback);
        if (callbacks.size > 0 || listeners.get(channel) !== callbacks) return;
        listeners.delete(channel);
        await ask({ op: 'unlisten', channel });
      };
    },
    snapshot: async () => new Blob([await ask<ArrayBuffer>({ op: 'snapshot' })]),
    async close() {
      if (ended) return;
      await ask({ op: 'close' });
      ended = new Error('PGlite is closed');
      await worker.terminate();
    },
  };
}
