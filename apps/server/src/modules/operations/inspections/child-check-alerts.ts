import { CHILD_CHECK_DUE_MINUTES, type Alert } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { addDays, zonedClockTime, zonedDate } from '../../../lib/zoned-time.js';
import { type AlertService, tripInWords } from '../alerts/index.js';
import type { LiveLog } from '../live/index.js';
import { uncheckedLastTrips } from './inspection-queries.js';

export interface ChildCheckAlertDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  alerts: Pick<AlertService, 'raise'>;
  live: Pick<LiveLog, 'committed'>;
  /** Minutes after the last trip's finish; CHILD_CHECK_DUE_MINUTES unless a test says otherwise. */
  dueMinutes?: number;
}

/**
 * CHILD_CHECK_MISSING: a vehicle's last trip of the day finished N minutes ago and nobody confirmed the bus is empty.
 * Run as the child-check-alerts job (job-registry.ts) in every process; the cause (the trip) raises it once.
 */
export function createChildCheckAlerts({
  db,
  clock,
  timeZone,
  alerts,
  live,
  dueMinutes = CHILD_CHECK_DUE_MINUTES,
}: ChildCheckAlertDeps) {
  return {
    async run(): Promise<Alert[]> {
      const now = clock();
      const today = zonedDate(now, timeZone);
      const raised = await db.transaction(async (tx) => {
        // Yesterday too: a trip finished just before midnight is due after it.
        const unchecked = await uncheckedLastTrips(
          tx,
          [addDays(today, -1), today],
          new Date(now.getTime() - dueMinutes * 60_000),
        );
        return alerts.raise(
          tx,
          unchecked.map((trip) => ({
            kind: 'CHILD_CHECK_MISSING' as const,
            cause: `CHILD_CHECK_MISSING:${trip.tripId}`,
            tripId: trip.tripId,
            message: `No child check on ${trip.vehiclePlate} after ${tripInWords(trip)} (finished ${zonedClockTime(trip.completedAt!, timeZone)}): make sure nobody is left on board.`,
            raisedAt: now,
          })),
        );
      });
      if (raised.length) live.committed();
      return raised;
    },
  };
}
