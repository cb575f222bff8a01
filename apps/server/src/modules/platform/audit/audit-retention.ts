import type { Executor } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { ClaimedWork } from '../jobs/index.js';
import { deleteAuditEntriesBefore } from './audit-queries.js';

const DAY_MS = 86_400_000;

/**
 * Other rows that go stale with time, removed in the same run and transaction: the platform wing passes the sign-in
 * failures and challenges nobody needs any more (auth), so that this module, which auth writes to, need not import
 * auth.
 */
export type AlsoPrune = (tx: Executor, now: Date) => Promise<void>;

export interface AuditRetentionDeps {
  clock: Clock;
  retentionDays: number;
  alsoPrune?: AlsoPrune;
}

/**
 * The audit-retention job's work (job-registry.ts): removes audit entries older than the retention
 * (docs/decisions/020-personal-data-in-the-audit-log.md), and what `alsoPrune` removes.
 */
export function auditRetentionJob({ clock, retentionDays, alsoPrune }: AuditRetentionDeps): ClaimedWork {
  return {
    async run(tx) {
      const now = clock();
      const removed = await deleteAuditEntriesBefore(tx, new Date(now.getTime() - retentionDays * DAY_MS));
      await alsoPrune?.(tx, now);
      return {
        summary: `${removed} audit entries past their retention removed`,
        figures: { removed, retentionDays },
        idle: removed === 0,
      };
    },
  };
}
