import type { Alert } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { addDays, zonedClockTime, zonedDate } from '../../../lib/zoned-time.js';
import type { LiveLog } from '../live/index.js';
import { overdueTrips, silentStartedTrips } from './alert-queries.js';
import { tripInWords, type AlertService } from './alert-service.js';

/** A started trip with no position for this long raises NO_POSITION. */
export const NO_POSITION_MS = 2 * 60_000;

export interface AlertChecksDeps {
  db: Database;
  clock: Clock;
  /** The operator's time zone: which trips are today's, and the planned time in a message. */
  timeZone: string;
  /** A PENDING trip this many minutes past its planned start raises NOT_STARTED (ALERT_NOT_STARTED_MINUTES). */
  notStartedMinutes: number;
  alerts: Pick<AlertService, 'raise'>;
  live: Pick<LiveLog, 'committed'>;
}

/**
 * The alerts nobody's action raises, only time passing: a started trip the office has not heard from for two
 * minutes (NO_POSITION), a trip of today still not started N minutes after its planned start (NOT_STARTED). Every
 * API process runs them (the alert-checks job, job-registry.ts); the unique cause raises each alert once among
 * them, however often they run.
 */
export function createAlertChecks({ db, clock, timeZone, notStartedMinutes, alerts, live }: AlertChecksDeps) {
  return {
    /** One look, in one transaction; answers the alerts it raised. */
    async run(): Promise<Alert[]> {
      const now = clock();
      const today = zonedDate(now, timeZone);
      const raised = await db.transaction(async (tx) => {
        const silentSince = new Date(now.getTime() - NO_POSITION_MS);
        const silent = await silentStartedTrips(tx, [addDays(today, -1), today], silentSince);
        const overdue = await overdueTrips(tx, today, new Date(now.getTime() - notStartedMinutes * 60_000));
        return alerts.raise(tx, [
          ...silent.map((trip) => ({
            kind: 'NO_POSITION' as const,
            cause: `NO_POSITION:${trip.id}`,
            tripId: trip.id,
            message: `No position from ${tripInWords(trip)} for ${NO_POSITION_MS / 60_000} minutes.`,
            raisedAt: now,
          })),
          ...overdue.map((trip) => ({
            kind: 'NOT_STARTED' as const,
            cause: `NOT_STARTED:${trip.id}`,
            tripId: trip.id,
            message: `Not started: ${tripInWords(trip)} was planned for ${zonedClockTime(trip.plannedStartAt!, timeZone)}.`,
            raisedAt: now,
          })),
        ]);
      });
      if (raised.length) live.committed();
      return raised;
    },
  };
}
export type AlertChecks = ReturnType<typeof createAlertChecks>;
