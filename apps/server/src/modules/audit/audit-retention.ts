import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Database } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { pruneLoginFailures } from '../auth/login-failures.js';

const DAY_MS = 86_400_000;
/** Retention is counted in days: an entry removed up to an hour late is nothing. */
export const PRUNE_INTERVAL_MS = 3_600_000;
/** Advisory lock taken while pruning, so that several servers on one PostgreSQL do not all do the same deletes. */
export const PRUNE_LOCK_KEY = 0x5c_400d;

/**
 * Removes audit entries older than the retention (docs/decisions/020-personal-data-in-the-audit-log.md), and
 * sign-in failures nobody is locked by any more. Answers how many entries went, or null when another process was
 * already at it.
 */
export async function pruneAuditLog(db: Database, now: Date, retentionDays: number): Promise<number | null> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK_KEY}) as locked`,
    );
    if (!lock?.locked) return null;
    const [removed] = await queryRows<{ n: number }>(
      tx,
      sql`with gone as (delete from ${auditLog} where ${auditLog.createdAt} < ${cutoff} returning 1)
          select count(*)::int as n from gone`,
    );
    await pruneLoginFailures(tx, now);
    return removed?.n ?? 0;
  });
}

/** Prunes once the server is ready, then every hour; a shutdown waits for a prune under way. */
export function addAuditRetention(
  app: FastifyInstance,
  { db, clock, retentionDays }: { db: Database; clock: Clock; retentionDays: number },
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const prune = () => {
    running = pruneAuditLog(db, clock(), retentionDays).then(
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
