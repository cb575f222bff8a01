import type { Clock } from '../../lib/clock.js';
import type { DailyJob } from './daily-job-service.js';
import { pruneFinishedNotifications, prunePositions, pruneRidershipEvents } from './retention-queries.js';

/** Sent or given-up notifications are kept this long: they name children, and only explain a recent push. */
export const NOTIFICATIONS_KEPT_DAYS = 30;

const DAY_MS = 86_400_000;

export interface RetentionSettings {
  /** RIDERSHIP_RETENTION_DAYS: boardings, alightings and no-shows. */
  ridershipDays: number;
  /** POSITION_RETENTION_DAYS: the buses' positions. */
  positionDays: number;
}

/**
 * Removes what the product no longer needs to keep about children's journeys (the parent portal's privacy
 * promise): ridership events and positions past their retention, and finished notifications after
 * NOTIFICATIONS_KEPT_DAYS. Trips and their stop timelines stay: they name no child.
 */
export function retentionJob(clock: Clock, settings: RetentionSettings): DailyJob {
  return {
    name: 'retention',
    async run(tx) {
      const now = clock().getTime();
      const ridershipBefore = new Date(now - settings.ridershipDays * DAY_MS);
      const positionsBefore = new Date(now - settings.positionDays * DAY_MS);
      const notificationsBefore = new Date(now - NOTIFICATIONS_KEPT_DAYS * DAY_MS);
      const ridership = await pruneRidershipEvents(tx, ridershipBefore);
      const positions = await prunePositions(tx, positionsBefore);
      const notifications = await pruneFinishedNotifications(tx, notificationsBefore);
      return {
        summary: `${ridership} ridership events, ${positions} positions and ${notifications} finished notifications removed`,
        figures: {
          ridership,
          positions,
          notifications,
          ridershipBefore: ridershipBefore.toISOString(),
          positionsBefore: positionsBefore.toISOString(),
          notificationsBefore: notificationsBefore.toISOString(),
        },
      };
    },
  };
}
