import type { Executor } from '../../../db/client.js';
import { auditLog } from '../../../db/schema/index.js';
import type { ChangeActor } from '../../../lib/change-context.js';

export type AuditActor = ChangeActor;

export interface AuditEntry {
  actor: AuditActor | null;
  action: string;
  entityType?: string;
  entityId?: string;
  details?: Record<string, unknown>;
  ip?: string;
}

/** Pass the transaction of the change itself, so the change and its audit entry land together or not at all. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}

/** The fields whose value differs, as { field: { from, to } }: what an update entry records. */
export function changedFields<T extends object>(
  before: T,
  after: Partial<T>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = (before as Record<string, unknown>)[field];
    if (to !== undefined && String(from) !== String(to)) changes[field] = { from, to };
  }
  return changes;
}
