import type { Alert } from '@school-transport/shared';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { tripInWords, type AlertService } from '../alerts/alert-service.js';
import type { LiveLog } from '../live/live-log.js';
import type { BoardService } from './board-service.js';

export interface LateCheckDeps {
  db: Database;
  clock: Clock;
  board: Pick<BoardService, 'running'>;
  /** A started trip more than this many minutes behind its plan raises LATE (ALERT_LATE_MINUTES). */
  lateMinutes: number;
  alerts: Pick<AlertService, 'raise'>;
  live: Pick<LiveLog, 'committed'>;
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The "running late" alert: a started trip whose lateness, as the board shows it (the next stop's estimate against
 * its plan, eta.ts), is beyond the setting. Run by the same timer as the other periodic alerts (alert-checks.ts)
 * on every API process; the unique cause `LATE:<trip>` raises it once per trip among them, however often it runs
 * and however much later the trip gets. The message names the route and run, never a child.
 */
export function createLateCheck({ db, clock, board, lateMinutes, alerts, live }: LateCheckDeps) {
  return {
    /** One look; answers the alerts it raised. */
    async run(): Promise<Alert[]> {
      const late = (await board.running()).filter(
        (trip) => trip.lateMinutes !== null && trip.lateMinutes > lateMinutes,
      );
      if (!late.length) return [];
      const now = clock();
      const raised = await db.transaction((tx) =>
        alerts.raise(
          tx,
          late.map((trip) => ({
            kind: 'LATE' as const,
            cause: `LATE:${trip.tripId}`,
            tripId: trip.tripId,
            message: `${sentenceCase(tripInWords(trip))} is running ${Math.round(trip.lateMinutes!)} min late.`,
            raisedAt: now,
          })),
        ),
      );
      if (raised.length) live.committed();
      return raised;
    },
  };
}
export type LateCheck = ReturnType<typeof createLateCheck>;
