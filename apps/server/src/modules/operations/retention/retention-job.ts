import type { Clock } from '../../../lib/clock.js';
import type { ClaimedWork } from '../../platform/jobs/index.js';
import { CALENDAR_CANCEL_REASON } from '../trips/index.js';
import {
  blankOldReasons,
  pruneEndedSessions,
  pruneFinishedNotifications,
  prunePositions,
  pruneRidershipEvents,
} from './retention-queries.js';

/** Sent or given-up notifications are kept this long: they name children, and only explain a recent push. */
export const NOTIFICATIONS_KEPT_DAYS = 30;
/**
 * Ended sessions (revoked or expired) are kept this long: long enough to answer "was that sign-in mine?" from the
 * account's session list and the audit log, then their client address and user agent go.
 */
export const ENDED_SESSIONS_KEPT_DAYS = 30;

const DAY_MS = 86_400_000;

export interface RetentionSettings {
  /** RIDERSHIP_RETENTION_DAYS: boardings, alightings and no-shows. */
  ridershipDays: number;
  /** POSITION_RETENTION_DAYS: the buses' positions. */
  positionDays: number;
  /** AUDIT_RETENTION_DAYS: free-text reasons and notes, blanked after it. */
  reasonDays: number;
}

/**
 * The retention job's work (daily, job-registry.ts): removes what the product no longer needs to keep about people
 * (the parent portal's privacy promise, decision 020's addendum): ridership events and positions past their
 * retention, finished notifications after NOTIFICATIONS_KEPT_DAYS, ended sessions after ENDED_SESSIONS_KEPT_DAYS;
 * and blanks free-text reasons and notes about a day older than the audit log's retention (they may name a child, a
 * family's circumstances, a driver). Trips and their stop timelines stay: they name no child.
 */
export function retentionJob(clock: Clock, settings: RetentionSettings): ClaimedWork {
  return {
    async run(tx) {
      const now = clock().getTime();
      const ridershipBefore = new Date(now - settings.ridershipDays * DAY_MS);
      const positionsBefore = new Date(now - settings.positionDays * DAY_MS);
      const notificationsBefore = new Date(now - NOTIFICATIONS_KEPT_DAYS * DAY_MS);
      const sessionsBefore = new Date(now - ENDED_SESSIONS_KEPT_DAYS * DAY_MS);
      const reasonsBefore = new Date(now - settings.reasonDays * DAY_MS);
      // The day of an absence or a trip is compared with the cutoff's UTC day: hours either way do not matter to
      // a retention counted in hundreds of days.
      const reasonsBeforeDay = reasonsBefore.toISOString().slice(0, 10);
      const ridership = await pruneRidershipEvents(tx, ridershipBefore);
      const positions = await prunePositions(tx, positionsBefore);
      const notifications = await pruneFinishedNotifications(tx, notificationsBefore);
      const sessions = await pruneEndedSessions(tx, sessionsBefore);
      const reasons = await blankOldReasons(tx, {
        beforeDay: reasonsBeforeDay,
        before: reasonsBefore,
        keep: CALENDAR_CANCEL_REASON,
      });
      return {
        summary:
          `${ridership} ridership events, ${positions} positions, ${notifications} finished notifications and ` +
          `${sessions} ended sessions removed; ${reasons} old reasons blanked`,
        figures: {
          ridership,
          positions,
          notifications,
          sessions,
          reasons,
          ridershipBefore: ridershipBefore.toISOString(),
          positionsBefore: positionsBefore.toISOString(),
          notificationsBefore: notificationsBefore.toISOString(),
          sessionsBefore: sessionsBefore.toISOString(),
          reasonsBefore: reasonsBeforeDay,
        },
      };
    },
  };
}
