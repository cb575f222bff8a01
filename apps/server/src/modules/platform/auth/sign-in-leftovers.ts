import type { Executor } from '../../../db/client.js';
import { pruneLoginFailures } from './login-failure-queries.js';
import { pruneWebauthnChallenges } from './passkey-queries.js';
import { pruneChallenges } from './second-factor-queries.js';

/**
 * What signing in leaves behind once nobody needs it: failures nobody is locked by any more, second-factor steps and
 * passkey challenges that have run out. Pruned by the audit-retention job, in its transaction.
 */
export async function pruneSignInLeftovers(tx: Executor, now: Date): Promise<void> {
  await pruneLoginFailures(tx, now);
  await pruneChallenges(tx, now);
  await pruneWebauthnChallenges(tx, now);
}
