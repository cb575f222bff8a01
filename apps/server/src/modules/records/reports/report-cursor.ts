import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../../db/client.js';
import { withReportMemory } from './reports-queries.js';

/** Rows fetched from the cursor per round trip: a few hundred KB of CSV, so memory stays flat. */
export const CURSOR_BATCH = 2_000;

/** Thrown into the cursor's transaction when the reader went away, so that it rolls back and ends. */
class ReaderGone extends Error {}

export interface CursorRows<Row> {
  /** Settles once the statement has run and its first batch is read: a failure before any row is sent. */
  ready: Promise<void>;
  /** The rows, a fetch's batch at a time: the CSV writes a batch as one piece of text. */
  batches: AsyncGenerator<Row[]>;
  /** Ends the read early (the reply closed before its stream was read): the transaction rolls back. */
  stop: () => void;
}

/**
 * A report's rows read through a server-side cursor (DECLARE … FETCH, in the report's transaction), a batch at a
 * time and only as fast as they are consumed: at most two batches wait in memory, whatever the report's size. The
 * statement comes from `statement(tx)` (it may read settings first). A reader that stops early (a client that went
 * away: the CSV stream is destroyed, the generator's `finally` runs) rolls the transaction back.
 */
export function cursorRows<Row>(db: Database, statement: (tx: Executor) => Promise<SQL>): CursorRows<Row> {
  const waiting: Row[][] = [];
  let finished = false;
  let failure: unknown;
  let stopped = false;
  let wakeReader: (() => void) | undefined;
  let wakeWriter: (() => void) | undefined;
  let markReady: () => void = () => undefined;
  let failReady: (error: unknown) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  // Unawaited until the reader needs it; a failure reaches the reader through `ready` or the generator.
  ready.catch(() => undefined);
  const wake = () => {
    wakeReader?.();
    wakeReader = undefined;
  };

  const work = withReportMemory(db, async (tx) => {
    await tx.execute(sql`declare report_rows no scroll cursor for ${await statement(tx)}`);
    for (;;) {
      if (stopped) throw new ReaderGone();
      const batch = await queryRows<Row>(
        tx,
        sql`fetch forward ${sql.raw(String(CURSOR_BATCH))} from report_rows`,
      );
      waiting.push(batch);
      markReady();
      wake();
      if (batch.length < CURSOR_BATCH) return;
      while (waiting.length >= 2 && !stopped) await new Promise<void>((resolve) => (wakeWriter = resolve));
    }
  }).then(
    () => {
      finished = true;
      wake();
    },
    (error: unknown) => {
      failure = error;
      finished = true;
      failReady(error);
      wake();
    },
  );

  async function* batches(): AsyncGenerator<Row[]> {
    try {
      for (;;) {
        const batch = waiting.shift();
        if (batch) {
          wakeWriter?.();
          if (batch.length > 0) yield batch;
        } else if (finished) {
          if (failure !== undefined && !(failure instanceof ReaderGone)) throw failure;
          return;
        } else {
          await new Promise<void>((resolve) => (wakeReader = resolve));
        }
      }
    } finally {
      stop();
      await work;
    }
  }
  const stop = () => {
    stopped = true;
    wakeWriter?.();
  };
  return { ready, batches: batches(), stop };
}
