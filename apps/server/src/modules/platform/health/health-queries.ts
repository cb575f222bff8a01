import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../db/client.js';
import { serverSecrets } from '../../../db/schema/index.js';

/**
 * The write probe's statement: a row in a small table, under a new name each time, so two probes (two servers on
 * one PostgreSQL) never wait for each other. The caller rolls it back (health-service.ts).
 */
export async function insertProbeRow(tx: Executor): Promise<void> {
  await tx.insert(serverSecrets).values({ name: `health-probe-${randomUUID()}`, value: '' });
}
