import type { AlertKind } from '@school-transport/shared';
import type { Executor } from '../../db/client.js';
import { alerts } from '../../db/schema/index.js';

/** The SQL of alerts (rules in alert-service.ts). */

export interface AlertInput {
  kind: AlertKind;
  /** One alert per cause: for example `WRONG_BUS:<trip>:<child>` or `LATE:<trip>`. */
  cause: string;
  tripId: string | null;
  studentId?: string | null;
  /** Says what happened without naming the child (their name is read from their record when shown). */
  message: string;
  raisedAt: Date;
}

/**
 * Raises each alert whose cause has none yet (insert … on conflict do nothing), in the caller's transaction, so
 * checks that run on every API process, or twice, raise it once. Answers the ids of the alerts it raised.
 */
export async function raiseAlerts(
  tx: Executor,
  inputs: AlertInput[],
): Promise<{ id: string; cause: string }[]> {
  if (!inputs.length) return [];
  return tx
    .insert(alerts)
    .values(inputs.map((input) => ({ ...input, studentId: input.studentId ?? null })))
    .onConflictDoNothing({ target: alerts.cause })
    .returning({ id: alerts.id, cause: alerts.cause });
}
