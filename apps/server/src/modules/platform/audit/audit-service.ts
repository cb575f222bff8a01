import type { AuditEntry, AuditQuery } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { listAuditEntries } from './audit-queries.js';

/** Reading the audit log: who acted stays an e-mail address (the account id is not shown). */
export function createAuditService({ db }: { db: Database }) {
  return {
    async list(query: AuditQuery) {
      const { rows, total } = await listAuditEntries(db, query);
      const entries: AuditEntry[] = rows.map(({ actorId: _actorId, ...row }) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
      }));
      return { rows: entries, total };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
