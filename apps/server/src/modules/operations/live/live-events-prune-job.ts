import type { Clock } from '../../../lib/clock.js';
import type { ClaimedWork } from '../../platform/jobs/index.js';
import { pruneLiveEvents } from './live-queries.js';

/** How long the live stream's log keeps an event: a browser away longer reloads the day instead of replaying it. */
export const LIVE_EVENTS_KEPT_DAYS = 3;

const DAY_MS = 86_400_000;

/**
 * The live-events-prune job's work (daily, job-registry.ts): forgets live events older than LIVE_EVENTS_KEPT_DAYS.
 * The log exists for browsers that reconnect; what happened stays in the tables the events told of (ridership
 * events, positions, trip history, alerts).
 */
export function liveEventsPruneJob(clock: Clock): ClaimedWork {
  return {
    async run(tx) {
      const before = new Date(clock().getTime() - LIVE_EVENTS_KEPT_DAYS * DAY_MS);
      const pruned = await pruneLiveEvents(tx, before);
      return {
        summary: `${pruned} live events from before ${before.toISOString()} forgotten`,
        figures: { pruned, before: before.toISOString() },
      };
    },
  };
}
