import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { deleteAuditEntriesBefore, tryTransactionLock } from './audit-queries.js';

const DAY_MS = 86_400_000;
/** Retention is counted in days: an entry removed up to an hour late is nothing. */
export const PRUNE_INTERVAL_MS = 3_600_000;
/** Advisory lock taken while pruning, so that several servers on one PostgreSQL do not all do the same deletes. */
export const PRUNE_LOCK_KEY = 0x5c_400d;

/**
 * Other rows that go stale with time, removed in the same run and transaction: app.ts passes the sign-in failures
 * nobody is locked by any more (auth), so that this module, which auth writes to, need not import auth.
 */
export type AlsoPrune = (tx: Executor, now: Date) => Promise<void>;

/**
 * Removes audit entries older than the retention (docs/decisions/020-personal-data-in-the-audit-log.md), and what
 * `alsoPrune` removes. Answers how many entries went, or null when another process was already at it.
 */
export async function pruneAuditLog(
  db: Database,
  now: Date,
  retentionDays: number,
  alsoPrune?: AlsoPrune,
): Promise<number | null> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  return db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, PRUNE_LOCK_KEY))) return null;
    const removed = await deleteAuditEntriesBefore(tx, cutoff);
    await alsoPrune?.(tx, now);
    return removed;
  });
}

export interface AuditRetentionDeps {
  db: Database;
  clock: Clock;
  retentionDays: number;
  alsoPrune?: AlsoPrune;
}

/** Prunes once the server is ready, then every hour; a shutdown waits for a prune under way. */
export function addAuditRetention(
  app: FastifyInstance,
  { db, clock, retentionDays, alsoPrune }: AuditRetentionDeps,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const prune = () => {
    running = pruneAuditLog(db, clock(), retentionDays, alsoPrune).then(
      (removed) => {
        if (removed)
          app.log.info({ removed, retentionDays }, 'audit log: entries past their retention removed');
      },
      (error: unknown) => app.log.error({ err: error }, 'audit log: pruning failed'),
    );
  };
  app.addHook('onReady', async () => {
    prune();
    timer = setInterval(prune, PRUNE_INTERVAL_MS).unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
